/**
 * Reproducible lots (docs/rules.md#lots): a player's lot is the first 16 hex digits of
 * SHA-256("<lotSeed>:<playerId>"), and the lower lot ranks higher. The seed is public, so
 * anyone can re-check an order decided by lots, e.g. in a shell:
 *   printf '%s' "<lotSeed>:<playerId>" | sha256sum | cut -c1-16
 * node:crypto's hash is synchronous and about a microsecond per player, on Node and on Workers
 * (nodejs_compat), so lots are computed where they are compared, never kept.
 */
import { createHash } from "node:crypto";

/** 16 lowercase hex digits: the first 8 bytes of SHA-256("<lotSeed>:<playerId>"). */
export function lotFor(lotSeed: string, playerId: string): string {
  return createHash("sha256").update(`${lotSeed}:${playerId}`).digest("hex").slice(0, 16);
}

/** The `lotOf` the domain's rankings take, for one seed. */
export function lotsOf(lotSeed: string): (playerId: string) => string {
  return (playerId) => lotFor(lotSeed, playerId);
}
