/**
 * Records every problem+json answer an app gives (through `app.request` or `app.fetch`) and
 * checks them against the OpenAPI document: each (operation, status, code) answered must be a
 * status the operation documents with that code in its enum (src/http/openapi/operation-problems.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
type Json = any;

export interface ProblemAnswer {
  method: string;
  path: string;
  status: number;
  code: unknown;
}

interface Fetching {
  fetch: (request: Request, ...rest: never[]) => Response | Promise<Response>;
}

/** Wraps the app's fetch so every problem answer is kept in the returned list. */
export function recordProblems(app: Fetching): ProblemAnswer[] {
  const answers: ProblemAnswer[] = [];
  const inner = app.fetch.bind(app);
  app.fetch = async (request: Request, ...rest: never[]) => {
    const response = await inner(request, ...rest);
    if (response.headers.get("content-type")?.startsWith("application/problem+json")) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { code?: unknown };
      answers.push({
        method: request.method.toLowerCase(),
        path: new URL(request.url).pathname,
        status: response.status,
        code: body.code,
      });
    }
    return response;
  };
  return answers;
}

/** The document's operations, most literal path first (`/v1/orgs/{orgId}/series` before `{…}/{…}`). */
function operationsOf(doc: Json) {
  return Object.entries<Json>(doc.paths)
    .flatMap(([path, item]) =>
      Object.entries<Json>(item)
        .filter(([, op]) => op?.operationId)
        .map(([method, op]) => ({
          method,
          op,
          params: (path.match(/\{/g) ?? []).length,
          pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        })),
    )
    .sort((a, b) => a.params - b.params);
}

/** The codes a documented problem response lists (its `allOf` member with the `code` enum). */
export function documentedCodes(response: Json): string[] {
  const schema = response?.content?.["application/problem+json"]?.schema;
  return (schema?.allOf ?? []).flatMap((part: Json) => part?.properties?.code?.enum ?? []);
}

/**
 * Each answer outside its operation's documented statuses and codes, as
 * `operationId: status code (METHOD path of the first such answer)`. Answers to no operation of the document (an unknown
 * route, a wrong method, the HTML pages) are not the document's to declare.
 */
export function undeclaredProblems(doc: Json, answers: readonly ProblemAnswer[]): string[] {
  const operations = operationsOf(doc);
  const found = new Map<string, string>();
  for (const answer of answers) {
    const operation = operations.find((o) => o.method === answer.method && o.pattern.test(answer.path));
    if (!operation) continue;
    const response = operation.op.responses?.[String(answer.status)];
    if (!response || !documentedCodes(response).includes(answer.code as string)) {
      const key = `${operation.op.operationId}: ${answer.status} ${String(answer.code)}`;
      if (!found.has(key)) found.set(key, `${key} (${answer.method.toUpperCase()} ${answer.path})`);
    }
  }
  return [...found.values()].sort();
}
