import type { DeliveryLogger, DeliverySettings, WebhookTargetSettings } from "../../services/webhooks";
import { nodeResolveHost, nodeTransport } from "./transport";

export interface PushEnv {
  /** Development only: webhook targets on loopback (http, any port) are accepted. */
  WEBHOOKS_ALLOW_LOOPBACK?: string | undefined;
  /** Comma-separated waits between attempts in ms (tests shorten the day-long default). */
  WEBHOOK_RETRY_DELAYS_MS?: string | undefined;
  /** Per-attempt timeout in ms (default 10000). */
  WEBHOOK_TIMEOUT_MS?: string | undefined;
  /** Consecutive failed attempts before a subscription is disabled (default 50). */
  WEBHOOK_DISABLE_AFTER_FAILURES?: string | undefined;
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** The Node runtime's webhook settings from the environment. */
export function nodePushSettings(env: PushEnv, publicUrl?: string, logger?: DeliveryLogger) {
  const allowLoopback = env.WEBHOOKS_ALLOW_LOOPBACK === "1" || env.WEBHOOKS_ALLOW_LOOPBACK === "true";
  const retryDelaysMs = env.WEBHOOK_RETRY_DELAYS_MS?.split(",").map((v) => Number(v.trim()));
  if (retryDelaysMs?.some((ms) => !Number.isFinite(ms) || ms < 0)) {
    throw new Error("WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. 100,100,100");
  }
  const timeoutMs = positive("WEBHOOK_TIMEOUT_MS", env.WEBHOOK_TIMEOUT_MS);
  const disableAfterFailures = positive("WEBHOOK_DISABLE_AFTER_FAILURES", env.WEBHOOK_DISABLE_AFTER_FAILURES);
  const targets: WebhookTargetSettings = { allowLoopback, resolveHost: nodeResolveHost };
  const delivery: DeliverySettings = {
    allowLoopback,
    transport: nodeTransport({ allowLoopback }),
    ...(retryDelaysMs ? { retryDelaysMs } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(disableAfterFailures ? { disableAfterFailures } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(logger ? { logger } : {}),
  };
  return { targets, delivery };
}
