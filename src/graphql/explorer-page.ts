/**
 * The GraphQL explorer served on `GET /graphql` to browsers: one self-contained page (no CDN,
 * no fonts, no bundle), so it works offline, on Node and on the Worker alike, and costs the
 * Worker bundle a few kilobytes instead of GraphiQL's megabytes. It runs queries with an
 * optional bearer token and lists the schema's types, fields and descriptions by introspection.
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
  button { font: inherit; padding: .3rem 1rem; border: 0; border-radius: 4px; background: #fff; color: #8b1e1e; font-weight: 700; cursor: pointer; }
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
  $("result").textContent = "…";
  const { status, body } = await post($("query").value, variables);
  try { $("result").textContent = "HTTP " + status + "\\n" + JSON.stringify(JSON.parse(body), null, 2); }
  catch { $("result").textContent = "HTTP " + status + "\\n" + body; }
}
const typeName = (t) => t.kind === "NON_NULL" ? typeName(t.ofType) + "!" : t.kind === "LIST" ? "[" + typeName(t.ofType) + "]" : t.name;
function text(tag, content) { const e = document.createElement(tag); e.textContent = content; return e; }
async function loadSchema() {
  const q = "{ __schema { types { name kind description fields { name description type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } enumValues { name description } } } }";
  const { body } = await post(q);
  const types = JSON.parse(body).data.__schema.types.filter((t) => !t.name.startsWith("__") && t.kind !== "SCALAR");
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
    <textarea id="query" spellcheck="false"></textarea>
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
