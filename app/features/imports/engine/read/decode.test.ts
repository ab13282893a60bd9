import { describe, expect, it } from "vitest";
import { checkFileSize, decodeFile } from "./decode";
import { MAX_IMPORT_FILE_BYTES } from "../limits";

const SAMPLE = "Product/Service Name,Sales Description\r\nPIÑA 6,PIÑA GOLDEN 6CT\r\nCH ARBOL,Chile de Árbol – 1 kg\r\n";

const utf8 = (text: string) => new TextEncoder().encode(text);
function utf16(text: string, order: "le" | "be", bom: boolean) {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = (bom ? "\ufeff" : "") + text;
  for (let i = 0; i < units.length; i++) {
    const c = units.charCodeAt(i);
    bytes[2 * i + (order === "le" ? 0 : 1)] = c & 0xff;
    bytes[2 * i + (order === "le" ? 1 : 0)] = c >> 8;
  }
  return bytes;
}
/** Windows-1252 for the characters the sample uses. */
function cp1252(text: string) {
  const special: Record<string, number> = { "–": 0x96, "‘": 0x91, "’": 0x92 };
  return Uint8Array.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

describe("decodeFile", () => {
  it("reads UTF-8 with and without a byte order mark, dropping the mark", () => {
    const withBom = decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(SAMPLE)]));
    expect(withBom).toEqual({ ok: true, text: SAMPLE, encoding: "utf-8", bom: true });
    expect(decodeFile(utf8(SAMPLE))).toEqual({ ok: true, text: SAMPLE, encoding: "utf-8", bom: false });
  });

  it("reads UTF-16 little- and big-endian, with a byte order mark or without one", () => {
    for (const order of ["le", "be"] as const) {
      for (const bom of [true, false]) {
        const result = decodeFile(utf16(SAMPLE, order, bom));
        expect(result, `${order} ${bom}`).toEqual({ ok: true, text: SAMPLE, encoding: `utf-16${order}`, bom });
        expect(result.ok && result.text.includes("\u0000")).toBe(false);
      }
    }
  });

  it("reads Windows-1252 when the bytes are not UTF-8 (Ñ, Á, en dash, curly quotes)", () => {
    const text = "PIÑA 6,PIÑA GOLDEN 6CT\r\nCH ARBOL,Chile de Árbol – 1 kg\r\nPAPALO,PÁPALO 24CT ‘fresco’\r\n";
    const result = decodeFile(cp1252(text));
    expect(result).toEqual({ ok: true, text, encoding: "windows-1252", bom: false });
    expect(result.ok && /Ã|\ufffd/.test(result.text)).toBe(false);
  });

  it("accepts an ArrayBuffer", () => {
    const bytes = utf8(SAMPLE);
    expect(decodeFile(bytes.buffer.slice(0, bytes.length))).toMatchObject({ ok: true, text: SAMPLE });
  });

  it("refuses empty files, a byte order mark alone and blank text", () => {
    expect(decodeFile(new Uint8Array())).toEqual({ ok: false, rejection: { code: "empty_file" } });
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({ ok: false, rejection: { code: "empty_file" } });
    expect(decodeFile(new Uint8Array([0xff, 0xfe]))).toEqual({ ok: false, rejection: { code: "empty_file" } });
    expect(decodeFile(utf8(" \r\n\r\n"))).toEqual({ ok: false, rejection: { code: "empty_file" } });
  });

  it("refuses files over the limit, and says so from the size alone", () => {
    expect(checkFileSize(MAX_IMPORT_FILE_BYTES)).toBeNull();
    expect(checkFileSize(MAX_IMPORT_FILE_BYTES + 1)).toEqual({
      code: "file_too_large",
      maxBytes: MAX_IMPORT_FILE_BYTES,
      bytes: MAX_IMPORT_FILE_BYTES + 1,
    });
    expect(decodeFile(new Uint8Array(MAX_IMPORT_FILE_BYTES + 1).fill(0x41))).toMatchObject({
      ok: false,
      rejection: { code: "file_too_large" },
    });
  });

  it("refuses spreadsheets saved under a .csv name (ZIP/XLSX and legacy XLS)", () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);
    expect(decodeFile(zip)).toEqual({ ok: false, rejection: { code: "spreadsheet_not_csv" } });
    expect(decodeFile(ole)).toEqual({ ok: false, rejection: { code: "spreadsheet_not_csv" } });
  });

  it("refuses bytes that are not text, with or without NUL bytes", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    const noise = Uint8Array.from({ length: 4096 }, random);
    expect(decodeFile(noise)).toEqual({ ok: false, rejection: { code: "not_text" } });
    const noNul = noise.map((b) => (b === 0 ? 1 : b));
    expect(decodeFile(noNul)).toEqual({ ok: false, rejection: { code: "not_text" } });
    expect(decodeFile(utf8("a,b\r\nc\u0000d,e\r\n"))).toEqual({ ok: false, rejection: { code: "not_text" } });
  });

  it("drops a DOS end-of-file mark", () => {
    expect(decodeFile(new Uint8Array([...utf8("a,b\r\n"), 0x1a]))).toMatchObject({ ok: true, text: "a,b\r\n" });
  });
});
