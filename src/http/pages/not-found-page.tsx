import { Layout } from "./layout";
import type { PageContext } from "./page-context";

export function NotFoundPage({ p }: { p: PageContext }) {
  return (
    <Layout p={p} title={p.t.notFoundTitle}>
      <main>
        <h1>{p.t.notFoundTitle}</h1>
        <p>{p.t.notFoundText}</p>
        <p>
          <a href={p.link("/")}>{p.t.backHome}</a>
        </p>
      </main>
    </Layout>
  );
}
