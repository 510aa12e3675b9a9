import type { Context } from "hono";
import {
  assertWithinLimit,
  type ClientActor,
  type ClientLimit,
  hasPermission,
  type Permission,
  type Role,
  requirePermission,
} from "../../services/access";
import type { EndedSession } from "../../services/auth";
import { ServiceError } from "../../services/errors";
import type { AppEnv } from "../context";
import { type PageContext, pageContext } from "../pages/page-context";
import { type ConsoleMessages, consoleMessages } from "./i18n";

/** The signed-in device, as the console shows it. */
export interface Device {
  sessionId: string;
  clientId: string;
  name: string;
  orgId: string;
  role: Role;
  limit: ClientLimit | undefined;
}

/** What every console view needs: the pages' context (language, links, dates) and the device. */
export interface ConsoleContext {
  p: PageContext;
  m: ConsoleMessages;
  device: Device | null;
  /** Why the device was signed out by this request, if it was. */
  ended: EndedSession | undefined;
  /** Whether the device's role carries the permission: what decides which controls are shown. */
  can(permission: Permission): boolean;
}

export function consoleContext(c: Context<AppEnv>): ConsoleContext {
  const p = pageContext(c);
  const actor = c.get("actor");
  const session = c.get("deviceSession");
  const device: Device | null =
    session && actor.kind === "client" && actor.orgId
      ? {
          sessionId: session.id,
          clientId: actor.clientId,
          name: session.name,
          orgId: actor.orgId,
          role: actor.role,
          limit: actor.limit,
        }
      : null;
  return {
    p,
    m: consoleMessages(p.lang),
    device,
    ended: c.get("deviceSessionEnded"),
    can: (permission) => device !== null && hasPermission(actor, permission),
  };
}

function clientOf(device: Device): ClientActor {
  return {
    kind: "client",
    clientId: device.clientId,
    orgId: device.orgId,
    role: device.role,
    ...(device.limit ? { limit: device.limit } : {}),
  };
}

/**
 * What a page may show this device: a device limited to one session or event is shown nothing
 * else (the API's own refusal, `outside_client_scope`, even where the public could read it); a
 * page that needs a right the role lacks answers `insufficient_role`, as the API would.
 */
export function assertConsoleReach(
  cx: ConsoleContext,
  target: { eventId: string; sessionId?: string | null },
  permission?: Permission,
): void {
  const client = clientOf(cx.device!);
  assertWithinLimit(client, target, "be shown nothing else in the console");
  if (permission) requirePermission(client, permission);
}

/** A scorer's phone enters sheets and sees its tables; the rest of the console is not for it. */
export function assertNotScorer(cx: ConsoleContext): void {
  if (cx.device?.role === "reporter") {
    throw new ServiceError(
      "forbidden",
      "insufficient_role",
      "The role 'reporter' enters result sheets and sees its tables; this page is for other roles.",
    );
  }
}
