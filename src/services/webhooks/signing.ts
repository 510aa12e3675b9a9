import { encodeBase64 } from "hono/utils/encode";
import { Webhook } from "standardwebhooks";

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () =>
  `whsec_${encodeBase64(crypto.getRandomValues(new Uint8Array(32)).buffer)}`;

/**
 * The three Standard Webhooks headers. During a rotation's overlap the signature header lists
 * a signature per secret (space-separated, as the specification allows), so receivers
 * holding either secret verify.
 */
export function signatureHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
