import { attendanceRouter } from "./attendance/attendance.handlers";
import { authRouter } from "./auth/auth.handlers";
import { boardsRouter } from "./boards/boards.handlers";
import { calendarsRouter } from "./calendars/calendars.handlers";
import { changesRouter } from "./changes/changes.handlers";
import { clientsRouter } from "./clients/clients.handlers";
import { conductRouter } from "./conduct/conduct.handlers";
import { devicesRouter } from "./devices/devices.handlers";
import { discordRouter } from "./discord";
import { eventPeopleRouter } from "./event-people/event-people.handlers";
import { eventsRouter } from "./events/events.handlers";
import { exportRouter } from "./export/export.handlers";
import { healthRouter } from "./health/health.handlers";
import { orgsRouter } from "./orgs/orgs.handlers";
import { playersRouter } from "./players/players.handlers";
import { playoffsRouter } from "./playoffs/playoffs.handlers";
import { problemsRouter } from "./problems/problems.handlers";
import { ratingsRouter } from "./ratings/ratings.handlers";
import { roundsRouter } from "./rounds/rounds.handlers";
import { seriesRouter } from "./series/series.handlers";
import { sessionsRouter } from "./sessions/sessions.handlers";
import { standingsRouter } from "./standings/standings.handlers";
import { tablesRouter } from "./tables/tables.handlers";
import { webhooksRouter } from "./webhooks/webhooks.handlers";
import { wellKnownRouter } from "./well-known/well-known.handlers";

/** Every API router, mounted at the root by createApp (each route carries its full path). */
export const apiRouters = [
  healthRouter,
  authRouter,
  orgsRouter,
  clientsRouter,
  devicesRouter,
  playersRouter,
  eventsRouter,
  eventPeopleRouter,
  sessionsRouter,
  attendanceRouter,
  standingsRouter,
  tablesRouter,
  conductRouter,
  roundsRouter,
  playoffsRouter,
  boardsRouter,
  changesRouter,
  calendarsRouter,
  exportRouter,
  seriesRouter,
  ratingsRouter,
  webhooksRouter,
  discordRouter,
  problemsRouter,
  wellKnownRouter,
];
