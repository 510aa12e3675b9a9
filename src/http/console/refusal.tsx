/**
 * A refusal as the console shows it: the API's problem in words, in the reader's language (the
 * code's title), with the rule it cites and the fields it names, then the API's own detail.
 */
import { isProblemCode, PROBLEM_CODES } from "../openapi/problem-codes";
import type { ApiProblem } from "./api";
import type { ConsoleContext } from "./context";

export interface Refusal {
  problem: ApiProblem;
  /** Form labels of the fields the problem names (`scores[1].vp` → "Jonas: VP"). */
  labels?: Record<string, string> | undefined;
}

/** The code's title in the reader's language (the catalogue's English title by default). */
function problemTitle(cx: ConsoleContext, code: string): string {
  const translated = cx.m.problems[code];
  if (translated) return translated;
  return isProblemCode(code) ? PROBLEM_CODES[code].title : code;
}

/** A field path as the form names it, or as the API does when the form has no such field. */
function fieldLabel(refusal: Refusal, path: string): string {
  return refusal.labels?.[path] ?? refusal.labels?.[path.replace(/\.[^.[]+$/, "")] ?? path;
}

/** The refusal in one line, for the offline queue's list. */
export function refusalText(cx: ConsoleContext, refusal: Refusal): string {
  const { problem } = refusal;
  const rule = problem.rule ? ` (${cx.m.rule(problem.rule)})` : "";
  const fields = (problem.errors ?? []).map((e) => fieldLabel(refusal, e.path)).filter(Boolean);
  const where = fields.length > 0 ? ` — ${[...new Set(fields)].join(", ")}` : "";
  return `${problemTitle(cx, problem.code)}${rule}${where}. ${problem.detail ?? ""}`.trim();
}

export function RefusalBox({ cx, refusal }: { cx: ConsoleContext; refusal: Refusal }) {
  const { problem } = refusal;
  const { m } = cx;
  return (
    <section class="refusal" role="alert" aria-labelledby="refusal-title" data-code={problem.code}>
      <h2 id="refusal-title">
        {m.refused}
        {m.colon} {problemTitle(cx, problem.code)}
      </h2>
      {problem.rule ? <p class="rule">{m.rule(problem.rule)}</p> : null}
      {problem.errors && problem.errors.length > 0 ? (
        <ul>
          {problem.errors.map((e) => (
            <li>
              <strong>{fieldLabel(refusal, e.path)}</strong>
              {m.colon} <span lang="en">{e.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {problem.detail ? (
        <p class="detail">
          {m.apiSays}
          {m.colon} <span lang="en">{problem.detail}</span>
        </p>
      ) : null}
    </section>
  );
}
