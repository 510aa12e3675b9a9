import { beforeAll, describe, expect, it } from "vitest";
import { generateOpenApiDocument } from "../../src/http/openapi/generate";
import { DECLARED_CODES } from "../../src/http/openapi/operation-codes";
import { DERIVED_CODES, statusOfCode } from "../../src/http/openapi/operation-problems";
import { isProblemCode, PROBLEM_CODES, type ProblemCode } from "../../src/http/openapi/problem-codes";
import { documentedCodes, undeclaredProblems } from "../helpers/problem-recorder";

/**
 * The problem `code`s in the OpenAPI document: an enum per operation and status, honest to the
 * catalogue. That every code answered is in its operation's enum is checked where requests are
 * made (test/openapi/fuzz-api.test.ts, test/db/round-trips.test.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = any;

/** Codes answered before any operation is matched, or by no operation of the document. */
const OUTSIDE_OPERATIONS: readonly ProblemCode[] = [
  "route_not_found",
  "method_not_allowed",
  "docs_bundle_unavailable", // GET /docs
  "server_misconfigured", // a Worker deployed without its secrets, on every path (src/worker.ts)
  // Refusals of Discord's /setup: said in the conversation (an interaction answers 200), never an HTTP problem.
  "discord_setup_code_required",
  "discord_setup_code_invalid",
  // The CLI's `discord register-commands`: said on the command line, never an HTTP problem.
  "discord_application_mismatch",
  "discord_token_rejected",
];

let doc: Json;
const operations = () =>
  Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([, op]) => op?.operationId)
      .map(([method, op]) => ({ path, method, op, id: op.operationId as string })),
  );

beforeAll(async () => {
  doc = await generateOpenApiDocument();
});

describe("problem codes in the OpenAPI document", () => {
  it("gives every problem response of every operation an enum of codes of that status", () => {
    const wrong: string[] = [];
    for (const { method, op, id } of operations()) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (!response.content?.["application/problem+json"]) continue;
        const codes = documentedCodes(response);
        if (codes.length === 0) wrong.push(`${id} ${status}: no code enum`);
        for (const code of codes) {
          if (!isProblemCode(code)) wrong.push(`${id} ${status}: ${code} is not in the catalogue`);
          else if (statusOfCode(code, method) !== Number(status))
            wrong.push(`${id} ${status}: ${code} is a ${statusOfCode(code, method)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("documents every code of the catalogue on some operation (or says why not)", () => {
    const documented = new Set([
      ...operations().flatMap(({ op }) => Object.values<Json>(op.responses).flatMap(documentedCodes)),
      // The token endpoint's one error schema lists its codes itself.
      ...doc.components.schemas.OAuthError.properties.code.enum,
    ]);
    const missing = (Object.keys(PROBLEM_CODES) as ProblemCode[]).filter(
      (code) => !documented.has(code) && !OUTSIDE_OPERATIONS.includes(code),
    );
    expect(missing).toEqual([]);
    expect(OUTSIDE_OPERATIONS.filter((code) => documented.has(code))).toEqual([]);
  });

  it("derives the codes of every operation routed with .openapi() (run `npm run openapi:codes`)", () => {
    const ids = new Set(operations().map((o) => o.id));
    // GraphQL is registered by hand (registerPath): its problems are all the middleware's.
    const notDerived = [...ids].filter((id) => !(id in DERIVED_CODES));
    expect(notDerived.sort()).toEqual(["graphql", "graphqlGet"]);
    const stale = [...Object.keys(DERIVED_CODES), ...Object.keys(DECLARED_CODES)].filter(
      (id) => !ids.has(id),
    );
    expect(stale).toEqual([]);
  });

  it("lets a client switch on a code of one operation: submitResult's 409s", () => {
    const conflict = doc.paths["/v1/tables/{tableId}/result"].put.responses["409"];
    expect(documentedCodes(conflict)).toEqual(
      expect.arrayContaining(["result_final", "result_exists", "idempotent_request_in_progress"]),
    );
    expect(conflict.content["application/problem+json"].schema.allOf[0]).toEqual({
      $ref: "#/components/schemas/Problem",
    });
  });

  it("documents no code an operation answers as another: a hidden session or round is its own 404", () => {
    // Their event is read to authorise the read, and a private event of another organisation is
    // answered as an unknown session or round, never event_not_found.
    const notFound = (path: string, method = "get") =>
      documentedCodes(doc.paths[path][method].responses["404"]);
    for (const path of [
      "/v1/sessions/{sessionId}",
      "/v1/sessions/{sessionId}/standings",
      "/v1/sessions/{sessionId}/standings.csv",
    ]) {
      expect(notFound(path)).toContain("session_not_found");
      expect(notFound(path)).not.toContain("event_not_found");
    }
    for (const path of ["/v1/rounds/{roundId}", "/v1/rounds/{roundId}/board"]) {
      expect(notFound(path)).toContain("round_not_found");
      expect(notFound(path)).not.toContain("event_not_found");
    }
  });

  it("finds, among recorded answers, a code or a status the operation does not document", () => {
    const sheet = (status: number, code: string) => ({
      method: "put",
      path: "/v1/tables/tbl_1/result",
      status,
      code,
    });
    const answers = [
      sheet(409, "result_final"),
      sheet(409, "made_up_code"),
      sheet(410, "result_final"),
      sheet(409, "made_up_code"),
      { method: "get", path: "/v1/no/such/route", status: 404, code: "route_not_found" },
    ];
    expect(undeclaredProblems(doc, answers)).toEqual([
      "submitResult: 409 made_up_code (PUT /v1/tables/tbl_1/result)",
      "submitResult: 410 result_final (PUT /v1/tables/tbl_1/result)",
    ]);
  });
});
