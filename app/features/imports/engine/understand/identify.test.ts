import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeFile } from "../read/decode";
import { detectFormat } from "../read/detect";
import { parseRows } from "../read/parse";
import { identifyRow, understandRow } from "./understand";

const DIR = path.resolve("tests/fixtures/quickbooks");
const files = [
  "qbo_small.csv",
  "qbd_small.csv",
  "qbo_large.csv",
  "variants/qbo_small_new_headers.csv",
  ...readdirSync(path.join(DIR, "bad")).map((f) => `bad/${f}`),
];

describe("identifyRow: the server's quick pass for repeated items", () => {
  it.each(files)("gives %s the same QuickBooks ID and decision as understandRow", async (file) => {
    const decoded = decodeFile(readFileSync(path.join(DIR, file)));
    if (!decoded.ok) return;
    const detected = detectFormat(decoded.text);
    if (!detected.ok) return;
    const differences: number[] = [];
    await parseRows(decoded.text, detected.format, {
      onBatch: (raws) => {
        for (const raw of raws) {
          const full = understandRow(raw, detected.format);
          const quick = identifyRow(raw, detected.format);
          if (quick.quickbooksId !== full.quickbooksId || quick.importable !== full.importable)
            differences.push(raw.row);
        }
      },
    });
    expect(differences).toEqual([]);
  });
});
