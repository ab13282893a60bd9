import { describe, expect, it } from "vitest";
import { indexExisting, planImport } from "./plan";
import type { UnderstoodRow } from "../types";

function row(over: Partial<UnderstoodRow> & { row: number }): UnderstoodRow {
  return {
    line: over.row + 1,
    item: over.quickbooksId ?? "ITEM",
    quickbooksId: "ITEM",
    status: "product",
    aiStatus: "success",
    importable: true,
    active: true,
    description: "",
    name: "Thing",
    nameEs: "Cosa",
    category: "others",
    packValue: null,
    packUnit: null,
    unit: "case",
    priceCents: 1000,
    sku: null,
    quantityOnHand: null,
    recognized: true,
    messages: [],
    raw: { row: over.row, line: over.row + 1, fields: {}, cells: [] },
    ...over,
  };
}

describe("planImport", () => {
  const rows = [
    row({ row: 1, quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 }),
    row({ row: 2, quickbooksId: "AVO60", priceCents: 4950 }),
    row({ row: 3, quickbooksId: "KENT", status: "processed_inactive", active: false }),
    row({ row: 4, quickbooksId: "TOMATILLO", priceCents: 3800 }),
    row({ row: 5, quickbooksId: "TOMATILLO", priceCents: 2100 }),
    row({ row: 6, quickbooksId: "DELIVERY", status: "skipped_service_item", importable: false }),
    row({ row: 7, quickbooksId: "FSC", status: "skipped_known_non_product_code", importable: false }),
    row({ row: 8, quickbooksId: "KIWI", status: "skipped_invalid_description", importable: false }),
    row({ row: 9, quickbooksId: null, status: "error", importable: false }),
    row({ row: 10, quickbooksId: "NEW", sku: "AVO-60", priceCents: null, recognized: false }),
  ];

  it("plans everything as new without a catalogue, last duplicate winning", () => {
    const plan = planImport(rows);
    expect(plan.counts).toEqual({
      total: 10,
      create: 5,
      update: 0,
      unchanged: 0,
      inactive: 1,
      skipped: { total: 4, service_item: 1, known_non_product_code: 1, invalid_description: 1, duplicate: 1 },
      errors: 1,
      withoutPrice: 1,
      unrecognized: 1,
    });
    expect(plan.rows[3]).toEqual({ row: 4, action: "skip", reason: "duplicate", supersededBy: 5 });
    expect(plan.rows[4]).toEqual({ row: 5, action: "create" });
  });

  it("matches by QuickBooks ID, then by SKU, and tells updates from unchanged rows", () => {
    const existing = indexExisting([
      { id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400, active: true },
      { id: "p2", quickbooksId: "AVO60", sku: null, priceCents: 4500 },
      { id: "p3", quickbooksId: "KENT", sku: null, priceCents: 1000, active: true },
      { id: "p4", quickbooksId: null, sku: "AVO-60", priceCents: 700 },
    ]);
    const plan = planImport(rows, existing);
    expect(plan.rows.slice(0, 3)).toEqual([
      { row: 1, action: "unchanged", productId: "p1", matchedBy: "quickbooks_id" },
      { row: 2, action: "update", productId: "p2", matchedBy: "quickbooks_id" },
      { row: 3, action: "update", productId: "p3", matchedBy: "quickbooks_id" },
    ]);
    expect(plan.rows[9]).toEqual({ row: 10, action: "update", productId: "p4", matchedBy: "sku" });
    expect(plan.counts).toMatchObject({ create: 1, update: 3, unchanged: 1 });
  });

  it("never matches by SKU a product that belongs to another QuickBooks item: the row is refused", () => {
    const existing = indexExisting([
      { id: "p9", quickbooksId: "OTHER", sku: "AVO-60", priceCents: 700, name: "Other Avocado" },
    ]);
    const plan = planImport([rows[9]], existing);
    expect(plan.rows).toEqual([
      {
        row: 10,
        action: "error",
        refusal: {
          status: "error_db_product",
          message: {
            code: "sku_taken",
            severity: "error",
            params: { sku: "AVO-60", product: "Other Avocado", quickbooksId: "OTHER" },
          },
          productId: null,
        },
      },
    ]);
    expect(plan.counts).toMatchObject({ create: 0, errors: 1, withoutPrice: 0, unrecognized: 0 });
  });

  it("plans the writer's refusals: a SKU taken in the file or given to a second product, an archived product's price", () => {
    const existing = indexExisting([
      { id: "p1", quickbooksId: "MANGO", sku: "MAN-1", priceCents: 1850, name: "Mango" },
      { id: "p2", quickbooksId: "LIME", sku: "LIM-1", priceCents: 3200, name: "Lime", archived: true, inList: true },
      { id: "p3", quickbooksId: "PAPAYA", sku: "PAP-1", priceCents: 2900, archived: true, inList: true },
    ]);
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "NEW A", sku: "NEW-1", name: "New A" }),
        row({ row: 2, quickbooksId: "NEW B", sku: "NEW-1" }),
        row({ row: 3, quickbooksId: "MANGO", sku: "LIM-1", priceCents: 1850 }),
        row({ row: 4, quickbooksId: "LIME", sku: "LIM-1", priceCents: 3300 }),
        // Archived, but its price stays: nothing to refuse.
        row({ row: 5, quickbooksId: "PAPAYA", sku: "PAP-1", priceCents: 2900 }),
      ],
      existing,
    );
    expect(plan.rows.map((r) => (r.action === "error" ? r.refusal?.message.code : r.action))).toEqual([
      "create",
      "sku_taken",
      "sku_taken",
      "archived_price",
      "unchanged",
    ]);
    expect(plan.rows[1]).toMatchObject({
      refusal: { message: { params: { product: "New A", quickbooksId: "NEW A" } } },
    });
    expect(plan.rows[3]).toMatchObject({
      refusal: { status: "error_db_price", message: { params: { product: "Lime" } } },
    });
    expect(plan.counts).toMatchObject({ create: 1, unchanged: 1, errors: 3 });
  });

  it("lets a SKU a product gives up in the file go to another item", () => {
    const existing = indexExisting([{ id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 }]);
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "AVO48", sku: "AVO-48B", priceCents: 5400 }),
        row({ row: 2, quickbooksId: "AVO48 ORG", sku: "AVO-48" }),
      ],
      existing,
    );
    expect(plan.rows.map((r) => r.action)).toEqual(["update", "create"]);
  });

  it("counts a product given twice once, so a SKU it gives up is free", () => {
    const avocado = { id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 };
    // The screen asks for the products in several requests: by QuickBooks ID in one, by SKU in another.
    const existing = indexExisting([avocado, { ...avocado }]);
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "AVO48", sku: "AVO-48B", priceCents: 5400 }),
        row({ row: 2, quickbooksId: "AVO48 ORG", sku: "AVO-48" }),
      ],
      existing,
    );
    expect(plan.rows.map((r) => r.action)).toEqual(["update", "create"]);
  });

  it("matches by SKU the products without a QuickBooks ID in the order given, each for one item", () => {
    const older = { id: "older", quickbooksId: null, sku: "KIW-1", priceCents: null };
    const newer = { id: "newer", quickbooksId: null, sku: "KIW-1", priceCents: null };
    const ofQuickbooks = { id: "qb", quickbooksId: "KIWI OLD", sku: "KIW-1", priceCents: null };
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "KIWI A", sku: "KIW-1" }),
        row({ row: 2, quickbooksId: "KIWI B", sku: "KIW-1" }),
        row({ row: 3, quickbooksId: "KIWI C", sku: "KIW-1" }),
      ],
      indexExisting([ofQuickbooks, older, newer]),
    );
    expect(plan.rows.map((r) => ("productId" in r ? r.productId : r.action))).toEqual(["older", "newer", "error"]);
    expect(plan.rows[2]).toMatchObject({
      refusal: { message: { code: "sku_taken", params: { sku: "KIW-1", quickbooksId: "KIWI OLD" } } },
    });
  });

  it("says a re-import of the same prices changes nothing", () => {
    const products = rows
      .filter((r) => r.importable)
      .map((r, i) => ({
        id: `p${i}`,
        quickbooksId: r.quickbooksId,
        sku: r.sku,
        priceCents: r.priceCents,
        active: r.active,
      }));
    const plan = planImport(rows, indexExisting(products));
    expect(plan.counts).toMatchObject({ create: 0, update: 0, unchanged: 5 });
  });
});
