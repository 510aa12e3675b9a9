import type { Config } from "../config";
import type {
  DeliveryLogger,
  DeliverySettings,
  ResolveHost,
  Transport,
  WebhookTargetSettings,
} from "../services/webhooks";

/**
 * Webhook delivery as the configuration sets it, the same on both runtimes; each runtime
 * brings how it sends a request and resolves a host.
 */
export function pushSettings(
  config: Config,
  runtime: { transport: (policy: { allowLoopback: boolean }) => Transport; resolveHost: ResolveHost },
  logger: DeliveryLogger,
): { targets: WebhookTargetSettings; delivery: DeliverySettings } {
  const allowLoopback = config.WEBHOOKS_ALLOW_LOOPBACK;
  return {
    targets: { allowLoopback, resolveHost: runtime.resolveHost },
    delivery: {
      allowLoopback,
      transport: runtime.transport({ allowLoopback }),
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
      retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
      publicUrl: config.PUBLIC_URL,
      logger,
    },
  };
}
