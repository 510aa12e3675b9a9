import { describe, expect, it } from "vitest";
import { createOrgClient } from "../helpers/auth";
import { createTestApp } from "../helpers/test-app";
import { createPlayers, jsonRequest } from "../helpers/workflow";

/** The target of `Link: <…>; rel="next"`, or null when the header names no next page. */
function nextLink(headers: Headers): string | null {
  const link = headers.get("link");
  if (!link) return null;
  const match = /<([^>]+)>\s*;\s*rel="next"/.exec(link);
  return match ? match[1]! : null;
}

describe('Link rel="next" beside nextCursor (RFC 8288)', () => {
  it("walks a list by its Link headers alone, in creation order, and stops on the last page", async () => {
    const ctx = await createTestApp();
    const org = await createOrgClient(ctx.app, ctx.db, { name: "Linked store" });
    const api = jsonRequest(ctx.app, org.auth);
    const created = await createPlayers(api, org.orgId, 7, "Linked");

    const seen: string[] = [];
    let url: string | null = `http://localhost/v1/orgs/${org.orgId}/players?limit=3`;
    let pages = 0;
    while (url) {
      const res = await api.get(url);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((p: { id: string }) => p.id));
      const next = nextLink(res.headers);
      // The header and the body say the same thing: a next page exactly when nextCursor is set.
      if (res.body.nextCursor === null) expect(next).toBeNull();
      else expect(new URL(next!).searchParams.get("cursor")).toBe(res.body.nextCursor);
      if (next) expect(new URL(next).searchParams.get("limit")).toBe("3");
      url = next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(created);
  });

  it("puts the link on PUBLIC_URL when it is configured, and exposes Link to browsers", async () => {
    const ctx = await createTestApp({ http: { publicUrl: "https://api.example.org/" } });
    const org = await createOrgClient(ctx.app, ctx.db, { name: "Public store" });
    const api = jsonRequest(ctx.app, org.auth);
    await createPlayers(api, org.orgId, 2, "Public");
    const res = await api.get(`/v1/orgs/${org.orgId}/players?limit=1`, { origin: "https://bot.example" });
    expect(nextLink(res.headers)).toBe(
      `https://api.example.org/v1/orgs/${org.orgId}/players?limit=1&cursor=${encodeURIComponent(res.body.nextCursor)}`,
    );
    expect(res.headers.get("access-control-expose-headers")?.split(/\s*,\s*/)).toContain("Link");
  });

  it("adds no Link to reads that are not pages, nor to a list's last page", async () => {
    const ctx = await createTestApp();
    const org = await createOrgClient(ctx.app, ctx.db, { name: "Plain store" });
    const api = jsonRequest(ctx.app, org.auth);
    const [id] = await createPlayers(api, org.orgId, 2, "Plain");
    const one = await api.get(`/v1/players/${id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("link")).toBeNull();
    const all = await api.get(`/v1/orgs/${org.orgId}/players?limit=2`);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.nextCursor).toBeNull();
    expect(all.headers.get("link")).toBeNull();
  });
});
