// The public face of this group: other folders import only from here.

export { scoreStoredGame } from "./data";
export {
  type EventStandingsDto,
  getEventStandings,
  getQualification,
  getSessionStandings,
  type QualificationDto,
  rankQualification,
  rankSession,
  type SessionStandingsDto,
} from "./rankings";
