// The public face of this group: other folders import only from here.

export { createEvent, getEvent } from "./events";
export { listRegistrations, registerPlayers } from "./registrations";
export { createSession, getSession, listSessions, loadSessionScope, writableSession } from "./sessions";
export { describeStructure, uniqueParticipantsSql } from "./summary";
