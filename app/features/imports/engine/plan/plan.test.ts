import { describe, expect, it } from "vitest";
import type { UnderstoodRow } from "../types";
import { indexExisting, type ExistingProduct } from "./decide";
import { planImport } from "./plan";

/** A product of the catalogue, in the list, active, without quantity on hand unless told. */
function product(over: Partial<ExistingProduct> & { id: string }): ExistingProduct {
  return {
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
  };
}

const existing = (...products: Array<Partial<ExistingProduct> & { id: string }>) =>
  indexExisting(products.map(product));

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
      new: 5,
      linked: 0,
      updated: 0,
      unchanged: 0,
      inactive: 1,
      skipped: { total: 1, duplicate: 1, byStaff: 0 },
      invalid: { total: 3, serviceItem: 1, knownNonProductCode: 1, invalidDescription: 1 },
      errors: 1,
      withoutPrice: 1,
      unrecognized: 1,
    });
    expect(plan.results[3]).toMatchObject({
      row: 4,
      action: "duplicate",
      messages: [{ code: "duplicate_superseded", params: { row: 5 } }],
    });
    expect(plan.results[4]).toMatchObject({ row: 5, action: "created", productId: null });
  });

  it("matches by QuickBooks ID, then by SKU, and tells updates from unchanged rows", () => {
    const catalogue = existing(
      { id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 },
      { id: "p2", quickbooksId: "AVO60", priceCents: 4500 },
      { id: "p3", quickbooksId: "KENT", priceCents: 1000 },
      { id: "p4", sku: "AVO-60", priceCents: 700 },
    );
    const plan = planImport(rows, catalogue);
    expect(plan.results.slice(0, 3).map((r) => [r.row, r.action, r.productId])).toEqual([
      [1, "unchanged", "p1"],
      [2, "updated", "p2"],
      [3, "updated", "p3"],
    ]);
    expect(plan.results[9]).toMatchObject({ row: 10, action: "updated", productId: "p4" });
    expect(plan.results[9].messages).toContainEqual({
      code: "matched_by_sku",
      severity: "info",
      params: { sku: "AVO-60" },
    });
    expect(plan.counts).toMatchObject({ new: 1, linked: 1, updated: 2, unchanged: 1 });
  });

  it("never matches by SKU a product that belongs to another QuickBooks item: the row is refused", () => {
    const catalogue = existing({
      id: "p9",
      quickbooksId: "OTHER",
      sku: "AVO-60",
      priceCents: 700,
      name: "Other Avocado",
    });
    const plan = planImport([rows[9]], catalogue);
    expect(plan.results).toMatchObject([
      {
        row: 10,
        action: "error",
        finalStatus: "error_db_product",
        dbProductStatus: "error",
        dbPriceStatus: "skipped",
        productId: null,
        messages: [
          {
            code: "sku_taken",
            severity: "error",
            params: { sku: "AVO-60", product: "Other Avocado", quickbooksId: "OTHER" },
          },
        ],
      },
    ]);
    expect(plan.counts).toMatchObject({ new: 0, errors: 1, withoutPrice: 0, unrecognized: 0 });
  });

  it("plans the writer's refusals: a SKU taken in the file or given to a second product, an archived product's price", () => {
    const catalogue = existing(
      { id: "p1", quickbooksId: "MANGO", sku: "MAN-1", priceCents: 1850, name: "Mango" },
      { id: "p2", quickbooksId: "LIME", sku: "LIM-1", priceCents: 3200, name: "Lime", archived: true },
      { id: "p3", quickbooksId: "PAPAYA", sku: "PAP-1", priceCents: 2900, archived: true },
    );
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "NEW A", sku: "NEW-1", name: "New A" }),
        row({ row: 2, quickbooksId: "NEW B", sku: "NEW-1" }),
        row({ row: 3, quickbooksId: "MANGO", sku: "LIM-1", priceCents: 1850 }),
        row({ row: 4, quickbooksId: "LIME", sku: "LIM-1", priceCents: 3300 }),
        // Archived, but its price stays: nothing to refuse.
        row({ row: 5, quickbooksId: "PAPAYA", sku: "PAP-1", priceCents: 2900 }),
      ],
      catalogue,
    );
    expect(plan.results.map((r) => (r.action === "error" ? r.messages[0].code : r.action))).toEqual([
      "created",
      "sku_taken",
      "sku_taken",
      "archived_price",
      "unchanged",
    ]);
    expect(plan.results[1].messages[0]).toMatchObject({ params: { product: "New A", quickbooksId: "NEW A" } });
    expect(plan.results[3]).toMatchObject({
      finalStatus: "error_db_price",
      productId: "p2",
      messages: [{ params: { product: "Lime" } }],
    });
    expect(plan.counts).toMatchObject({ new: 1, unchanged: 1, errors: 3 });
  });

  it("lets a SKU a product gives up in the file go to another item", () => {
    const catalogue = existing({ id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 });
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "AVO48", sku: "AVO-48B", priceCents: 5400 }),
        row({ row: 2, quickbooksId: "AVO48 ORG", sku: "AVO-48" }),
      ],
      catalogue,
    );
    expect(plan.results.map((r) => r.action)).toEqual(["updated", "created"]);
  });

  it("counts a product given twice once, so a SKU it gives up is free", () => {
    const avocado = product({ id: "p1", quickbooksId: "AVO48", sku: "AVO-48", priceCents: 5400 });
    // The screen asks for the products in several requests: by QuickBooks ID in one, by SKU in another.
    const catalogue = indexExisting([avocado, { ...avocado }]);
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "AVO48", sku: "AVO-48B", priceCents: 5400 }),
        row({ row: 2, quickbooksId: "AVO48 ORG", sku: "AVO-48" }),
      ],
      catalogue,
    );
    expect(plan.results.map((r) => r.action)).toEqual(["updated", "created"]);
  });

  it("matches by SKU the products without a QuickBooks ID in the order given, each for one item", () => {
    const older = product({ id: "older", sku: "KIW-1" });
    const newer = product({ id: "newer", sku: "KIW-1" });
    const ofQuickbooks = product({ id: "qb", quickbooksId: "KIWI OLD", sku: "KIW-1" });
    const plan = planImport(
      [
        row({ row: 1, quickbooksId: "KIWI A", sku: "KIW-1" }),
        row({ row: 2, quickbooksId: "KIWI B", sku: "KIW-1" }),
        row({ row: 3, quickbooksId: "KIWI C", sku: "KIW-1" }),
      ],
      indexExisting([ofQuickbooks, older, newer]),
    );
    expect(plan.results.map((r) => (r.action === "error" ? r.action : r.productId))).toEqual([
      "older",
      "newer",
      "error",
    ]);
    expect(plan.results[2].messages[0]).toMatchObject({
      code: "sku_taken",
      params: { sku: "KIW-1", quickbooksId: "KIWI OLD" },
    });
  });

  it("says a re-import of the same prices changes nothing", () => {
    const products = rows
      .filter((r) => r.importable)
      .map((r, i) =>
        product({ id: `p${i}`, quickbooksId: r.quickbooksId, sku: r.sku, priceCents: r.priceCents, active: r.active }),
      );
    const plan = planImport(rows, indexExisting(products));
    expect(plan.counts).toMatchObject({ new: 0, updated: 0, unchanged: 5 });
  });
});
