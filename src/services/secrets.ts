/**
 * Random values and SHA-256 digests, one way for every service: Web Crypto, which both runtimes
 * have, through jose's base64url and Hono's hex digest.
 */
import { sha256 } from "hono/utils/crypto";
import { base64url } from "jose";

/** `bytes` random bytes as lowercase hex (seeds; not secrets a client presents). */
export const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

/** 256 random bits after `prefix`, base64url: a plain SHA-256 is enough to store it (no dictionary to attack). */
export const newSecret = (prefix = "") =>
  prefix + base64url.encode(crypto.getRandomValues(new Uint8Array(32)));

/** 12 characters of Crockford base32 (60 bits), shown as XXXX-XXXX-XXXX: a code people type in. */
export function newTypedCode(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const chars = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => alphabet[b & 31]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** Hex SHA-256 (Hono's `sha256` is null only without Web Crypto, which every runtime here has). */
export const sha256Hex = async (data: string | Uint8Array) => (await sha256(data))!;
