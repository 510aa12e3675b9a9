export { registerWebhookDocs } from "./webhook-docs";
