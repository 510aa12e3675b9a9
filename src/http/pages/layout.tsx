import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { LANGUAGES, type Lang } from "./i18n";
import type { PageContext } from "./page-context";
import { BASE_CSS } from "./styles";

interface LayoutProps {
  p: PageContext;
  title: string;
  children?: Child;
  /** Page-specific CSS after the shared sheet. */
  css?: string;
  /** A full-window page (the venue screen) drops the site header and footer. */
  bare?: boolean;
  bodyClass?: string;
  script?: string;
}

export function LanguageMenu({ p }: { p: PageContext }) {
  return (
    <nav class="lang" aria-label={p.t.language}>
      <ul>
        {(Object.keys(LANGUAGES) as Lang[]).map((lang) => (
          <li>
            <a
              href={p.switchTo(lang)}
              lang={lang}
              hreflang={lang}
              aria-current={lang === p.lang ? "true" : undefined}
            >
              {LANGUAGES[lang].languageName}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The one layout of every page: language attribute, inline CSS, no external asset. */
export function Layout({ p, title, children, css, bare, bodyClass, script }: LayoutProps) {
  return (
    <html lang={p.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{raw(BASE_CSS + (css ?? ""))}</style>
      </head>
      <body class={bodyClass}>
        {bare ? null : (
          <header class="site">
            <a href={p.link("/")}>{p.t.siteTitle}</a>
            <LanguageMenu p={p} />
          </header>
        )}
        {children}
        {bare ? null : (
          <footer class="site">
            <span>{p.t.poweredBy}</span>
            <a href="/docs">{p.t.apiDocs}</a>
          </footer>
        )}
        {script ? <script>{raw(script)}</script> : null}
      </body>
    </html>
  );
}
