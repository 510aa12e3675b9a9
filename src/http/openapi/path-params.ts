import { z } from "@hono/zod-openapi";
import { idParam } from "./common-schemas";

/** The path parameters most routes share, each described once. */
export const OrgParams = z.object({ orgId: idParam("orgId", "org", "The organisation.") });
export const EventParams = z.object({ eventId: idParam("eventId", "evt", "The event.") });
export const SessionParams = z.object({ sessionId: idParam("sessionId", "ses", "The prelim session.") });
export const RoundParams = z.object({ roundId: idParam("roundId", "rnd", "The round.") });
export const TableParams = z.object({ tableId: idParam("tableId", "tbl", "The table.") });
export const PlayerParams = z.object({ playerId: idParam("playerId", "ply", "The player.") });
export const SeriesParams = z.object({ seriesId: idParam("seriesId", "ser", "The series.") });
