/**
 * Discord signs each interaction with the application's Ed25519 key over
 * `X-Signature-Timestamp + raw body`; the endpoint answers nothing before that checks out. The
 * timestamp bounds replays: a captured request is refused once it is 5 minutes old.
 */
import { verifyKey } from "discord-interactions";
import { ServiceError } from "../errors";

/** How old (or how far ahead of this server's clock) a signed timestamp may be. */
export const MAX_SIGNATURE_AGE_SECONDS = 5 * 60;

const HEX_SIGNATURE = /^[0-9a-f]{128}$/i;
export const HEX_PUBLIC_KEY = /^[0-9a-f]{64}$/i;

export const invalidSignature = (why: string) =>
  new ServiceError("unauthorized", "invalid_discord_signature", `Interaction refused: ${why}.`);

/** The signature headers, well-formed and fresh; throws the 401 otherwise. */
export function signatureHeaders(
  signature: string | undefined,
  timestamp: string | undefined,
  now: Date,
): { signature: string; timestamp: string } {
  if (!signature || !timestamp)
    throw invalidSignature("X-Signature-Ed25519 and X-Signature-Timestamp are required");
  if (!HEX_SIGNATURE.test(signature))
    throw invalidSignature("X-Signature-Ed25519 is not an Ed25519 signature");
  if (!/^\d{1,12}$/.test(timestamp)) throw invalidSignature("X-Signature-Timestamp is not a Unix time");
  const age = now.getTime() / 1000 - Number(timestamp);
  if (Math.abs(age) > MAX_SIGNATURE_AGE_SECONDS) {
    throw invalidSignature(
      age > 0 ? "the signed timestamp is older than 5 minutes" : "the signed timestamp is in the future",
    );
  }
  return { signature, timestamp };
}

/** Whether `publicKey` (hex) signed `timestamp + body`. */
export function signedBy(publicKey: string, body: Uint8Array, signature: string, timestamp: string) {
  return verifyKey(body, signature, timestamp, publicKey);
}
