import { ServiceError } from "../../../services/errors";
import { isProblemCode, PROBLEM_CODES } from "../../openapi/problem-codes";
import { createRouter } from "../../router";
import * as r from "./problems.routes";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Inline code spans of the catalogue's words, as HTML. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

export const problemsRouter = createRouter();

problemsRouter.openapi(r.getProblemPage, async (c) => {
  const code = c.req.valid("param").code.replace(/-/g, "_");
  if (!isProblemCode(code)) {
    throw new ServiceError("not_found", "unknown_problem_code", `No problem has the code '${code}'.`);
  }
  const info = PROBLEM_CODES[code];
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} (${code}) · CATAN Tournament API</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(info.title)}</h1>
<p><strong>HTTP ${info.status}</strong> · <code>code: "${code}"</code></p>
<p>${withCode(info.description)}</p>
<p>Errors are RFC 9457 <code>application/problem+json</code>: switch on <code>code</code>; <code>detail</code> says what
happened in this request, <code>errors</code> names each field, <code>requestId</code> identifies it in the logs.</p>
<p><a href="/docs">API reference</a> · <a href="/openapi.json">OpenAPI document</a> (each operation lists the codes it answers)</p>
</body>
</html>
`;
  return c.html(html, 200, { "cache-control": "public, max-age=3600" });
});
