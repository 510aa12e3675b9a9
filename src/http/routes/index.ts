import { attendanceRouter } from "./attendance";
import { authRouter } from "./auth";
import { boardsRouter } from "./boards";
import { calendarsRouter } from "./calendars";
import { changesRouter } from "./changes";
import { clientsRouter } from "./clients";
import { conductRouter } from "./conduct";
import { devicesRouter } from "./devices";
import { discordRouter } from "./discord";
import { eventPeopleRouter } from "./event-people";
import { eventsRouter } from "./events";
import { exportRouter } from "./export";
import { healthRouter } from "./health";
import { orgsRouter } from "./orgs";
import { playersRouter } from "./players";
import { playoffsRouter } from "./playoffs";
import { problemsRouter } from "./problems";
import { ratingsRouter } from "./ratings";
import { roundsRouter } from "./rounds";
import { seriesRouter } from "./series";
import { sessionsRouter } from "./sessions";
import { standingsRouter } from "./standings";
import { tablesRouter } from "./tables";
import { webhooksRouter } from "./webhooks";
import { wellKnownRouter } from "./well-known";

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
