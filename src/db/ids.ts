import { monotonicFactory } from "ulidx";

/** Type prefixes of the public ids: ids are opaque strings, but the prefix tells what they are. */
type IdPrefix =
  | "org"
  | "cli"
  | "ply"
  | "evt"
  | "ses"
  | "rnd"
  | "tbl"
  | "dsq"
  | "aud"
  | "ser"
  | "dsp"
  | "scf"
  | "whk"
  | "dlv"
  | "msg"
  | "cal"
  | "wrn"
  | "exc"
  | "dlr"
  | "dpr"
  | "dvs";

/**
 * One monotonic ULID factory per process (per isolate on Workers): ids made in the same
 * millisecond still sort in creation order (the random part is incremented, not redrawn), so
 * cursor pagination by id lists rows exactly in the order they were created.
 */
const ulid = monotonicFactory();

/** `<prefix>_<ULID>`: 48-bit time + 80 bits, Crockford base32, sortable by creation. */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${ulid(now)}`;
}
