// The public face of this group: other folders import only from here.
// What a write records (the outbox rows, in the write's own batch) and how the outbox is read back.

export { type CommittedChanges, committedChanges, RETURNED_DELIVERY } from "./committed";
export * from "./event-changes";
export * from "./event-types";
export * from "./org-changes";
export * from "./payloads";
export { outboxStatements } from "./record";
export { pruneOutbox } from "./retention";
export { standingsChangedStatements } from "./standings-notice";
