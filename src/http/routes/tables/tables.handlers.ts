import type { Context } from "hono";
import { listAudit } from "../../../services/audit";
import type { ServiceContext } from "../../../services/context";
import * as tables from "../../../services/tables";
import { type AppEnv, serviceContext } from "../../context";
import { ifMatchVersion, tableEtag } from "../../preconditions";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./tables.routes";

/**
 * Answers the table with its ETag (its result version, what If-Match sends back, and a hash of
 * the rest); on reads the conditionalGet middleware answers a matching If-None-Match with 304.
 */
async function sendTable<T extends tables.TableDto>(c: Context<AppEnv>, table: T) {
  c.header("ETag", await tableEtag(table.result?.version, JSON.stringify(table)));
  return c.json(table, 200);
}

/** A write of the table's sheet, refused (412) when If-Match names a version no longer current. */
const writeSheet = async <B, T extends tables.TableDto>(
  c: Context<AppEnv>,
  tableId: string,
  body: B,
  write: (ctx: ServiceContext, tableId: string, body: B, ifMatch?: number) => Promise<T>,
) => sendTable(c, await write(serviceContext(c), tableId, body, ifMatchVersion(c)));

export const tablesRouter = createRouter();

tablesRouter.openapi(r.getTable, async (c) =>
  sendTable(c, await tables.getTable(serviceContext(c), c.req.valid("param").tableId)),
);

tablesRouter.openapi(r.submitResult, async (c) =>
  writeSheet(c, c.req.valid("param").tableId, c.req.valid("json"), tables.submitResult),
);

tablesRouter.openapi(r.confirmResult, async (c) =>
  writeSheet(c, c.req.valid("param").tableId, c.req.valid("json"), tables.confirmResult),
);

tablesRouter.openapi(r.disputeResult, async (c) =>
  writeSheet(c, c.req.valid("param").tableId, c.req.valid("json"), tables.disputeResult),
);

tablesRouter.openapi(r.finalizeResult, async (c) => {
  const body = c.req.valid("json") as { reason?: string | null } | undefined;
  return writeSheet(c, c.req.valid("param").tableId, body?.reason, tables.finalizeResult);
});

tablesRouter.openapi(r.disqualifyPlayer, async (c) =>
  writeSheet(c, c.req.valid("param").tableId, c.req.valid("json"), tables.disqualifyPlayer),
);

tablesRouter.openapi(r.recordChoice, async (c) => {
  const { tableId } = c.req.valid("param");
  return sendTable(c, await tables.recordChoice(serviceContext(c), tableId, c.req.valid("json")));
});

tablesRouter.openapi(r.waiveChoices, async (c) => {
  const { tableId } = c.req.valid("param");
  return sendTable(c, await tables.waiveChoices(serviceContext(c), tableId, c.req.valid("json")));
});

tablesRouter.openapi(r.switchTimerOn, async (c) => {
  const body = (c.req.valid("json") as tables.TimerInput | undefined) ?? {};
  return sendTable(c, await tables.switchTimerOn(serviceContext(c), c.req.valid("param").tableId, body));
});

tablesRouter.openapi(r.switchTimerOff, async (c) =>
  sendTable(c, await tables.switchTimerOff(serviceContext(c), c.req.valid("param").tableId)),
);

tablesRouter.openapi(r.correctResult, async (c) =>
  writeSheet(c, c.req.valid("param").tableId, c.req.valid("json"), tables.correctResult),
);

tablesRouter.openapi(r.listAudit, async (c) =>
  jsonPage(c, await listAudit(serviceContext(c), c.req.valid("param").eventId, c.req.valid("query"))),
);
