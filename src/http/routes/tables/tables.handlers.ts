import type { Context } from "hono";
import { listAudit } from "../../../services/audit";
import * as tables from "../../../services/tables";
import { type AppEnv, serviceContext } from "../../context";
import { ifMatchVersion, tableEtag } from "../../preconditions";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./tables.routes";

/**
 * Sets the table's ETag (its result version, what If-Match sends back) and passes the table
 * through; on reads the conditionalGet middleware answers a matching If-None-Match with 304.
 */
function withEtag<T extends tables.TableDto>(c: Context<AppEnv>, table: T): T {
  c.header(
    "ETag",
    tableEtag(table.result?.version, table.seats.filter((s) => s.disqualified).length, {
      chosen: table.seats.filter((s) => s.chosenAt !== null).length,
      timerSince: table.timer
        ? `${table.timer.since}:${table.timer.turnSeconds}:${table.timer.requestedBy}`
        : null,
    }),
  );
  return table;
}

export const tablesRouter = createRouter();

tablesRouter.openapi(r.getTable, async (c) =>
  c.json(withEtag(c, await tables.getTable(serviceContext(c), c.req.valid("param").tableId)), 200),
);

tablesRouter.openapi(r.submitResult, async (c) => {
  const table = await tables.submitResult(
    serviceContext(c),
    c.req.valid("param").tableId,
    c.req.valid("json"),
    ifMatchVersion(c),
  );
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.confirmResult, async (c) => {
  const { tableId } = c.req.valid("param");
  const body = c.req.valid("json");
  const table =
    body.code !== undefined
      ? await tables.confirmWithCode(
          serviceContext(c),
          tableId,
          { ...body, code: body.code },
          ifMatchVersion(c),
        )
      : await tables.confirmResult(serviceContext(c), tableId, body.playerId, ifMatchVersion(c));
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.disputeResult, async (c) => {
  const table = await tables.disputeResult(
    serviceContext(c),
    c.req.valid("param").tableId,
    c.req.valid("json"),
    ifMatchVersion(c),
  );
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.finalizeResult, async (c) => {
  const body = c.req.valid("json") as { reason?: string | null } | undefined;
  const { tableId } = c.req.valid("param");
  const table = await tables.finalizeResult(serviceContext(c), tableId, body?.reason, ifMatchVersion(c));
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.disqualifyPlayer, async (c) => {
  const table = await tables.disqualifyPlayer(
    serviceContext(c),
    c.req.valid("param").tableId,
    c.req.valid("json"),
    ifMatchVersion(c),
  );
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.recordChoice, async (c) => {
  const { tableId } = c.req.valid("param");
  const table = await tables.recordChoice(serviceContext(c), tableId, c.req.valid("json"));
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.waiveChoices, async (c) => {
  const { tableId } = c.req.valid("param");
  const table = await tables.waiveChoices(serviceContext(c), tableId, c.req.valid("json"));
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.switchTimerOn, async (c) => {
  const body = (c.req.valid("json") as tables.TimerInput | undefined) ?? {};
  const table = await tables.switchTimerOn(serviceContext(c), c.req.valid("param").tableId, body);
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.switchTimerOff, async (c) =>
  c.json(withEtag(c, await tables.switchTimerOff(serviceContext(c), c.req.valid("param").tableId)), 200),
);

tablesRouter.openapi(r.correctResult, async (c) => {
  const table = await tables.correctResult(
    serviceContext(c),
    c.req.valid("param").tableId,
    c.req.valid("json"),
    ifMatchVersion(c),
  );
  return c.json(withEtag(c, table), 200);
});

tablesRouter.openapi(r.listAudit, async (c) =>
  jsonPage(c, await listAudit(serviceContext(c), c.req.valid("param").eventId, c.req.valid("query"))),
);
