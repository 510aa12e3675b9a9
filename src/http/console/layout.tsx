import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { LanguageMenu } from "../pages/layout";
import { BASE_CSS } from "../pages/styles";
import type { ConsoleContext } from "./context";
import { type Refusal, RefusalBox } from "./refusal";
import { CONSOLE_SCRIPT_PATH } from "./script";
import { CONSOLE_CSS } from "./styles";

interface ConsoleLayoutProps {
  cx: ConsoleContext;
  title: string;
  children?: Child;
  /** The way back up: links before the title. */
  trail?: { href: string; label: string }[];
  /** The refusal of the form this page answers, shown at its top. */
  refusal?: Refusal | undefined;
  /** What the last form did, said once after its redirect. */
  done?: string | undefined;
}

/** Every console page: header with the device and its menu, the queue's status, the page. */
export function ConsoleLayout({ cx, title, children, trail, refusal, done }: ConsoleLayoutProps) {
  const { p, m, device } = cx;
  return (
    <html lang={p.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · ${m.consoleTitle}`}</title>
        <style>{raw(BASE_CSS + CONSOLE_CSS)}</style>
        <script src={CONSOLE_SCRIPT_PATH} defer></script>
      </head>
      <body>
        <header class="site">
          <a href={p.link("/console")}>{m.consoleTitle}</a>
          {device ? (
            <nav aria-label={m.menu} class="menu">
              <span class="device">{m.deviceLabel(device.name, m.roles[device.role] ?? device.role)}</span>
              {device.limit ? null : <a href={p.link("/console")}>{m.events}</a>}
              {cx.can("devices:pair") ? <a href={p.link("/console/devices")}>{m.devices}</a> : null}
              <form method="post" action={p.link("/console/sign-out")} class="inline">
                <button type="submit" class="link">
                  {m.signOut}
                </button>
              </form>
            </nav>
          ) : null}
          <LanguageMenu p={p} />
        </header>
        <main id="main">
          <section
            id="queue"
            class="queue"
            aria-label={m.queueTitle}
            data-waiting={JSON.stringify(m.queueWaiting)}
            data-sending={m.queueSending}
            data-refused={m.queueRefused}
            data-dismiss={m.dismiss}
            data-offline={m.offline}
            hidden
          >
            <p role="status" aria-live="polite" class="queue-count"></p>
            <ul class="queue-refused"></ul>
          </section>
          {trail && trail.length > 0 ? (
            <nav aria-label={m.breadcrumb} class="trail">
              {trail.map((step, i) => (
                <>
                  {i > 0 ? " › " : ""}
                  <a href={step.href}>{step.label}</a>
                </>
              ))}
            </nav>
          ) : null}
          <h1>{title}</h1>
          {/* What the offline queue's script fetches again once its changes are sent. */}
          <div id="content">
            {refusal ? <RefusalBox cx={cx} refusal={refusal} /> : null}
            {done ? (
              <p class="done" role="status">
                {done}
              </p>
            ) : null}
            {children}
          </div>
        </main>
        <footer class="site">
          <span>{p.t.poweredBy}</span>
          <a href="/docs">{p.t.apiDocs}</a>
        </footer>
      </body>
    </html>
  );
}
