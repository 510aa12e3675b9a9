/**
 * DEVELOPMENT AND TEST HARNESS: the replication side of the Hrana test server (hrana-server.ts), the HTTP sync
 * protocol an embedded replica of `@libsql/client` (the `libsql` crate's sync protocol v2)
 * speaks to its primary. What the client does, read from libsql 0.9.30 `src/sync.rs`:
 *
 * - `GET /info` → `{"current_generation": N}` (N ≥ 1). A 2xx selects protocol v2.
 * - `GET /export/{generation}` → the database file at frame 0 of that generation, written
 *   as the replica's file on first start.
 * - `GET /sync/{generation}/{from}/{to}` → WAL frames `from ≤ n < to` (1-based), each a
 *   24-byte header (page number, database size after commit or 0) and a 4096-byte page,
 *   concatenated; past the last frame, a 400 `{"generation": N}`. The client inserts each
 *   frame with `libsql_wal_insert_frame`, which reads only the page number and the commit
 *   size (salts and checksums are its own), so the primary's frames are served as they are.
 *
 * The primary is a database file in WAL mode that is never checkpointed (one generation, the
 * WAL only grows), so its `-wal` file numbers the frames as the replica must, and the main
 * file stays the generation's snapshot. Only frames up to the last commit frame are served: a
 * transaction still open has not happened for a replica.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import type { Connection } from "./hrana-requests";

/** The page size the client's frame parser assumes (libsql `sync.rs`: PAGE_SIZE). */
export const SYNC_PAGE_SIZE = 4096;
const WAL_HEADER_SIZE = 32;
const FRAME_HEADER_SIZE = 24;
const FRAME_SIZE = FRAME_HEADER_SIZE + SYNC_PAGE_SIZE;
/** The only generation: the primary is never checkpointed. */
const GENERATION = 1;

/** Puts a fresh primary in the one shape the protocol can serve from (see the file comment). */
export function preparePrimary(db: Connection): void {
  db.exec(`PRAGMA page_size = ${SYNC_PAGE_SIZE}`);
  const mode = db.prepare("PRAGMA journal_mode = WAL").get([]) as { journal_mode: string };
  if (mode.journal_mode !== "wal")
    throw new Error(`the sync primary must be a file (journal ${mode.journal_mode})`);
  db.exec("PRAGMA wal_autocheckpoint = 0");
}

export interface SyncAnswer {
  status: number;
  body: Buffer | Record<string, unknown> | string;
}

/** Reads the committed frames of the primary's WAL file. */
class WalReader {
  private committed = 0; // frames known to be committed, a prefix that never changes
  constructor(private readonly walPath: string) {}

  /** The number of the last commit frame in the WAL now. */
  lastCommitted(): number {
    let size: number;
    try {
      size = statSync(this.walPath).size;
    } catch {
      return 0; // no WAL yet: nothing written since the snapshot
    }
    const frames = Math.floor(Math.max(0, size - WAL_HEADER_SIZE) / FRAME_SIZE);
    if (frames <= this.committed) return this.committed;
    const fd = openSync(this.walPath, "r");
    try {
      const walHeader = Buffer.alloc(WAL_HEADER_SIZE);
      readSync(fd, walHeader, 0, WAL_HEADER_SIZE, 0);
      if (walHeader.readUInt32BE(8) !== SYNC_PAGE_SIZE) throw new Error("unexpected WAL page size");
      const header = Buffer.alloc(FRAME_HEADER_SIZE);
      for (let n = this.committed + 1; n <= frames; n++) {
        readSync(fd, header, 0, FRAME_HEADER_SIZE, WAL_HEADER_SIZE + (n - 1) * FRAME_SIZE);
        // Frames of this WAL carry its salts; anything else is not part of it.
        if (!header.subarray(8, 16).equals(walHeader.subarray(16, 24))) break;
        if (header.readUInt32BE(4) !== 0) this.committed = n; // a commit frame
      }
    } finally {
      closeSync(fd);
    }
    return this.committed;
  }

  /** Frames `from` to `to` inclusive, as stored. */
  read(from: number, to: number): Buffer {
    const out = Buffer.alloc((to - from + 1) * FRAME_SIZE);
    const fd = openSync(this.walPath, "r");
    try {
      readSync(fd, out, 0, out.length, WAL_HEADER_SIZE + (from - 1) * FRAME_SIZE);
    } finally {
      closeSync(fd);
    }
    return out;
  }
}

export interface SyncEndpoint {
  /** Answers a GET of the sync protocol, or null when the path is not one of its routes. */
  answer(path: string): SyncAnswer | null;
  /** Frames served so far, and pull requests answered (frames or end of generation). */
  readonly framesServed: number;
  readonly pulls: number;
}

export function createSyncEndpoint(dbPath: string): SyncEndpoint {
  const wal = new WalReader(`${dbPath}-wal`);
  let framesServed = 0;
  let pulls = 0;
  const end = { status: 400, body: { generation: GENERATION } };

  function answer(path: string): SyncAnswer | null {
    if (path === "/info") return { status: 200, body: { current_generation: GENERATION } };
    const exported = /^\/export\/(\d+)$/.exec(path);
    if (exported) {
      if (Number(exported[1]) !== GENERATION) return { status: 404, body: "no such generation" };
      // The main file is frame 0 of the generation: nothing is ever checkpointed into it.
      return { status: 200, body: readFileSync(dbPath) };
    }
    const pull = /^\/sync\/(\d+)\/(\d+)\/(\d+)$/.exec(path);
    if (!pull) return null;
    pulls++;
    const [generation, from, to] = pull.slice(1).map(Number) as [number, number, number];
    if (generation !== GENERATION || from < 1 || to <= from) return end;
    const last = Math.min(to - 1, wal.lastCommitted());
    if (from > last) return end;
    framesServed += last - from + 1;
    return { status: 200, body: wal.read(from, last) };
  }

  return {
    answer,
    get framesServed() {
      return framesServed;
    },
    get pulls() {
      return pulls;
    },
  };
}
