// The public face of this group: other folders import only from here.

export { scoreStoredGame } from "./data";
export { lotLookup, lotsFor } from "./lots";
export {
  type EventStandingsDto,
  eventStandings,
  getEventStandings,
  getQualification,
  getSessionStandings,
  type QualificationDto,
  rankQualification,
  rankSession,
  type SessionStandingsDto,
  type SessionStandingsScope,
  type StandingsScope,
  sessionStandings,
} from "./rankings";
export { sessionRecordStatements } from "./session-records";
