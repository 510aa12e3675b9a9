// The public face of this group: other folders import only from here.

export {
  assertEventReadable,
  assertEventWritable,
  canReadEvent,
  loadScopedEvent,
  readableEvent,
  type ScopedEvent,
  scopedEventColumns,
  toScopedEvent,
  writableEvent,
} from "./events";
export { assertOrgReadable, assertOrgWritable } from "./orgs";
export {
  type Actor,
  ANONYMOUS,
  assertCanRead,
  assertCanWrite,
  assertWriteWithin,
  canReadOrg,
  listScope,
  ORG_ROLES,
  type OrgRole,
  orgSubtree,
  type Permission,
  ROLES,
  type Role,
  requireClient,
  requirePermission,
  SYSTEM_ACTOR,
} from "./permissions";
