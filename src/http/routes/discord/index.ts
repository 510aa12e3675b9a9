import type { APIInteraction } from "discord-api-types/v10";
import type { Context } from "hono";
import * as discord from "../../../services/discord";
import { ServiceError } from "../../../services/errors";
import { afterResponse } from "../../background";
import { type AppEnv, serviceContext } from "../../context";
import { loggableError } from "../../log-safe";
import { zodIssues } from "../../problem";
import { RATE_LIMIT_POLICIES } from "../../rate-limit";
import { createRouter } from "../../router";
import { jsonPage, logInfo } from "../handler";
import * as r from "./discord.routes";
import { InteractionSchema } from "./discord.schemas";

/** The deployment's Discord application; a 404 without one. */
const application = (c: Context<AppEnv>) => discord.assertDiscordConfigured(c.get("deps").push.discord);

export const discordRouter = createRouter()
  .openapi(r.createDiscordSetupCode, async (c) => {
    const { applicationId } = application(c);
    const { orgId } = c.req.valid("param");
    const code = await discord.createSetupCode(serviceContext(c), orgId, c.req.valid("json"));
    return c.json({ ...code, installUrl: discord.installUrl(applicationId) }, 201, {
      "cache-control": "no-store",
    });
  })
  .openapi(r.listDiscordGuilds, async (c) =>
    c.json(await discord.listGuilds(serviceContext(c), c.req.valid("param").orgId), 200),
  )
  .openapi(r.unlinkDiscordGuild, async (c) => {
    const { orgId, guildId } = c.req.valid("param");
    await discord.unlinkGuild(serviceContext(c), orgId, guildId);
    return c.body(null, 204);
  })
  .openapi(r.listDiscordLinkRequests, async (c) =>
    jsonPage(
      c,
      await discord.listLinkRequests(serviceContext(c), c.req.valid("param").orgId, c.req.valid("query")),
    ),
  )
  .openapi(r.approveDiscordLinkRequest, async (c) => {
    const { orgId, requestId } = c.req.valid("param");
    return c.json(await discord.decideLinkRequest(serviceContext(c), orgId, requestId, "approved"), 200);
  })
  .openapi(r.rejectDiscordLinkRequest, async (c) => {
    const { orgId, requestId } = c.req.valid("param");
    return c.json(await discord.decideLinkRequest(serviceContext(c), orgId, requestId, "rejected"), 200);
  })
  .openapi(r.installDiscordApplication, (c) => {
    const installUrl = discord.installUrl(application(c).applicationId);
    const wantsJson = /^application\/json\s*(;|$)/.test(c.req.header("accept") ?? "");
    return wantsJson ? c.json({ installUrl }, 200) : c.redirect(installUrl, 302);
  })
  .openapi(r.receiveDiscordInteraction, receiveInteraction);
discordRouter.openAPIRegistry.register("DiscordInteraction", InteractionSchema);

/**
 * The interactions endpoint: the raw bytes are what Discord signed, so the body is read as
 * bytes and parsed only after the signature checks out against the configured key, before any
 * database read. A refusal is logged at info level: it is the sender's failure, not this server's.
 */
async function receiveInteraction(c: Context<AppEnv>) {
  const app = application(c);
  const verified = await discord
    .verifyInteraction(
      app,
      c.get("clock")(),
      new Uint8Array(await c.req.arrayBuffer()),
      c.req.header("x-signature-ed25519"),
      c.req.header("x-signature-timestamp"),
    )
    .catch((error: unknown) => {
      if (error instanceof ServiceError) logInfo(c, "discord interaction refused", { detail: error.message });
      throw error;
    });
  const parsed = InteractionSchema.safeParse(verified);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error);
    logInfo(c, "discord interaction malformed", { issues });
    throw new ServiceError(
      "bad_request",
      "bad_request",
      `The interaction is not one Discord sends: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
      { issues },
    );
  }
  const logger = c.get("logger");
  const requestId = c.get("requestId");
  const deps: discord.InteractionDeps = {
    db: c.get("db"),
    clock: c.get("clock"),
    publicUrl: c.get("deps").http.publicUrl,
    discord: app,
    onError: (error, fields) =>
      logger.error("discord command failed", { requestId, ...fields, ...loggableError(error) }),
    afterResponse: (work) => afterResponse(c, work, "discord deferred answer failed"),
    spendGuildBudget: guildBudget(c),
  };
  const answer = await discord.answerInteraction(deps, parsed.data as unknown as APIInteraction);
  return c.json(answer as { type: number; data?: Record<string, unknown> }, 200);
}

/**
 * Every server's interactions come from Discord's few addresses, so past the address limit each
 * server is counted on its own, once the signature has shown the server is the one named.
 */
function guildBudget(c: Context<AppEnv>): discord.InteractionDeps["spendGuildBudget"] {
  const { rateLimiter, rateLimitPolicies = RATE_LIMIT_POLICIES } = c.get("deps").limits;
  const policy = rateLimitPolicies.discordGuild;
  if (!rateLimiter) return undefined;
  return async (guildId) => {
    const decision = await rateLimiter.consume(policy, `guild:${guildId}`);
    if (!decision.allowed)
      logInfo(c, "rate limited", { policy: policy.name, per: `discord server ${guildId}` });
    return { ...decision, limit: policy.limit, windowSeconds: policy.windowSeconds };
  };
}
