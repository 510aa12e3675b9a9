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
  #problems button.link { background: none; color: inherit; font-weight: normal; padding: 0; text-align: left; text-decoration: underline; }
  #suggestions { min-height: 1.6rem; margin: .25rem 0; }
  #suggestions button { background: #eee; color: #1d1d1f; font-weight: normal; padding: .1rem .4rem; margin: 0 .2rem .2rem 0; }
  button { font: inherit; padding: .3rem 1rem; border: 0; border-radius: 4px; background: #fff; color: #8b1e1e; font-weight: 700; cursor: pointer; }
`;

const CHECKER = String.raw`
// The query checked in the page against the schema read once, as it is typed: unknown fields
// with the nearest names, unclosed selections, and the fields that fit where the cursor is.
let schemaTypes = new Map();
let rootType = "Query";
let serverProblems = [];
const named = (t) => (t.ofType ? named(t.ofType) : t.name);

function tokenize(text) {
  const tokens = [];
  let i = 0, line = 1, col = 1;
  const advance = (n) => {
    for (let k = 0; k < n && i < text.length; k++) {
      if (text[i] === "\n") { line++; col = 1; } else col++;
      i++;
    }
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === "#") { while (i < text.length && text[i] !== "\n") advance(1); continue; }
    if (/[\s,]/.test(ch)) { advance(1); continue; }
    const start = { offset: i, line, col };
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      advance((end < 0 ? text.length : end + 3) - i);
      tokens.push({ kind: "string", ...start });
      continue;
    }
    if (ch === '"') {
      advance(1);
      while (i < text.length && text[i] !== '"' && text[i] !== "\n") advance(text[i] === "\\" ? 2 : 1);
      advance(1);
      tokens.push({ kind: "string", ...start });
      continue;
    }
    if (text.startsWith("...", i)) { advance(3); tokens.push({ kind: "...", ...start }); continue; }
    const rest = text.slice(i, i + 200);
    const word = /^[_A-Za-z][_0-9A-Za-z]*/.exec(rest);
    if (word) { advance(word[0].length); tokens.push({ kind: "name", value: word[0], ...start }); continue; }
    const num = /^-?\d[\d.eE+-]*/.exec(rest);
    if (num) { advance(num[0].length); tokens.push({ kind: "number", ...start }); continue; }
    advance(1);
    tokens.push({ kind: ch, ...start });
  }
  return { tokens, end: { offset: text.length, line, col } };
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

function check(text) {
  const { tokens, end } = tokenize(text);
  const problems = [];
  const scopes = [];
  let p = 0;
  const peek = () => tokens[p];
  const next = () => tokens[p++];
  const is = (kind, value) => peek() && peek().kind === kind && (value === undefined || peek().value === value);
  const report = (t, message) => problems.push({ line: (t || end).line, col: (t || end).col, offset: (t || end).offset, message });
  const skipBalanced = (open, close) => {
    let depth = 0;
    do {
      const t = next();
      if (!t) return report(undefined, 'Expected "' + close + '" before the end of the query.');
      if (t.kind === open) depth++;
      else if (t.kind === close) depth--;
    } while (depth > 0);
  };
  const skipDirectives = () => {
    while (is("@")) { next(); next(); if (is("(")) skipBalanced("(", ")"); }
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
        if (is("name", "on")) {
          next();
          const on = next();
          if (on && !schemaTypes.has(on.value)) report(on, 'Unknown type "' + on.value + '".');
          skipDirectives();
          if (is("{")) selectionSet(on && on.value);
        } else if (is("name")) { next(); skipDirectives(); }
        else { skipDirectives(); if (is("{")) selectionSet(typeName); }
        continue;
      }
      if (t.kind !== "name") { report(t, 'Unexpected "' + t.kind + '": a field name goes here.'); next(); continue; }
      next();
      let field = t;
      if (is(":")) { next(); if (is("name")) field = next(); }
      if (is("(")) skipBalanced("(", ")");
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
      if (is("(")) skipBalanced("(", ")");
      skipDirectives();
      if (is("{")) selectionSet(t.value === "query" ? rootType : undefined);
      else report(peek(), 'Expected "{" to start the selection.');
      continue;
    }
    if (t.kind === "name" && t.value === "fragment") {
      next(); next(); next();
      const on = next();
      if (on && !schemaTypes.has(on.value)) report(on, 'Unknown type "' + on.value + '".');
      skipDirectives();
      if (is("{")) selectionSet(on && on.value);
      continue;
    }
    report(t, 'Unexpected "' + (t.value || t.kind) + '": an operation starts with query, fragment or "{".');
    next();
  }
  return { problems, scopes };
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

function showProblems(list) {
  const box = $("problems");
  box.replaceChildren();
  if (list.length === 0) { box.append(text("li", "No problems found.")); return; }
  for (const problem of list) {
    const li = document.createElement("li");
    const go = document.createElement("button");
    go.type = "button";
    go.className = "link";
    go.textContent = (problem.server ? "server: " : "") + "line " + problem.line + ", column " + problem.col + ": " + problem.message;
    go.addEventListener("click", () => {
      const area = $("query");
      area.focus();
      area.setSelectionRange(problem.offset, problem.offset);
      suggest();
    });
    li.append(go);
    box.append(li);
  }
}

function suggest() {
  const area = $("query");
  const at = area.selectionStart;
  const { scopes } = check(area.value);
  const scope = scopes.filter((s) => s.start <= at && at <= s.end).sort((a, b) => b.start - a.start)[0];
  const box = $("suggestions");
  box.replaceChildren();
  const type = scope && scope.type ? schemaTypes.get(scope.type) : undefined;
  if (!type || !type.fields) return;
  const partial = (/[_A-Za-z][_0-9A-Za-z]*$/.exec(area.value.slice(0, at)) || [""])[0];
  const fits = type.fields.filter((f) => f.name.toLowerCase().startsWith(partial.toLowerCase())).slice(0, 12);
  if (fits.length === 0) return;
  box.append(text("span", "Fields of " + type.name + ": "));
  for (const f of fits) {
    const pick = document.createElement("button");
    pick.type = "button";
    pick.textContent = f.name;
    pick.title = f.description || "";
    pick.addEventListener("click", () => {
      const value = area.value;
      area.value = value.slice(0, at - partial.length) + f.name + value.slice(at);
      const cursor = at - partial.length + f.name.length;
      area.focus();
      area.setSelectionRange(cursor, cursor);
      update();
    });
    box.append(pick);
  }
}

let pending;
function update() {
  serverProblems = [];
  if (schemaTypes.size > 0) showProblems(check($("query").value).problems);
  suggest();
}
$("query").addEventListener("input", () => { clearTimeout(pending); pending = setTimeout(update, 150); });
for (const name of ["click", "keyup", "select"]) $("query").addEventListener(name, suggest);

/** The errors of a query the server ran, placed by their locations, beside the page's own. */
function showServerErrors(body) {
  let errors = [];
  try { errors = JSON.parse(body).errors || []; } catch { return; }
  const query = $("query").value;
  serverProblems = errors.map((e) => {
    const loc = (e.locations && e.locations[0]) || { line: 1, column: 1 };
    return { server: true, line: loc.line, col: loc.column, offset: offsetOf(query, loc.line, loc.column), message: e.message };
  });
  showProblems([...serverProblems, ...(schemaTypes.size > 0 ? check(query).problems : [])]);
}
`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
const saved = (key, fallback) => sessionStorage.getItem(key) ?? fallback;
$("query").value = saved("gql.query", ${JSON.stringify(EXAMPLE)});
$("variables").value = saved("gql.variables", '{ "id": "evt_…" }');
$("token").value = saved("gql.token", "");
function headers() {
  const h = { "content-type": "application/json", accept: "application/json" };
  const token = $("token").value.trim();
  if (token) h.authorization = "Bearer " + token.replace(/^Bearer\\s+/i, "");
  return h;
}
async function post(query, variables) {
  const res = await fetch(location.pathname, { method: "POST", headers: headers(), body: JSON.stringify({ query, variables }) });
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
  try { $("result").textContent = "HTTP " + status + "\\n" + JSON.stringify(JSON.parse(body), null, 2); }
  catch { $("result").textContent = "HTTP " + status + "\\n" + body; }
  showServerErrors(body);
}
const typeName = (t) => t.kind === "NON_NULL" ? typeName(t.ofType) + "!" : t.kind === "LIST" ? "[" + typeName(t.ofType) + "]" : t.name;
function text(tag, content) { const e = document.createElement(tag); e.textContent = content; return e; }
async function loadSchema() {
  const q = "{ __schema { queryType { name } types { name kind description fields { name description type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } enumValues { name description } } } }";
  const { body } = await post(q);
  const schema = JSON.parse(body).data.__schema;
  rootType = schema.queryType.name;
  schemaTypes = new Map(schema.types.map((t) => [t.name, t]));
  update();
  const types = schema.types.filter((t) => !t.name.startsWith("__") && t.kind !== "SCALAR");
  types.sort((a, b) => (a.name === "Query" ? -1 : b.name === "Query" ? 1 : a.name.localeCompare(b.name)));
  for (const t of types) {
    const box = document.createElement("details");
    if (t.name === "Query") box.open = true;
    box.append(text("summary", t.name + (t.kind === "ENUM" ? " (enum)" : "")), text("p", t.description ?? ""));
    const list = document.createElement("ul");
    for (const f of t.fields ?? []) {
      const li = document.createElement("li");
      li.append(text("code", f.name + ": " + typeName(f.type)), text("div", f.description ?? ""));
      list.append(li);
    }
    for (const v of t.enumValues ?? []) {
      const li = document.createElement("li");
      li.append(text("code", v.name), text("div", v.description ?? ""));
      list.append(li);
    }
    box.append(list);
    $("schema").append(box);
  }
}
$("run").addEventListener("click", run);
${CHECKER}
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
