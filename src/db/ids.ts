/** Type prefixes of the public ids (API.md): ids are opaque strings, but the prefix tells what they are. */
export type IdPrefix =
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
  | "msg";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * ULID-style ids (48-bit time + 80 random bits, Crockford base32): they sort by creation
 * time, which keeps cursor pagination stable without a second sort column.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let random = "";
  for (const byte of bytes) random += CROCKFORD[byte % 32];
  return `${prefix}_${time}${random}`;
}
