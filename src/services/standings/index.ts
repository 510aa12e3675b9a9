// The public face of this group: other folders import only from here.

export { scoreStoredGame } from "./data";
export { lotsOf } from "./lots";
export {
  eventStandings,
  getEventStandings,
  getQualification,
  getSessionStandings,
  qualification,
  rankQualification,
  rankSession,
  sessionStandings,
} from "./rankings";
export {
  DisqualifiedRowSchema,
  type EventStandingsDto,
  EventStandingsRowSchema,
  EventStandingsSchema,
  type QualificationDto,
  QualificationSchema,
  type SessionStandingsDto,
  SessionStandingsSchema,
  type StandingsRowDto,
  StandingsRowSchema,
} from "./schemas";
export { loadEventStandingsScope, loadSessionStandingsScope, type StandingsScope } from "./scope";
