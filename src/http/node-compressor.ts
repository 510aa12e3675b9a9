/**
 * The Node compressor of cached bodies: node:zlib's brotli and gzip. Brotli at quality 5, not
 * the default 11: a body is compressed once per entity tag, but a leaderboard's tag moves with
 * every result, and quality 11 costs ~20× the CPU for a few percent of bytes.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { BodyCompressor, BodyEncoding, Bytes } from "./encoding";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const nodeCompressor: BodyCompressor = {
  encodings: ["br", "gzip"],
  async compress(encoding: BodyEncoding, bytes: Bytes): Promise<Bytes> {
    const out =
      encoding === "br"
        ? await brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          })
        : await gzipAsync(bytes, { level: 6 });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  },
};
