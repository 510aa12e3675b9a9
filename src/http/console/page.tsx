/**
 * The console's page machinery: every page is a GET that renders it and a POST that runs one of
 * its forms' actions through the API, then answers like a plain HTML form expects (303 back to
 * the page, or the page again with the refusal), or, for the offline queue's script, in JSON.
 */
import type { Context, Hono } from "hono";
import { ServiceError } from "../../services/errors";
import type { AppEnv } from "../context";
import { STATUS_OF } from "../problem";
import { type ApiAnswer, type ApiApp, type ApiCall, type ApiProblem, callApi } from "./api";
import { type ConsoleContext, consoleContext } from "./context";
import { ConsoleLayout } from "./layout";
import { type Refusal, refusalText } from "./refusal";
import { SignInPage } from "./sign-in-page";

/** A table's entry for a name the request chose: own keys only, so `constructor` names nothing. */
function ownValue<T>(table: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

type Renderable =
  | { toString(): string | Promise<string> }
  | Promise<{ toString(): string | Promise<string> }>;

/** The header of the offline queue's requests: they want the outcome in JSON. */
export const QUEUE_HEADER = "x-console-queue";

/** What a page renders from: the refusal of the form just sent, or what the last one did. */
export interface PageState {
  status?: number;
  refusal?: Refusal | undefined;
  done?: string | undefined;
  /** The refused form's values, to fill the form again. */
  values?: Record<string, string> | undefined;
  /** Every value of each field of the refused form (the seats' VP, in order). */
  lists?: Record<string, string[]> | undefined;
  /** What an action answered, when the page shows it (a new pairing code). */
  // biome-ignore lint/suspicious/noExplicitAny: the answer's shape is the action's
  answer?: any;
}

export type Render = (c: Context<AppEnv>, cx: ConsoleContext, state: PageState) => Promise<Response>;

export interface ActionArgs {
  c: Context<AppEnv>;
  cx: ConsoleContext;
  form: Record<string, string>;
  /** Every value of each field (check boxes, the seats of a sheet). */
  all: Record<string, string[]>;
  params: Record<string, string>;
  /** The form's Idempotency-Key (drawn when the form was rendered). */
  key: string | undefined;
  /** One API request; `idempotent` sends the form's key, `idempotencyKey` another (a sub-request's). */
  api(call: ApiCall & { idempotent?: boolean }): Promise<ApiAnswer>;
}

export interface ActionOutcome {
  answer: ApiAnswer;
  /** Labels of the fields a refusal may name. */
  labels?: Record<string, string>;
  /** Where the page scrolls to after the redirect. */
  anchor?: string;
  /** Show the page with the answer instead of redirecting (a code shown once). */
  show?: boolean;
  /** Where to go instead of back to the page. */
  redirect?: string;
}

export type Action = (args: ActionArgs) => Promise<ActionOutcome>;

export async function sendHtml(c: Context<AppEnv>, view: Renderable, status = 200): Promise<Response> {
  const html = `<!doctype html>${await (await view).toString()}`;
  // Every console page shows a device's own data and carries one-time keys: never stored.
  return c.body(html, status as 200, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
  });
}

/** A problem the page's own reads met (an id it may not see, a limit): the page says it. */
export function ProblemPage({ cx, problem }: { cx: ConsoleContext; problem: ApiProblem }) {
  return (
    <ConsoleLayout cx={cx} title={cx.m.cannotShow} refusal={{ problem }}>
      <p>
        <a href={cx.p.link("/console")}>{cx.m.backToConsole}</a>
      </p>
    </ConsoleLayout>
  );
}

/** Runs a page's reads; a service's refusal becomes the page's problem, in words. */
async function guarded(c: Context<AppEnv>, cx: ConsoleContext, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const status = STATUS_OF[error.kind];
    const problem: ApiProblem = {
      status,
      code: error.code,
      detail: error.message,
      ...(error.details.rule ? { rule: error.details.rule } : {}),
    };
    return sendHtml(c, <ProblemPage cx={cx} problem={problem} />, status >= 400 ? status : 404);
  }
}

/** Form fields as strings: the first value of each, and all values of each. */
async function formOf(c: Context<AppEnv>) {
  const body = await c.req.parseBody({ all: true });
  const form: Record<string, string> = {};
  const all: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    all[name] = values;
    form[name] = values[0] ?? "";
  }
  return { form, all };
}

function signedOut(c: Context<AppEnv>, cx: ConsoleContext, queue: boolean) {
  if (queue) return c.json({ ok: false, status: 401, message: cx.m.signedOutNow }, 401);
  // The console's home is the sign-in page of a device not signed in; any other page says 401.
  return sendHtml(c, <SignInPage cx={cx} />, c.req.path === "/console" ? 200 : 401);
}

/** Registers a console page: GET renders it for a signed-in device, POST runs its actions. */
export function consolePage(
  router: Hono<AppEnv>,
  app: ApiApp,
  path: string,
  render: Render,
  actions: Record<string, Action> = {},
) {
  router.get(path, async (c) => {
    const cx = consoleContext(c);
    if (!cx.device) return signedOut(c, cx, false);
    const done = c.req.query("done");
    return guarded(c, cx, () => render(c, cx, { done: ownValue(cx.m.done, done) }));
  });
  router.post(path, async (c) => {
    const cx = consoleContext(c);
    const queue = c.req.header(QUEUE_HEADER) === "1";
    if (!cx.device) return signedOut(c, cx, queue);
    const { form, all } = await formOf(c);
    const action = ownValue(actions, form.action);
    if (!action) {
      // Answered without the page's reads: this form is counted by no limit, since it calls no API.
      const problem = { status: 422, code: "validation_failed", detail: `Unknown action '${form.action}'.` };
      return queue
        ? c.json({ ok: false, status: 422, message: refusalText(cx, { problem }) }, 422)
        : sendHtml(c, <ProblemPage cx={cx} problem={problem} />, 422);
    }
    const key = form.key || undefined;
    const outcome = await action({
      c,
      cx,
      form,
      all,
      params: c.req.param() as Record<string, string>,
      key,
      api: ({ idempotent, ...call }) =>
        callApi(app, c, { ...call, idempotencyKey: call.idempotencyKey ?? (idempotent ? key : undefined) }),
    });
    const { answer } = outcome;
    if (queue) {
      if (answer.ok) return c.json({ ok: true, status: answer.status });
      const refusal: Refusal = { problem: answer.problem, labels: outcome.labels };
      return c.json(
        { ok: false, status: answer.status, code: answer.problem.code, message: refusalText(cx, refusal) },
        answer.status as 400,
      );
    }
    if (!answer.ok) {
      if (answer.problem.code === "device_session_ended") return signedOut(c, consoleContext(c), false);
      const refusal: Refusal = { problem: answer.problem, labels: outcome.labels };
      return guarded(c, cx, () =>
        render(c, cx, { status: answer.status, refusal, values: form, lists: all }),
      );
    }
    if (outcome.show)
      return guarded(c, cx, () =>
        render(c, cx, { answer: answer.body, done: ownValue(cx.m.done, form.action) }),
      );
    const target = new URL(outcome.redirect ?? c.req.path, c.req.url);
    target.searchParams.set("done", form.action!);
    const lang = c.req.query("lang");
    if (lang) target.searchParams.set("lang", lang);
    return c.redirect(`${target.pathname}${target.search}${outcome.anchor ? `#${outcome.anchor}` : ""}`, 303);
  });
}

/** A one-time key for a form: a retry of the same form is the same request to the API. */
export const formKey = () => crypto.randomUUID();

/** The hidden fields every console form carries. */
export function FormHidden({ action, key }: { action: string; key?: string }) {
  return (
    <>
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="key" value={key ?? formKey()} />
    </>
  );
}

/** A labelled text field; `value` is what the staff typed when its form was refused. */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  value?: string | undefined;
  maxlength: number;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        required={props.required ?? true}
        maxlength={props.maxlength}
        placeholder={props.placeholder}
        value={props.value ?? ""}
      />
    </>
  );
}

/**
 * A one-button form acting on one item of a list (a player, a device); the item's name follows
 * the button's label for screen readers, since every row has the same button.
 */
export function ItemAction(props: {
  action: string;
  field: string;
  id: string;
  label: string;
  itemName: string;
  tone?: "secondary" | "danger";
  queue?: string;
}) {
  return (
    <form method="post" class="inline" data-queue={props.queue}>
      <FormHidden action={props.action} />
      <input type="hidden" name={props.field} value={props.id} />
      <button type="submit" class={props.tone}>
        {props.label}
        <span class="visually-hidden"> {props.itemName}</span>
      </button>
    </form>
  );
}
