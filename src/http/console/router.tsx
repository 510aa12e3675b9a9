/**
 * The staff console (`/console`): server-rendered pages over the same services for what they
 * show, and over the REST API itself for everything they change (api.ts), so every action takes
 * the same permission checks, rate limits, idempotency and problem codes as a third-party
 * frontend's. Every form works without JavaScript; one small script (script.ts) adds live table
 * states and the offline queue.
 */
import { type Context, Hono, type Next } from "hono";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context";
import { publicOrigin } from "../origin";
import { type ApiApp, callApi } from "./api";
import { consoleContext } from "./context";
import { devicesActions, renderDevices } from "./devices-page";
import { eventActions, renderEvent } from "./event-page";
import { homeActions, renderHome } from "./home-page";
import { consolePage, ProblemPage, QUEUE_HEADER, sendHtml } from "./page";
import { playersActions, renderPlayers } from "./players-page";
import { CONSOLE_SCRIPT, CONSOLE_SCRIPT_PATH } from "./script";
import { consoleSecurity } from "./security";
import { renderSession, sessionActions } from "./session-page";
import { SignInPage } from "./sign-in-page";
import { renderStandings } from "./standings-page";
import { renderTable, tableActions } from "./table-page";

/** Forms post from this site only (`hono/csrf`: Origin, or Sec-Fetch-Site: same-origin). */
const sameSiteForms = csrf({
  origin: (origin, c) => origin === new URL(c.req.url).origin || origin === publicOrigin(c),
});

/** Every path of the console. */
export const CONSOLE_PATHS = ["/console", "/console/*"];

export function createConsoleRouter(app: ApiApp): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  for (const path of CONSOLE_PATHS) router.use(path, consoleSecurity);
  // Forms post from this site only; every console POST is a form, so nothing escapes the check.
  const refuseCrossSite = async (c: Context<AppEnv>, next: Next) => {
    const type = c.req.header("content-type") ?? "";
    const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type);
    let fromThisSite = false;
    try {
      if (c.req.method !== "POST" || form) {
        await sameSiteForms(c, async () => {
          fromThisSite = true;
        });
      }
    } catch (error) {
      if (!(error instanceof HTTPException) || error.status !== 403) throw error;
    }
    if (fromThisSite) return next();
    {
      const cx = consoleContext(c);
      const problem = {
        status: 403,
        code: "cross_site_request",
        detail: "This form was not sent from a page of this site: it is refused.",
      };
      if (c.req.header(QUEUE_HEADER) === "1")
        return c.json({ ok: false, status: 403, message: problem.detail }, 403);
      return sendHtml(c, <ProblemPage cx={cx} problem={problem} />, 403);
    }
  };
  for (const path of CONSOLE_PATHS) router.use(path, refuseCrossSite);

  router.get(CONSOLE_SCRIPT_PATH, (c) =>
    c.body(CONSOLE_SCRIPT, 200, {
      "content-type": "text/javascript; charset=utf-8",
      // Its address changes with its content.
      "cache-control": "public, max-age=31536000, immutable",
    }),
  );

  consolePage(router, app, "/console", renderHome, homeActions);

  // The pairing link: GET only shows it (link previews and scanners must not spend the code).
  router.get("/console/pair", (c) =>
    sendHtml(c, <SignInPage cx={consoleContext(c)} code={c.req.query("code")} />),
  );
  router.post("/console/pair", async (c) => {
    const form = await c.req.parseBody();
    const code = typeof form.code === "string" ? form.code : "";
    const answer = await callApi(app, c, {
      method: "POST",
      path: "/v1/auth/device-sessions",
      body: { code },
    });
    const cx = consoleContext(c);
    if (!answer.ok) {
      return sendHtml(
        c,
        <SignInPage
          cx={cx}
          code={code}
          refusal={{ problem: answer.problem, labels: { code: cx.m.pairingCode } }}
        />,
        answer.status,
      );
    }
    const lang = c.req.query("lang");
    const res = c.redirect(`/console${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`, 303);
    res.headers.append("set-cookie", answer.headers.get("set-cookie") ?? "");
    return res;
  });

  router.post("/console/sign-out", async (c) => {
    const answer = await callApi(app, c, { method: "DELETE", path: "/v1/auth/device-sessions/current" });
    const res = c.redirect("/console", 303);
    const cookie = answer.headers.get("set-cookie");
    if (cookie) res.headers.append("set-cookie", cookie);
    return res;
  });

  consolePage(router, app, "/console/devices", renderDevices, devicesActions);
  consolePage(router, app, "/console/e/:eventId", renderEvent, eventActions);
  consolePage(router, app, "/console/s/:sessionId", renderSession, sessionActions);
  consolePage(router, app, "/console/s/:sessionId/players", renderPlayers, playersActions);
  consolePage(router, app, "/console/s/:sessionId/standings", renderStandings);
  consolePage(router, app, "/console/t/:tableId", renderTable, tableActions);
  return router;
}
