import * as conduct from "../../../services/conduct";
import * as tables from "../../../services/tables";
import { serviceContext } from "../../context";
import { createRouter } from "../../router";
import { jsonPage } from "../handler";
import * as r from "./conduct.routes";

export const conductRouter = createRouter();

conductRouter.openapi(r.recordWarning, async (c) => {
  const { tableId } = c.req.valid("param");
  return c.json(await tables.recordWarning(serviceContext(c), tableId, c.req.valid("json")), 201);
});

conductRouter.openapi(r.listPlayerWarnings, async (c) => {
  const { playerId } = c.req.valid("param");
  return jsonPage(c, await tables.listPlayerWarnings(serviceContext(c), playerId, c.req.valid("query")));
});

conductRouter.openapi(r.createExclusion, async (c) => {
  const { orgId } = c.req.valid("param");
  return c.json(await conduct.createExclusion(serviceContext(c), orgId, c.req.valid("json")), 201);
});

conductRouter.openapi(r.listExclusions, async (c) => {
  const { orgId } = c.req.valid("param");
  return jsonPage(c, await conduct.listExclusions(serviceContext(c), orgId, c.req.valid("query")));
});

conductRouter.openapi(r.liftExclusion, async (c) => {
  const { orgId, exclusionId } = c.req.valid("param");
  return c.json(await conduct.liftExclusion(serviceContext(c), orgId, exclusionId), 200);
});
