import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect";
import { parseRows } from "./parse";
import type { RawRow } from "../types";

const HEADER = "Product/Service Name,Sales Description,Type,Sales Price / Rate";

async function parse(text: string, batchSize?: number) {
  const detected = detectFormat(text);
  if (!detected.ok) throw new Error("not detected");
  const batches: RawRow[][] = [];
  const result = await parseRows(text, detected.format, { batchSize, onBatch: (rows) => void batches.push(rows) });
  return { result, batches, rows: batches.flat() };
}

describe("parseRows", () => {
  it("numbers data rows from 1, skipping blank rows, and keeps the physical line of each", async () => {
    const text = [
      HEADER,
      "AVO48,AGUACATE HASS 48CT,Inventory,54.00",
      ",,,",
      "",
      'MULTI,"CALABACITA GRIS 1/2 BU',
      'Proveedor: ""El Güero""",Non-inventory,14.00',
      "CIL30,CILANTRO 30CT,Inventory,14.00",
      ",,,",
      "",
    ].join("\r\n");
    const { result, rows } = await parse(text);
    expect(result).toEqual({ ok: true, rows: 3, blankRecords: 4, footerRecords: 0 });
    expect(rows.map((r) => [r.row, r.line, r.fields.name])).toEqual([
      [1, 2, "AVO48"],
      [2, 5, "MULTI"],
      [3, 7, "CIL30"],
    ]);
    expect(rows[1].fields.description).toBe('CALABACITA GRIS 1/2 BU\r\nProveedor: "El Güero"');
  });

  it("delivers rows in batches of the size asked, the last one smaller", async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `ITEM ${i},TOMATO ROMA 25LB,Inventory,21.00`);
    const { result, batches } = await parse([HEADER, ...lines].join("\n"), 5);
    expect(result).toMatchObject({ ok: true, rows: 12 });
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches[2].map((r) => r.row)).toEqual([11, 12]);
  });

  it("waits for a batch handler that returns a promise, keeping rows and line numbers in order", async () => {
    const lines = Array.from({ length: 9 }, (_, i) => `ITEM ${i},"TOMATO\nROMA",Inventory,21.00`);
    const text = [HEADER, ...lines].join("\n");
    const detected = detectFormat(text);
    if (!detected.ok) throw new Error("not detected");
    const seen: Array<[number, number]> = [];
    const result = await parseRows(text, detected.format, {
      batchSize: 2,
      onBatch: async (rows) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (const r of rows) seen.push([r.row, r.line]);
      },
    });
    expect(result).toMatchObject({ ok: true, rows: 9 });
    expect(seen).toEqual(Array.from({ length: 9 }, (_, i) => [i + 1, 2 + 2 * i]));
  });

  it("rejects the file when a quote never closes, naming the line it opened on", async () => {
    const text = [
      HEADER,
      "AVO48,AGUACATE HASS 48CT,Inventory,54.00",
      "CIL30,CILANTRO 30CT,Inventory,14.00",
      'MANGO ATAULFO 14,"MANGO ATAULFO 14CT, HONEY,Inventory,11.00',
      "TOM ROMA 25,TOMATO ROMA 25LB,Non-inventory,21.00",
    ].join("\r\n");
    const { result } = await parse(text);
    expect(result).toEqual({ ok: false, rejection: { code: "unclosed_quote", line: 4 } });
  });

  it("rejects a malformed quote too", async () => {
    const text = [HEADER, 'AVO48,"AGUACATE" HASS,Inventory,54.00', "CIL30,CILANTRO 30CT,Inventory,14.00"].join("\n");
    const { result } = await parse(text);
    expect(result).toMatchObject({ ok: false, rejection: { line: 2 } });
  });

  it("skips report titles above the header and footers below the data", async () => {
    const text = [
      "Produce Co LLC",
      "Product/Service List",
      "",
      HEADER,
      "AVO48,AGUACATE HASS 48CT,Inventory,54.00",
      "CIL30,CILANTRO 30CT,Inventory,14.00",
      "TOTAL,,,68.00",
      "",
      "Accrual Basis Thursday, January 2, 2025 10:15 AM GMT-05:00",
    ].join("\r\n");
    const { result, rows } = await parse(text);
    expect(result).toEqual({ ok: true, rows: 2, blankRecords: 1, footerRecords: 2 });
    expect(rows.map((r) => r.fields.name)).toEqual(["AVO48", "CIL30"]);
  });

  it("accepts a header without data rows", async () => {
    const { result, rows } = await parse(`${HEADER}\r\n`);
    expect(result).toEqual({ ok: true, rows: 0, blankRecords: 1, footerRecords: 0 });
    expect(rows).toEqual([]);
  });
});
