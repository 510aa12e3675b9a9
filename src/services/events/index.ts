// The public face of this group: other folders import only from here.

export { createEvent, getEvent } from "./events";
export { listPublicEvents, type PublicEventSummary } from "./public";
export { listRegistrations, registerPlayers } from "./registrations";
export { createSession, getSession, listSessions, loadSessionScope, writableSession } from "./sessions";
export { describeStructure, uniqueParticipantsSql } from "./summary";
