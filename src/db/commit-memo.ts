/**
 * Answers of read-only queries kept until the next commit to the database, by anyone: a
 * `ReadConnection`'s `commitStamp()` (SQLite's file change counter, db/local-reads.ts) stays
 * the same exactly as long as nothing is committed, so an answer given under one stamp is the
 * answer again while the stamp has not moved. Every request still authorises what it gets;
 * only the read is saved. Bounded by entries: at the bound the memo starts afresh.
 */
export class CommitMemo<T> {
  private stamp: number | undefined;
  private readonly answers = new Map<string, T>();

  constructor(private readonly maxEntries = 4096) {}

  /**
   * The answer to `key`: kept, when nothing was committed since it was read, else what
   * `query` answers now. An answer is kept only if the stamp was the same before and after
   * its query: a commit racing the query, or a reader's recovery of a crashed commit (which
   * puts the older counter back), leaves nothing behind to be served later.
   */
  async get(stampNow: () => number | undefined, key: string, query: () => T | Promise<T>): Promise<T> {
    const stamp = stampNow();
    if (stamp === undefined || stamp !== this.stamp) {
      this.answers.clear();
      this.stamp = stamp;
    }
    if (stamp !== undefined && this.answers.has(key)) return this.answers.get(key) as T;
    const answer = await query();
    if (stamp !== undefined && stamp === this.stamp && stampNow() === stamp) {
      if (this.answers.size >= this.maxEntries) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
