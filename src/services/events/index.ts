// The public face of this group: other folders import only from here.

export {
  type Attendance,
  bumpRankingsVersion,
  checkIn,
  loadAttendance,
  noShowStatements,
  playersOfGame,
  type RegistrationStatus,
  registrationStatus,
  toAttendance,
  undoCheckIn,
  usesCheckIn,
} from "./attendance";
export { createEvent, getEvent } from "./events";
export { listPublicEvents, type PublicEventSummary } from "./public";
export { listRegistrations, registerPlayers } from "./registrations";
export { createSession, getSession, listSessions, loadSessionScope, writableSession } from "./sessions";
export { describeStructure, uniqueParticipantsSql } from "./summary";
