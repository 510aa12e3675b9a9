import { type Config, type Runtime, SETTINGS, type SettingName } from "./settings";

export { type Config, SETTINGS, type SettingName } from "./settings";

/** The variables as an environment holds them (process.env, a Worker's env): text, or unset. */
export type ConfigInput = { [K in SettingName]?: string | undefined };

interface ConfigProblem {
  name: SettingName;
  /** What is wrong, as a sentence naming the variable. */
  message: string;
}

/** Settings that cannot be used: the start stops, naming each variable and what is wrong with it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}

/** A problem whose reason follows the variable's name ("PORT must be …"). */
export const problem = (name: SettingName, reason: string): ConfigProblem => ({
  name,
  message: `${name} ${reason}`,
});

const readsIt = (setting: Runtime, runtime: Exclude<Runtime, "both">) =>
  setting === "both" || setting === runtime || (runtime === "cli" && setting === "node");

/**
 * Reads and checks the settings `runtime` uses from `env`: an unset or empty variable takes its
 * default, a malformed one is a problem, and every problem is reported at once (ConfigError).
 * Settings of the other runtime are left at their defaults, unread.
 */
export function readConfig(env: object, runtime: Exclude<Runtime, "both">): Config {
  const vars = env as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, setting] of Object.entries(SETTINGS) as [SettingName, (typeof SETTINGS)[SettingName]][]) {
    const raw = vars[name];
    // A Worker's [vars] may hold a TOML number or boolean, which reaches env as one, not as text.
    const text =
      typeof raw === "string"
        ? raw.trim()
        : typeof raw === "number" || typeof raw === "boolean"
          ? String(raw)
          : "";
    if (!readsIt(setting.runtime, runtime) || text === "") {
      config[name] = "default" in setting ? setting.default : undefined;
      continue;
    }
    // A secret is key material: its value is used as it is, untrimmed.
    const value = "secret" in setting && typeof raw === "string" ? raw : text;
    const parsed = (setting.schema as import("zod").ZodType<unknown, string>).safeParse(value);
    if (parsed.success) config[name] = parsed.data;
    else {
      const reason = parsed.error.issues[0]?.message ?? "is not valid";
      const got = "secret" in setting ? "" : ` (got "${text.slice(0, 80)}")`;
      // A parser that words the whole sentence (RATE_LIMITS) names the variable itself.
      problems.push(reason.startsWith(name) ? { name, message: reason } : problem(name, reason + got));
    }
  }
  const external = ["JWKS_URL", "JWT_ISSUER", "JWT_AUDIENCE"] as const;
  if (external.some((name) => config[name] !== undefined)) {
    for (const name of external.filter((name) => config[name] === undefined))
      problems.push(problem(name, "is needed: JWKS_URL, JWT_ISSUER and JWT_AUDIENCE go together"));
  }
  const discord = [config.DISCORD_APPLICATION_ID, config.DISCORD_PUBLIC_KEY].filter((v) => v !== undefined);
  if (discord.length === 1 && !problems.some((p) => p.name.startsWith("DISCORD_"))) {
    problems.push({
      name: config.DISCORD_APPLICATION_ID === undefined ? "DISCORD_APPLICATION_ID" : "DISCORD_PUBLIC_KEY",
      message: "DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY are set together, or neither.",
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as Config;
}

/** The deployment's Discord application as the app and the CLI take it. */
export function discordSettings(config: Config) {
  return {
    applicationId: config.DISCORD_APPLICATION_ID,
    publicKey: config.DISCORD_PUBLIC_KEY,
    apiBase: config.DISCORD_API_BASE,
  };
}
