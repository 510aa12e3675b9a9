import {
  type DiscordKeys,
  discordKeyPair,
  interaction,
  ping,
  signedRequest,
} from "../discord/discord-interactions";
import { type FakeApplication, type FakeDiscord, startFakeDiscord } from "../discord/fake-discord";
import type { JsonClient } from "./workflow";

/** Success (any 2xx). */
function expectOk(res: { status: number; text: string }, what: string) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: got ${res.status} ${res.text}`);
}

const MANAGE_SERVER = 1n << 5n;
const GUILD = "910000000000000001";
const ADMIN = { id: "810000000000000001", username: "server_admin", permissions: MANAGE_SERVER };
const FIRST = { id: "810000000000000002", username: "first_player" };
const SECOND = { id: "810000000000000003", username: "second_player" };

/** The Discord side of the scenario: a key pair playing the application's, and a fake Discord API. */
export interface ScenarioDiscord {
  /** What the app is configured with: DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY, DISCORD_API_BASE. */
  settings: { applicationId: string; publicKey: string; apiBase: string };
  fake: FakeDiscord;
  app: FakeApplication;
  keys: DiscordKeys;
  close(): Promise<void>;
}

export async function startScenarioDiscord(): Promise<ScenarioDiscord> {
  const keys = await discordKeyPair();
  const app: FakeApplication = {
    id: "131313131313131313",
    verifyKey: keys.publicKey,
    botToken: "bot-token-of-the-round-trip-application.0123",
  };
  const fake = await startFakeDiscord([app]);
  const settings = { applicationId: app.id, publicKey: keys.publicKey, apiBase: fake.apiBase };
  return { settings, fake, app, keys, close: () => fake.close() };
}

/**
 * The deployment's Discord application as an organisation uses it: the install link, a server
 * linked with /setup, two players asking for a link (one approved, one rejected through the
 * API), and the server unlinked. The interactions
 * measured are the ones answered inline (PING, /setup, /link): a deferred answer's work would be
 * counted against the next request. `externalIds` are two member numbers of the organisation.
 */
export async function discordOperations(
  api: JsonClient,
  anonymous: JsonClient,
  discord: ScenarioDiscord,
  orgId: string,
  eventId: string,
  externalIds: [string, string],
): Promise<void> {
  const base = `/v1/orgs/${orgId}/discord`;
  const install = await anonymous.get("/discord/install");
  if (install.status !== 302) throw new Error(`install link: got ${install.status} ${install.text}`);
  const code = await api.post(`${base}/setup-codes`, { eventId });
  expectOk(code, "setup code");

  const signed = async (payload: unknown, what: string) => {
    const init = await signedRequest(discord.keys, payload);
    const res = await anonymous.post(
      "/discord/interactions",
      payload,
      init.headers as Record<string, string>,
    );
    expectOk(res, what);
    if (res.body?.type !== 1 && res.body?.type !== 4) throw new Error(`${what}: answered ${res.text}`);
    return res;
  };
  const command = (member: typeof ADMIN | typeof FIRST, name: string, options: Record<string, string>) =>
    interaction({ applicationId: discord.app.id, guildId: GUILD, member, command: name, options });
  await signed(ping(discord.app.id), "PING");
  const setup = await signed(command(ADMIN, "setup", { code: code.body.code }), "/setup");
  if (!String(setup.body.data.content).startsWith("This server is linked"))
    throw new Error(`/setup: ${setup.text}`);
  expectOk(await api.get(`${base}/guilds`), "list guilds");
  await signed(command(FIRST, "link", { "member-number": externalIds[0] }), "/link");
  await signed(command(SECOND, "link", { "member-number": externalIds[1] }), "/link");
  const pending = await api.get(`${base}/link-requests?status=pending`);
  expectOk(pending, "list link requests");
  const [approve, reject] = pending.body.data as { id: string; discordUserId: string }[];
  if (!approve || !reject) throw new Error(`link requests: ${pending.text}`);
  expectOk(await api.post(`${base}/link-requests/${approve.id}/approve`), "approve link");
  expectOk(await api.post(`${base}/link-requests/${reject.id}/reject`), "reject link");
  expectOk(await api.delete(`${base}/guilds/${GUILD}`), "unlink guild");
}
