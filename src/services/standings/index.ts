// The public face of this group: other folders import only from here.

export { scoreStoredGame } from "./data";
export { lotFor, lotsOf } from "./lots";
export {
  eventStandings,
  getEventStandings,
  getQualification,
  getSessionStandings,
  loadEventStandingsScope,
  loadSessionStandingsScope,
  qualification,
  rankQualification,
  rankSession,
  type SessionStandingsScope,
  type StandingsScope,
  sessionStandings,
} from "./rankings";
export {
  type DisqualifiedRowDto,
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
