import { describe, expect, it } from "vitest";
import { CommitMemo } from "../src/db/commit-memo";

/** A stamp the test moves by hand, and a query that counts its runs. */
function setup() {
  let stamp: number | undefined = 1;
  let runs = 0;
  const memo = new CommitMemo<string>(3);
  return {
    memo,
    stampNow: () => stamp,
    setStamp: (s: number | undefined) => {
      stamp = s;
    },
    runs: () => runs,
    query: (answer: string, during?: () => void) => () => {
      runs++;
      during?.();
      return answer;
    },
  };
}

describe("answers kept until the next commit", () => {
  it("answers again from memory while the stamp stays, and queries again once it moves", async () => {
    const t = setup();
    expect(await t.memo.get(t.stampNow, "a", t.query("A1"))).toBe("A1");
    expect(await t.memo.get(t.stampNow, "a", t.query("A2"))).toBe("A1");
    expect(t.runs()).toBe(1);
    t.setStamp(2);
    expect(await t.memo.get(t.stampNow, "a", t.query("A3"))).toBe("A3");
    expect(t.runs()).toBe(2);
  });

  it("keeps nothing when a commit lands during the query, or without a stamp", async () => {
    const t = setup();
    expect(
      await t.memo.get(
        t.stampNow,
        "a",
        t.query("A1", () => t.setStamp(2)),
      ),
    ).toBe("A1");
    expect(await t.memo.get(t.stampNow, "a", t.query("A2"))).toBe("A2");
    expect(t.runs()).toBe(2);
    t.setStamp(undefined);
    await t.memo.get(t.stampNow, "b", t.query("B1"));
    await t.memo.get(t.stampNow, "b", t.query("B2"));
    expect(t.runs()).toBe(4);
  });

  it("keeps nothing when the stamp goes back during the query (a crashed commit recovered)", async () => {
    const t = setup();
    t.setStamp(8);
    await t.memo.get(
      t.stampNow,
      "a",
      t.query("partial", () => t.setStamp(7)),
    );
    t.setStamp(8); // a new commit reaches the same counter again
    expect(await t.memo.get(t.stampNow, "a", t.query("new"))).toBe("new");
  });

  it("stays within its bound", async () => {
    const t = setup();
    for (const key of ["a", "b", "c", "d"]) await t.memo.get(t.stampNow, key, t.query(key));
    expect(await t.memo.get(t.stampNow, "a", t.query("a again"))).toBe("a again");
  });
});
