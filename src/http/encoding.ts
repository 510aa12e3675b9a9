/**
 * Content negotiation for cached bodies (RFC 9110 §12.5.3): the server picks br, then gzip,
 * among what the client accepts (q > 0) and what the runtime's compressor offers; else the
 * identity bytes. Compression is a dependency of createApp: Node passes node:zlib's (see
 * node-compressor.ts); Workers pass none, because Cloudflare compresses responses at the edge.
 */

export type BodyEncoding = "br" | "gzip";

/** Bytes over a plain ArrayBuffer: what Response bodies accept. */
export type Bytes = Uint8Array<ArrayBuffer>;

export interface BodyCompressor {
  /** The encodings offered, in the server's order of preference. */
  readonly encodings: readonly BodyEncoding[];
  compress(encoding: BodyEncoding, bytes: Bytes): Promise<Bytes>;
}

/** The q-value of each coding named in Accept-Encoding (`*` included), lower-cased. */
function acceptedCodings(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [k, v] = param.trim().split("=");
      if (k === "q") q = Number(v);
    }
    out.set(name, Number.isFinite(q) ? q : 0);
  }
  return out;
}

/** The encoding to send, or null for the identity bytes. */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offered: readonly BodyEncoding[],
): BodyEncoding | null {
  if (!acceptEncoding || offered.length === 0) return null;
  const accepted = acceptedCodings(acceptEncoding);
  const wildcard = accepted.get("*");
  for (const encoding of offered) {
    const q = accepted.get(encoding) ?? wildcard ?? 0;
    if (q > 0) return encoding;
  }
  return null;
}
