import { createMiddleware } from "hono/factory";
import { watchCommits } from "../../db/commits";
import { committedChanges } from "../../services/outbox";
import { afterResponse } from "../background";
import type { AppEnv } from "../context";

/**
 * The one step between a write and push: the request's database reports each write that
 * committed, and the notifications that write recorded (its outbox rows, read from what its
 * statements returned) are handed to the runtime at once: the webhook dispatcher is woken when
 * the write queued deliveries, and the live feeds that show the change are told (Node: the
 * process's shared readers read it now; Workers: the feeds' Durable Objects). A write refused
 * by a rule or failing in its batch committed nothing and tells nobody. A write that commits
 * after the response (a deferred Discord command) is told the same way, when it commits.
 */
export const afterWrite = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  const dispatcher = c.get("deps").push.dispatcher;
  const live = c.get("live");
  c.set(
    "db",
    watchCommits(c.get("db"), (results) => {
      const changes = committedChanges(results);
      if (!changes) return;
      if (changes.deliveries) dispatcher?.wake((work) => afterResponse(c, work, "webhook drain failed"));
      afterResponse(c, live.notify(changes), "live feed notice failed");
    }),
  );
  await next();
});
