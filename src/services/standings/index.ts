// The public face of this group: other folders import only from here.

export { scoreStoredGame } from "./data";
export { lotFor, lotsOf } from "./lots";
export {
  type DisqualifiedRowDto,
  type EventStandingsDto,
  type EventStandingsRowDto,
  eventStandings,
  getEventStandings,
  getQualification,
  getSessionStandings,
  loadEventStandingsScope,
  loadSessionStandingsScope,
  type QualificationDto,
  qualification,
  rankQualification,
  rankSession,
  type SessionStandingsDto,
  type SessionStandingsScope,
  type StandingsRowDto,
  type StandingsScope,
  sessionStandings,
} from "./rankings";
