import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

/**
 * What differs in every response of a page that is otherwise the same for everyone: the CSP nonce
 * of its scripts and the request's id (docs/decisions/033-public-page-cache.md).
 */
export type PerResponse = { nonce: string; requestId: string };

/** A kept answer: its text in pieces between the per-response strings, each piece also compressed once. */
type Entry = {
  status: number;
  headers: [string, string][];
  etag: string;
  parts: { text: string; bytes: number; deflated: Buffer; then: keyof PerResponse | null }[];
};

// Neither can occur in rendered HTML or in a data response, so they stand for the per-response strings.
const NONCE_MARK = "\u0000nonce\u0000";
const REQUEST_ID_MARK = "\u0000request-id\u0000";

/** How a kept page may be kept by a browser or a CDN: always asked again, answered 304 when unchanged. */
const SHARED_PAGE_HEADERS: [string, string][] = [
  ["Cache-Control", "public, no-cache"],
  ["Vary", "Accept-Language, Cookie, Accept-Encoding"],
];

const MARKS: Record<string, keyof PerResponse> = { [NONCE_MARK]: "nonce", [REQUEST_ID_MARK]: "requestId" };

const replaceAllOf = (text: string, value: string, mark: string) => (value ? text.replaceAll(value, mark) : text);

/** The template cut at its marks: each piece of text, compressed alone, and the mark that follows it. */
function splitAtMarks(template: string): Entry["parts"] {
  const pieces = template.split(new RegExp(`(${NONCE_MARK}|${REQUEST_ID_MARK})`));
  const parts: Entry["parts"] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const text = pieces[i];
    parts.push({
      text,
      bytes: Buffer.byteLength(text),
      // Ends on a byte boundary without ending the stream, so pieces can follow one another.
      deflated: deflateRawSync(text, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
      then: i + 1 < pieces.length ? MARKS[pieces[i + 1]] : null,
    });
  }
  return parts;
}

// RFC 1952: the magic bytes, deflate, no flags, no time, no extra flags, unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// RFC 1951: a final, empty block with fixed codes, which ends the stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A short text as an uncompressed ("stored") deflate block, starting on a byte boundary. */
function storedBlock(text: string) {
  const data = Buffer.from(text);
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The kept page gzipped with this response's own strings, without compressing it again: its
 * pieces were compressed once, and the strings go between them as stored blocks. Compressing a
 * 100 KB page for every response cost more than serving it.
 */
function gzipped(parts: Entry["parts"], fresh: PerResponse) {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    chunks.push(part.deflated);
    crc = crc32(part.text, crc);
    size += part.bytes;
    if (part.then) {
      const value = fresh[part.then];
      chunks.push(storedBlock(value));
      crc = crc32(value, crc);
      size += Buffer.byteLength(value);
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

const acceptsGzip = (acceptEncoding: string | null) =>
  new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encoding(["gzip", "identity"]) === "gzip";

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/**
 * Rendered answers kept in memory, by a key the caller derives from everything the answer depends
 * on. An answer is kept once it has been read whole, and only if the cache was not cleared while it
 * was being made, so a render that read the data before a change is never kept after it.
 */
export class PageCache {
  private entries: LRUCache<string, Entry>;
  private generation = 0;

  constructor({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // UTF-16 in memory, plus the headers and the entry around it.
      sizeCalculation: (entry) =>
        entry.parts.reduce((sum, part) => sum + part.text.length * 2 + part.deflated.length, 2048),
      ttl: ttlMs,
    });
  }

  get size() {
    return this.entries.size;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The kept answer for this response (gzipped when the asker takes gzip), or 304 when the asker
   * already holds it; null when none is kept.
   */
  answer(key: string, request: Request, fresh: PerResponse): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const headers = new Headers(entry.headers);
    if (matches(request.headers.get("if-none-match"), entry.etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    if (acceptsGzip(request.headers.get("accept-encoding"))) {
      headers.set("Content-Encoding", "gzip");
      return new Response(gzipped(entry.parts, fresh), { status: entry.status, headers });
    }
    const body = entry.parts.map((part) => (part.then ? part.text + fresh[part.then] : part.text)).join("");
    return new Response(body, { status: entry.status, headers });
  }

  /**
   * Renders a fresh answer, reads it whole and keeps it under `key` when it is one to share (a 200
   * that sets no cookie); returns what to send, with the headers a kept page carries.
   */
  async keep(key: string, render: () => Promise<Response>, rendered: PerResponse): Promise<Response> {
    const generation = this.generation;
    const response = await render();
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return response;
    const body = await response.text();
    const template = replaceAllOf(replaceAllOf(body, rendered.nonce, NONCE_MARK), rendered.requestId, REQUEST_ID_MARK);
    const etag = `W/"${createHash("sha256").update(template).digest("base64url").slice(0, 27)}"`;
    const headers = new Headers(response.headers);
    for (const [name, value] of SHARED_PAGE_HEADERS) headers.set(name, value);
    headers.set("ETag", etag);
    headers.delete("Content-Length");
    if (generation === this.generation) {
      this.entries.set(key, {
        status: response.status,
        headers: [...headers.entries()],
        etag,
        parts: splitAtMarks(template),
      });
    }
    return new Response(body, { status: response.status, headers });
  }
}
