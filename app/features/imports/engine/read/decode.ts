import { MAX_IMPORT_FILE_BYTES } from "../limits";
import type { Rejection } from "../types";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export type DecodedFile = { ok: true; text: string; encoding: TextEncodingName; bom: boolean };
export type DecodeResult = DecodedFile | { ok: false; rejection: Rejection };

/** The size rule alone, for a caller that knows the size before reading the bytes (`File.size`, `stat`). */
export function checkFileSize(bytes: number): Rejection | null {
  return bytes > MAX_IMPORT_FILE_BYTES ? { code: "file_too_large", maxBytes: MAX_IMPORT_FILE_BYTES, bytes } : null;
}

function startsWith(bytes: Uint8Array, signature: number[]) {
  return signature.every((b, i) => bytes[i] === b);
}

/** ZIP (an .xlsx/.ods is one) and the legacy OLE2 container of .xls files. */
function isSpreadsheetContainer(bytes: Uint8Array) {
  return (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]) ||
    startsWith(bytes, [0x50, 0x4b, 0x07, 0x08]) ||
    startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  );
}

/**
 * UTF-16 without a byte order mark: ASCII-heavy text leaves every other byte zero. Returns the
 * byte order when the sample looks like that, else null.
 */
function sniffUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros >= pairs * 0.3 && evenZeros * 10 <= oddZeros) return "utf-16le";
  if (evenZeros >= pairs * 0.3 && oddZeros * 10 <= evenZeros) return "utf-16be";
  return null;
}

function decodeUtf16(bytes: Uint8Array, order: "utf-16le" | "utf-16be") {
  const even = bytes.length & ~1;
  if (order === "utf-16le") return new TextDecoder("utf-16le").decode(bytes.subarray(0, even));
  // Swapped into little-endian order, so no ICU data is needed for big-endian input.
  const swapped = new Uint8Array(even);
  for (let i = 0; i < even; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder("utf-16le").decode(swapped);
}

// Windows-1252's 0x80–0x9F; the rest of the code page is Latin-1. Node 20's TextDecoder reads
// "windows-1252" as Latin-1 (0x96 becomes a control character, not "–"), so the table is ours.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array) {
  const parts: string[] = [];
  const chunk = new Uint16Array(8192);
  for (let start = 0; start < bytes.length; start += chunk.length) {
    const end = Math.min(bytes.length, start + chunk.length);
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      chunk[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode(...chunk.subarray(0, end - start)));
  }
  return parts.join("");
}

function hasNul(bytes: Uint8Array) {
  return bytes.indexOf(0) !== -1;
}

/**
 * Text a person could have typed: no NUL, and control characters (other than tab, line feed and
 * carriage return) or undecodable characters in at most 1% of it. Random bytes fail this at once.
 */
function looksLikeText(text: string) {
  let suspicious = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127 || (c >= 0x80 && c <= 0x9f) || c === 0xfffd) {
      suspicious++;
    }
  }
  return suspicious * 100 <= text.length;
}

/**
 * Bytes → text. UTF-8 with or without a byte order mark; UTF-16 LE/BE with a byte order mark, or
 * without one when the zero bytes show it; otherwise Windows-1252 when the bytes are not valid
 * UTF-8 (what Excel on Windows saves). Refuses files over the limit, empty files (a byte order mark
 * alone is empty), spreadsheets saved under a .csv name, and anything that is not text. The text
 * returned never holds a NUL, a byte order mark, or a trailing DOS end-of-file mark.
 */
export function decodeFile(input: Uint8Array | ArrayBuffer): DecodeResult {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const tooLarge = checkFileSize(bytes.length);
  if (tooLarge) return { ok: false, rejection: tooLarge };
  if (bytes.length === 0) return { ok: false, rejection: { code: "empty_file" } };
  if (isSpreadsheetContainer(bytes)) return { ok: false, rejection: { code: "spreadsheet_not_csv" } };

  let text: string;
  let encoding: TextEncodingName;
  let bom = true;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    const body = bytes.subarray(3);
    if (hasNul(body)) return { ok: false, rejection: { code: "not_text" } };
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      return { ok: false, rejection: { code: "not_text" } };
    }
    encoding = "utf-8";
  } else if (startsWith(bytes, [0xff, 0xfe])) {
    text = decodeUtf16(bytes.subarray(2), "utf-16le");
    encoding = "utf-16le";
  } else if (startsWith(bytes, [0xfe, 0xff])) {
    text = decodeUtf16(bytes.subarray(2), "utf-16be");
    encoding = "utf-16be";
  } else {
    bom = false;
    const utf16 = sniffUtf16(bytes);
    if (utf16) {
      text = decodeUtf16(bytes, utf16);
      encoding = utf16;
    } else {
      if (hasNul(bytes)) return { ok: false, rejection: { code: "not_text" } };
      try {
        text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
        encoding = "utf-8";
      } catch {
        text = decodeWindows1252(bytes);
        encoding = "windows-1252";
      }
    }
  }

  if (text.endsWith("\u001a")) text = text.slice(0, -1);
  if (!looksLikeText(text)) return { ok: false, rejection: { code: "not_text" } };
  if (text.trim() === "") return { ok: false, rejection: { code: "empty_file" } };
  return { ok: true, text, encoding, bom };
}
