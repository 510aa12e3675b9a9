// The public face of this group: other folders import only from here.

export { nextDueAt } from "./bookkeeping";
export * from "./deliveries";
export type { DiscordMessage } from "./discord";
export * from "./discord-format";
export * from "./dispatch";
export { MessageBodies, type RankingReader } from "./message-bodies";
export * from "./subscriptions";
export type { OutgoingWebhook, PushDispatcher, Transport, WebhookReply } from "./transport";
export {
  assertPublicAddress,
  type ResolveHost,
  type TargetPolicy,
  UnsafeTargetError,
} from "./url-guard";
