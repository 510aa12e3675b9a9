/**
 * Derives, for every operation, the problem codes its handler can raise: from the handler it
 * follows every function, class and constant it references inside src/ (the TypeScript
 * checker resolves the imports) and collects the codes raised on the way — `new
 * ServiceError(kind, "code")`, `notFound("what")` (`what_not_found`), a code passed to a helper
 * (`conflict("code", …)`) and `code: "…"` in a problem or rule error. Writes them as data,
 * openapi/problem-codes.json beside the document that the document builder reads
 * (`npm run openapi:codes`; `--check` fails when it is stale).
 *
 * It over-approximates (a shared helper's every code counts for each caller, a branch that cannot
 * run for this operation too), which costs a
 * client only an unreachable `case`; what it cannot see (codes behind an interface, the GraphQL
 * router) is declared in operation-codes.ts, and the API fuzz fails on any code answered but
 * not documented.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { isProblemCode } from "../src/http/openapi/problem-codes";

const ROOT = new URL("..", import.meta.url).pathname;
const SRC = `${ROOT}src/`;
const OUTPUT = "openapi/problem-codes.json";

const files = readdirSync(SRC, { recursive: true })
  .map(String)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
  .map((f) => SRC + f);
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
  jsxImportSource: "hono/jsx",
  types: ["node"],
});
const checker = program.getTypeChecker();
const inSrc = (d: ts.Node) =>
  d.getSourceFile().fileName.startsWith(SRC) && !d.getSourceFile().isDeclarationFile;

function declarations(node: ts.Node): ts.Declaration[] {
  let symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return [];
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return (symbol.declarations ?? []).filter(inSrc);
}

/** The code a declaration runs: functions, methods, classes and constants made by an expression. */
function runnable(d: ts.Declaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isClassDeclaration(d)) return d;
  if (ts.isVariableDeclaration(d) && d.initializer) {
    const init = d.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isCallExpression(init)) return init;
  }
  return undefined;
}

/** String literals an expression evaluates to: `"a"` or `x ? "a" : "b"`. */
function literals(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  return [];
}

function throws(node: ts.Node): boolean {
  return ts.isThrowStatement(node) || (ts.forEachChild(node, (child) => throws(child) || undefined) ?? false);
}

const memo = new Map<ts.Node, Set<string>>();
function codesOf(root: ts.Node): Set<string> {
  const known = memo.get(root);
  if (known) return known;
  const codes = new Set<string>();
  memo.set(root, codes); // before descending: recursion ends on a cycle
  const visit = (node: ts.Node): void => {
    // A `catch` that throws nothing swallows what its `try` raises (`mayEnterResults`: a check
    // that answers false): only the catch and finally blocks can raise.
    if (ts.isTryStatement(node) && node.catchClause && !throws(node.catchClause.block)) {
      visit(node.catchClause.block);
      if (node.finallyBlock) visit(node.finallyBlock);
      return;
    }
    if (ts.isNewExpression(node) && node.expression.getText() === "ServiceError") {
      for (const code of literals(node.arguments?.[1])) codes.add(code);
      node.arguments?.slice(2).forEach(visit);
      return;
    }
    if (ts.isCallExpression(node)) {
      if (node.expression.getText() === "notFound") {
        for (const what of literals(node.arguments[0])) codes.add(`${what}_not_found`);
      }
      for (const arg of node.arguments)
        for (const code of literals(arg)) if (isProblemCode(code)) codes.add(code);
    }
    if (ts.isPropertyAssignment(node) && node.name.getText() === "code") {
      for (const code of literals(node.initializer)) codes.add(code);
    }
    if (ts.isIdentifier(node)) {
      for (const d of declarations(node)) {
        const body = runnable(d);
        if (body && body !== root) for (const code of codesOf(body)) codes.add(code);
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(root, visit);
  return codes;
}

function operationId(route: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(node) && node.name.getText() === "operationId")
      found = literals(node.initializer)[0];
    else ts.forEachChild(node, visit);
  };
  for (const d of declarations(ts.isPropertyAccessExpression(route) ? route.name : route)) visit(d);
  return found;
}

/** operationId → codes, from every `router.openapi(route, handler)` under src/http/routes. */
const derived = new Map<string, string[]>();
for (const sourceFile of program.getSourceFiles()) {
  if (!sourceFile.fileName.startsWith(`${SRC}http/routes/`)) continue;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "openapi" &&
      node.arguments.length >= 2
    ) {
      const id = operationId(node.arguments[0]!);
      const handler = node.arguments[1]!;
      const bodies =
        ts.isArrowFunction(handler) || ts.isFunctionExpression(handler)
          ? [handler]
          : declarations(ts.isPropertyAccessExpression(handler) ? handler.name : handler).flatMap(
              (d) => runnable(d) ?? [],
            );
      if (id) derived.set(id, [...new Set(bodies.flatMap((b) => [...codesOf(b)]))].sort());
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

const unknown = [...derived].flatMap(([id, codes]) =>
  codes.filter((c) => !isProblemCode(c)).map((c) => `${id}: ${c}`),
);
if (unknown.length > 0) {
  console.error(
    `codes raised but missing from src/http/openapi/problem-codes.ts:\n  ${unknown.join("\n  ")}`,
  );
  process.exit(1);
}

const entries = [...derived].sort(([a], [b]) => a.localeCompare(b));
// operationId → codes; read by src/http/openapi/operation-problems.ts.
const formatted = `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(ROOT + OUTPUT, "utf8");
  } catch {}
  if (committed !== formatted) {
    console.error(`${OUTPUT} is out of date with src/: run \`npm run openapi:codes\` and commit it.`);
    process.exit(1);
  }
  console.log(`${OUTPUT} is up to date (${entries.length} operations).`);
} else {
  writeFileSync(ROOT + OUTPUT, formatted);
  console.log(`wrote ${OUTPUT} (${entries.length} operations)`);
}
