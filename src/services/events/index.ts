// The public face of this group: other folders import only from here.

export {
  type Attendance,
  bumpRankingsVersion,
  bumpResultsVersion,
  checkIn,
  loadAttendance,
  noShowStatements,
  playersOfGame,
  registrationStatus,
  toAttendance,
  undoCheckIn,
  usesCheckIn,
} from "./attendance";
export { createEvent, getEvent, listEvents, updateEvent } from "./events";
export { exclusionsInForce } from "./exclusions-in-force";
export { addAvoidPair, addStaff, listAvoidPairs, listStaff, removeStaff } from "./people";
export { listPublicEvents, type PublicEventSummary } from "./public";
export { listRegistrations, registerPlayers, sessionRoster, unregisterPlayer } from "./registrations";
export {
  createSession,
  getSession,
  listSessions,
  loadSessionScope,
  type SessionDto,
  sessionAudit,
  startInstant,
  updateSession,
  writableSession,
} from "./sessions";
export {
  type EventPhase,
  noRefereeWarning,
  refereeWarnings,
  uniqueParticipantsSql,
} from "./summary";
