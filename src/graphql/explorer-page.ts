/**
 * The GraphQL explorer served on `GET /graphql` to browsers: one self-contained page (no CDN,
 * no fonts, no bundle), so it works offline, on Node and on the Worker alike, and costs the
 * Worker bundle a few kilobytes instead of GraphiQL's megabytes. It runs queries with an
 * optional bearer token and lists the schema's types, fields and descriptions by introspection.
 * Beside the query it lists the query's problems, checked in the page against that schema as
 * it is typed (unknown fields with the nearest names, unclosed selections) and, once run, the
 * server's errors at their lines; and the fields that fit where the cursor is.
 */
const EXAMPLE = `# Ctrl+Enter runs the query. Public events need no token.
query Event($id: ID!) {
  event(id: $id) {
    name
    phase
    structure
    qualification {
      rows { rank qualified wins vp vpPct player { name } }
    }
  }
}`;

const STYLE = `
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d1d1f; background: #f6f6f4; }
  header { display: flex; gap: 1rem; align-items: center; padding: .5rem 1rem; background: #8b1e1e; color: #fff; }
  header h1 { font-size: 1rem; margin: 0; flex: 1; }
  header a { color: #fff; }
  main { display: grid; grid-template-columns: 1fr 1fr 22rem; gap: .5rem; padding: .5rem; height: calc(100vh - 3.5rem); box-sizing: border-box; }
  section { display: flex; flex-direction: column; min-height: 0; }
  label { font-weight: 600; margin: .25rem 0; }
  textarea, pre, input { font: 13px/1.4 ui-monospace, monospace; border: 1px solid #ccc; border-radius: 4px; padding: .5rem; background: #fff; }
  textarea { resize: none; }
  #query { flex: 3; } #variables { flex: 1; }
  pre { flex: 1; overflow: auto; margin: 0; white-space: pre-wrap; }
  #schema { flex: 1; overflow: auto; background: #fff; border: 1px solid #ccc; border-radius: 4px; padding: .5rem; }
  #schema summary { cursor: pointer; font-weight: 600; }
  #schema p, #schema li { margin: .2rem 0; color: #444; }
  #schema code { color: #1d1d1f; }
  #problems { margin: .25rem 0; padding-left: 1.2rem; max-height: 8rem; overflow: auto; color: #8b1e1e; }
  #problems button { background: none; color: inherit; font-weight: normal; padding: 0; text-align: left; text-decoration: underline; }
  #suggestions { min-height: 1.6rem; margin: .25rem 0; }
  #suggestions button { background: #eee; color: #1d1d1f; font-weight: normal; padding: .1rem .4rem; margin: 0 .2rem .2rem 0; }
  button { font: inherit; padding: .3rem 1rem; border: 0; border-radius: 4px; background: #fff; color: #8b1e1e; font-weight: 700; cursor: pointer; }
`;

const SCRIPT = String.raw`
const $ = (id) => document.getElementById(id);
const saved = (key, fallback) => sessionStorage.getItem(key) ?? fallback;
$("query").value = saved("gql.query", ${JSON.stringify(EXAMPLE)});
$("variables").value = saved("gql.variables", '{ "id": "evt_…" }');
$("token").value = saved("gql.token", "");

function el(tag, ...children) { const e = document.createElement(tag); e.append(...children); return e; }
function button(label, onClick) { const b = el("button", label); b.type = "button"; b.onclick = onClick; return b; }
function moveTo(offset) { $("query").focus(); $("query").setSelectionRange(offset, offset); }

async function post(query, variables) {
  const headers = { "content-type": "application/json", accept: "application/json" };
  const token = $("token").value.trim();
  if (token) headers.authorization = "Bearer " + token.replace(/^Bearer\s+/i, "");
  const res = await fetch(location.pathname, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.text() };
}

async function run() {
  for (const key of ["query", "variables", "token"]) sessionStorage.setItem("gql." + key, $(key).value);
  let variables;
  try { variables = $("variables").value.trim() ? JSON.parse($("variables").value) : undefined; }
  catch (e) { $("result").textContent = "Variables are not JSON: " + e.message; return; }
  // The check still due for what was just typed runs now, so it cannot wipe the server's errors.
  clearTimeout(pending);
  update();
  $("result").textContent = "…";
  const { status, body } = await post($("query").value, variables);
  let json;
  try { json = JSON.parse(body); } catch {}
  $("result").textContent = "HTTP " + status + "\n" + (json === undefined ? body : JSON.stringify(json, null, 2));
  if (!json) return;
  // The server's errors, placed by their locations, before the page's own.
  const query = $("query").value;
  showProblems((json.errors || []).map((e) => {
    const loc = (e.locations && e.locations[0]) || { line: 1, column: 1 };
    return { server: true, line: loc.line, col: loc.column, offset: offsetOf(query, loc.line, loc.column), message: e.message };
  }));
}

// The schema, read once by introspection: listed beside the query and checked against as it is typed.
let schemaTypes = new Map();
let rootType = "Query";
const named = (t) => (t.ofType ? named(t.ofType) : t.name);
const typeName = (t) => t.kind === "NON_NULL" ? typeName(t.ofType) + "!" : t.kind === "LIST" ? "[" + typeName(t.ofType) + "]" : t.name;

async function loadSchema() {
  const q = "{ __schema { queryType { name } types { name kind description fields { name description type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } enumValues { name description } } } }";
  const schema = JSON.parse((await post(q)).body).data.__schema;
  rootType = schema.queryType.name;
  schemaTypes = new Map(schema.types.map((t) => [t.name, t]));
  update();
  const types = schema.types.filter((t) => !t.name.startsWith("__") && t.kind !== "SCALAR");
  types.sort((a, b) => (a.name === "Query" ? -1 : b.name === "Query" ? 1 : a.name.localeCompare(b.name)));
  for (const t of types) {
    const entries = [
      ...(t.fields ?? []).map((f) => [f.name + ": " + typeName(f.type), f.description]),
      ...(t.enumValues ?? []).map((v) => [v.name, v.description]),
    ];
    const list = el("ul", ...entries.map(([code, about]) => el("li", el("code", code), el("div", about ?? ""))));
    const box = el("details", el("summary", t.name + (t.kind === "ENUM" ? " (enum)" : "")), el("p", t.description ?? ""), list);
    box.open = t.name === "Query";
    $("schema").append(box);
  }
}

// A token per match: skipped (comments, spaces, commas), a string, a name, a number, "..." or one character.
const TOKEN = /(#[^\n]*|[\s,]+)|("""[\s\S]*?(?:"""|$)|"(?:\\[\s\S]?|[^"\\\n])*["\n]?)|([_A-Za-z]\w*)|(-?\d[\d.eE+-]*)|\.\.\.|[\s\S]/gy;

function tokenize(text) {
  const tokens = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1]) continue;
    tokens.push({ kind: m[2] ? "string" : m[3] ? "name" : m[4] ? "number" : m[0], value: m[3], offset: m.index });
  }
  return tokens;
}

/** Line and column, from 1, of an offset of the text. */
function position(text, offset) {
  const lines = text.slice(0, offset).split("\n");
  return { line: lines.length, col: lines[lines.length - 1].length + 1, offset };
}

function offsetOf(text, line, col) {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + col - 1);
}

function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return row[b.length];
}

function didYouMean(name, options) {
  const lower = name.toLowerCase();
  const near = options
    .map((o) => ({ o, d: o.toLowerCase().startsWith(lower) ? 0 : distance(lower, o.toLowerCase()) }))
    .filter((x) => x.d <= Math.max(1, Math.floor(name.length / 3)))
    .sort((a, b) => a.d - b.d || a.o.localeCompare(b.o))
    .slice(0, 3)
    .map((x) => '"' + x.o + '"');
  if (near.length === 0) return "";
  const list = near.length === 1 ? near[0] : near.slice(0, -1).join(", ") + ", or " + near[near.length - 1];
  return " Did you mean " + list + "?";
}

/** The query's problems (unknown fields with the nearest names, unclosed selections) and its selections' types. */
function check(text) {
  const tokens = tokenize(text);
  const problems = [];
  const scopes = [];
  let p = 0;
  const peek = () => tokens[p];
  const next = () => tokens[p++];
  const is = (kind, value) => peek() && peek().kind === kind && (value === undefined || peek().value === value);
  const report = (t, message) => problems.push({ ...position(text, t ? t.offset : text.length), message });
  const skipParentheses = () => {
    let depth = 0;
    do {
      const t = next();
      if (!t) return report(undefined, 'Expected ")" before the end of the query.');
      if (t.kind === "(") depth++;
      else if (t.kind === ")") depth--;
    } while (depth > 0);
  };
  const skipDirectives = () => {
    while (is("@")) { next(); next(); if (is("(")) skipParentheses(); }
  };
  // "on Type", then the fragment's selection of that type.
  const typeCondition = () => {
    const on = next();
    if (on && !schemaTypes.has(on.value)) report(on, 'Unknown type "' + on.value + '".');
    skipDirectives();
    if (is("{")) selectionSet(on && on.value);
  };
  function selectionSet(typeName) {
    const open = next();
    const scope = { type: typeName, start: open.offset + 1, end: text.length };
    scopes.push(scope);
    const type = typeName ? schemaTypes.get(typeName) : undefined;
    for (;;) {
      const t = peek();
      if (!t) return report(undefined, 'Expected "}" to close the selection' + (typeName ? " of " + typeName : "") + ".");
      if (t.kind === "}") { next(); scope.end = t.offset; return; }
      if (t.kind === "...") {
        next();
        if (is("name", "on")) { next(); typeCondition(); }
        else if (is("name")) { next(); skipDirectives(); }
        else { skipDirectives(); if (is("{")) selectionSet(typeName); }
        continue;
      }
      if (t.kind !== "name") { report(t, 'Unexpected "' + t.kind + '": a field name goes here.'); next(); continue; }
      next();
      let field = t;
      if (is(":")) { next(); if (is("name")) field = next(); }
      if (is("(")) skipParentheses();
      skipDirectives();
      let fieldType;
      if (field.value === "__schema") fieldType = "__Schema";
      else if (field.value === "__type") fieldType = "__Type";
      else if (field.value !== "__typename" && type && type.fields) {
        const found = type.fields.find((f) => f.name === field.value);
        if (found) fieldType = named(found.type);
        else report(field, 'Cannot query field "' + field.value + '" on type "' + typeName + '".' + didYouMean(field.value, type.fields.map((f) => f.name)));
      }
      if (is("{")) selectionSet(fieldType);
    }
  }
  while (peek()) {
    const t = peek();
    if (t.kind === "{") { selectionSet(rootType); continue; }
    if (t.kind === "name" && (t.value === "query" || t.value === "mutation" || t.value === "subscription")) {
      next();
      if (t.value !== "query") report(t, "This API is read-only: only queries, no " + t.value + "s.");
      if (is("name")) next();
      if (is("(")) skipParentheses();
      skipDirectives();
      if (is("{")) selectionSet(t.value === "query" ? rootType : undefined);
      else report(peek(), 'Expected "{" to start the selection.');
      continue;
    }
    if (t.kind === "name" && t.value === "fragment") {
      next(); next(); next();
      typeCondition();
      continue;
    }
    report(t, 'Unexpected "' + (t.value || t.kind) + '": an operation starts with query, fragment or "{".');
    next();
  }
  return { problems, scopes };
}

/** The errors of the query the server ran (none while typing), then the page's own problems. */
function showProblems(server) {
  const list = [...server, ...(schemaTypes.size > 0 ? check($("query").value).problems : [])];
  const line = (problem) => (problem.server ? "server: " : "") + "line " + problem.line + ", column " + problem.col + ": " + problem.message;
  $("problems").replaceChildren(...(list.length === 0
    ? [el("li", "No problems found.")]
    : list.map((problem) => el("li", button(line(problem), () => { moveTo(problem.offset); suggest(); })))));
}

/** The fields of the selection at the cursor that start with what is typed there. */
function suggest() {
  const area = $("query");
  const at = area.selectionStart;
  const scope = check(area.value).scopes.filter((s) => s.start <= at && at <= s.end).sort((a, b) => b.start - a.start)[0];
  const box = $("suggestions");
  box.replaceChildren();
  const type = scope && scope.type ? schemaTypes.get(scope.type) : undefined;
  if (!type || !type.fields) return;
  const partial = (/[_A-Za-z]\w*$/.exec(area.value.slice(0, at)) || [""])[0];
  const fits = type.fields.filter((f) => f.name.toLowerCase().startsWith(partial.toLowerCase())).slice(0, 12);
  if (fits.length === 0) return;
  box.append(el("span", "Fields of " + type.name + ": "));
  for (const f of fits) {
    const pick = button(f.name, () => {
      area.value = area.value.slice(0, at - partial.length) + f.name + area.value.slice(at);
      moveTo(at - partial.length + f.name.length);
      update();
    });
    pick.title = f.description || "";
    box.append(pick);
  }
}

let pending;
function update() {
  if (schemaTypes.size > 0) showProblems([]);
  suggest();
}
$("query").addEventListener("input", () => { clearTimeout(pending); pending = setTimeout(update, 150); });
for (const name of ["click", "keyup", "select"]) $("query").addEventListener(name, suggest);
$("run").addEventListener("click", run);
document.addEventListener("keydown", (e) => { if ((e.ctrlKey || e.metaKey) && e.key === "Enter") run(); });
loadSchema().catch((e) => { $("schema").textContent = "Could not load the schema: " + e.message; });
`;

export const EXPLORER_TITLE = "CATAN Tournament API — GraphQL explorer";

export function explorerPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${EXPLORER_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>${EXPLORER_TITLE}</h1>
  <input id="token" type="password" placeholder="Bearer token (optional)" aria-label="Bearer token" size="28">
  <button id="run" type="button">Run ▶</button>
  <a href="/docs">REST reference</a>
</header>
<main>
  <section>
    <label for="query">Query</label>
    <textarea id="query" spellcheck="false" aria-describedby="problems-label"></textarea>
    <div id="suggestions" role="group" aria-label="Fields that fit at the cursor"></div>
    <strong id="problems-label">Problems</strong>
    <ol id="problems" aria-labelledby="problems-label" aria-live="polite"></ol>
    <label for="variables">Variables (JSON)</label>
    <textarea id="variables" spellcheck="false"></textarea>
  </section>
  <section>
    <label for="result">Response</label>
    <pre id="result" aria-live="polite"></pre>
  </section>
  <section>
    <strong>Schema</strong>
    <div id="schema"></div>
  </section>
</main>
<script>${SCRIPT}</script>
</body>
</html>`;
}
