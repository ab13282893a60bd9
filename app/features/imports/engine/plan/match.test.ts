import { describe, expect, it } from "vitest";
import type { UnderstoodRow } from "../types";
import { prepareRows } from "../prepare";
import { createDecider, indexExisting, type ExistingProduct, type RowChoice } from "./decide";
import { nameKey, packKey } from "./match";
import { planImport } from "./plan";

/** A product typed before the first import: no QuickBooks ID, in the list. */
function product(over: Partial<ExistingProduct> & { id: string; name: string }): ExistingProduct {
  return {
    quickbooksId: null,
    sku: null,
    priceCents: 1000,
    active: true,
    quantity: null,
    inList: true,
    archived: false,
    nameEs: "",
    category: "fruits",
    packValue: 40,
    packUnit: "lb",
    ...over,
  };
}

function row(over: Partial<UnderstoodRow> & { row: number; name: string }): UnderstoodRow {
  return {
    line: over.row + 1,
    item: `ITEM ${over.row}`,
    quickbooksId: `ITEM ${over.row}`,
    status: "product",
    aiStatus: "success",
    importable: true,
    active: true,
    description: "",
    nameEs: null,
    category: "fruits",
    packValue: 40,
    packUnit: "lb",
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

const catalogue = () => [
  product({ id: "bananas", name: "Bananas", nameEs: "Guineos" }),
  product({ id: "avocados", name: "Hass Avocados", nameEs: "Aguacates Hass", packValue: 48, packUnit: "ct" }),
  product({
    id: "cilantro",
    name: "Cilantro",
    nameEs: "Cilantro",
    category: "herbs",
    packValue: 60,
    packUnit: "bunch",
  }),
  product({ id: "beans", name: "Black Beans", nameEs: "Frijoles negros", category: "dry_produce", packValue: 50 }),
  product({
    id: "eggs",
    name: "Large White Eggs",
    nameEs: "Huevos blancos grandes",
    category: "others",
    packValue: 15,
    packUnit: "dz",
  }),
];

const plan = (
  rows: UnderstoodRow[],
  products = catalogue(),
  choices: Array<[number, RowChoice]> = [],
  nameMatch = true,
) => planImport(rows, indexExisting(products), 500, { nameMatch, choices: new Map(choices) });

describe("a name as the match compares it", () => {
  it("forgives case, accents, punctuation, plural and singular, and word order", () => {
    expect(nameKey("Hass Avocado")).toBe(nameKey("AVOCADOS, hass"));
    expect(nameKey("Aguacates Hass")).toBe(nameKey("aguacate hass"));
    expect(nameKey("Limones persas")).toBe(nameKey("Limón Persa"));
    expect(nameKey("Strawberries")).toBe(nameKey("Strawberry"));
    expect(nameKey("Chiles de árbol")).toBe(nameKey("Chile Arbol"));
    expect(nameKey("Piña")).toBe(nameKey("pina"));
    expect(nameKey("Organic Hass Avocado")).not.toBe(nameKey("Hass Avocado"));
    expect(nameKey("")).toBeNull();
  });

  it("reads a pack's unit as the trade does: bunches and counts alike, dz as dozen", () => {
    expect(packKey(60, "bunch")).toBe(packKey(60, "ct"));
    expect(packKey(15, "dozen")).toBe(packKey(15, "dz"));
    expect(packKey(1.1111, "bu")).toBe(packKey(1.111, "bu"));
    expect(packKey(40, "lb")).not.toBe(packKey(50, "lb"));
    expect(packKey(null, "lb")).toBeNull();
  });
});

describe("matching by name", () => {
  it("links a confident match, proposes a near one, and creates what matches nothing", () => {
    const { results, counts } = plan([
      row({ row: 1, name: "Banana", nameEs: "Plátano" }),
      row({ row: 2, name: "Hass Avocado", packValue: 60, packUnit: "ct" }),
      row({ row: 3, name: "Cilantro", category: "herbs", packValue: 60, packUnit: "ct" }),
      row({ row: 4, name: "Black Beans", category: "dry_produce", packValue: 25 }),
      row({ row: 5, name: "Large White Eggs", category: "others", packValue: 15, packUnit: "dozen" }),
      row({ row: 6, name: "Dragon Fruit" }),
    ]);
    expect(results.map((r) => [r.row, r.action, r.match, r.productId])).toEqual([
      [1, "updated", "name", "bananas"],
      [2, "created", "new", null],
      [3, "updated", "name", "cilantro"],
      [4, "created", "new", null],
      [5, "updated", "name", "eggs"],
      [6, "created", "new", null],
    ]);
    expect(results[1].candidates.map((c) => c.id)).toEqual(["avocados"]);
    expect(results[1].messages).toContainEqual({
      code: "similar_products",
      severity: "warning",
      params: { products: "Hass Avocados (48 ct)", productsEs: "Aguacates Hass (48 ct)" },
    });
    expect(results[5].candidates).toEqual([]);
    expect(results[0].messages).toContainEqual({
      code: "matched_by_name",
      severity: "info",
      params: { product: "Bananas" },
    });
    expect(counts).toMatchObject({ total: 6, new: 3, linked: 3 });
  });

  it("matches by the Spanish name too, but never across categories", () => {
    const { results } = plan([
      row({ row: 1, name: "Guineo banana", nameEs: "Guineos" }),
      row({ row: 2, name: "Bananas", category: "vegetables" }),
    ]);
    expect(results.map((r) => r.match)).toEqual(["name", "new"]);
  });

  it("proposes rather than links when two products have the same name and pack, or the name is ambiguous", () => {
    const twins = [
      product({ id: "a", name: "Basil" }),
      product({ id: "b", name: "Basil" }),
      product({ id: "c", name: "Basil", packValue: 1 }),
    ];
    const { results } = plan([row({ row: 1, name: "Basil" })], twins);
    expect(results[0]).toMatchObject({ action: "created", match: "new" });
    expect(results[0].candidates.map((c) => c.id)).toEqual(["a", "b", "c"]);
  });

  it("names at most five candidates when a name matches more products", () => {
    const many = [1, 2, 3, 4, 5, 6].map((n) => product({ id: `basil-${n}`, name: "Basil", packValue: n }));
    const { results } = plan([row({ row: 1, name: "Basil", packValue: 9 })], many);
    expect(results[0]).toMatchObject({ action: "created", match: "new" });
    expect(results[0].candidates).toHaveLength(5);
  });

  it("links a product to one row only: a later row of the same name and pack is new", () => {
    const { results } = plan([row({ row: 1, name: "Bananas" }), row({ row: 2, name: "Banana" })]);
    expect(results.map((r) => [r.match, r.productId])).toEqual([
      ["name", "bananas"],
      ["new", null],
    ]);
  });

  it("leaves out archived products and products that have a QuickBooks ID", () => {
    const { results } = plan(
      [
        row({ row: 1, name: "Bananas" }),
        row({ row: 2, name: "Cilantro", category: "herbs", packValue: 60, packUnit: "ct" }),
      ],
      [
        product({ id: "bananas", name: "Bananas", archived: true }),
        product({
          id: "cilantro",
          name: "Cilantro",
          category: "herbs",
          quickbooksId: "CIL",
          packValue: 60,
          packUnit: "ct",
        }),
      ],
    );
    expect(results.map((r) => r.match)).toEqual(["new", "new"]);
  });

  it("is off with nameMatch false: every unmatched row is new", () => {
    const { results } = plan([row({ row: 1, name: "Bananas" })], catalogue(), [], false);
    expect(results[0]).toMatchObject({ action: "created", match: "new", candidates: [] });
  });

  it("re-imports a linked product by its QuickBooks ID", () => {
    const first = plan([row({ row: 1, name: "Banana" })]);
    const linked = catalogue().map((p) => (p.id === first.results[0].productId ? { ...p, quickbooksId: "ITEM 1" } : p));
    const again = plan([row({ row: 1, name: "Banana" })], linked);
    expect(again.results[0]).toMatchObject({ match: "quickbooks-id", productId: "bananas", action: "unchanged" });
  });
});

describe("one product, one item", () => {
  it("never matches by SKU a product an earlier row linked by name", () => {
    const products = catalogue().map((p) => (p.id === "bananas" ? { ...p, sku: "X" } : p));
    const { results } = plan(
      [row({ row: 1, name: "Bananas", sku: "Y" }), row({ row: 2, name: "Plantain", sku: "X" })],
      products,
    );
    expect(results[0]).toMatchObject({ match: "name", productId: "bananas" });
    // Bananas holds SKU Y now: X is free, so the second item is a new product of its own.
    expect(results[1]).toMatchObject({ action: "created", match: "new", sku: "X" });
  });

  it("matches by the engine's reading of the item, not by the names a model gave it", () => {
    const prepared = prepareRows(
      [row({ row: 1, name: "Bananas", nameEs: "Guineos" })],
      { supersededBy: new Map(), firstRow: new Map() },
      {
        names: new Map([[1, { name: "Cavendish Banana Case", nameEs: "Caja de banano", category: "others" as const }]]),
        configured: true,
      },
    );
    expect(prepared[0]).toMatchObject({ name: "Cavendish Banana Case", matchName: "Bananas", matchCategory: "fruits" });
    const decide = createDecider(indexExisting(catalogue()));
    expect(decide(prepared[0])).toMatchObject({ action: "updated", match: "name" });
  });
});

describe("staff's choices", () => {
  const rows = () => [
    row({ row: 1, name: "Banana" }),
    row({ row: 2, name: "Hass Avocado", packValue: 60, packUnit: "ct" }),
    row({ row: 3, name: "Dragon Fruit" }),
  ];

  it("link a near match, make a confident one new, and leave a row out", () => {
    const { results, counts } = plan(rows(), catalogue(), [
      [1, { kind: "new" }],
      [2, { kind: "link", productId: "avocados" }],
      [3, { kind: "skip" }],
    ]);
    expect(results.map((r) => [r.action, r.match, r.productId, r.finalStatus])).toEqual([
      ["created", "new", null, "success"],
      ["updated", "name", "avocados", "success"],
      ["skipped", null, null, "skipped_by_staff"],
    ]);
    expect(results[0].candidates.map((c) => c.id)).toEqual(["bananas"]);
    expect(counts).toMatchObject({ total: 3, new: 1, linked: 1, skipped: { total: 1, byStaff: 1, duplicate: 0 } });
  });

  it("keep a product they chose from every other row's name match, before and after it", () => {
    const { results } = plan(
      [row({ row: 1, name: "Bananas" }), row({ row: 2, name: "Plantain" }), row({ row: 3, name: "Banana" })],
      catalogue(),
      [[2, { kind: "link", productId: "bananas" }]],
    );
    expect(results.map((r) => [r.match, r.productId])).toEqual([
      ["new", null],
      ["name", "bananas"],
      ["new", null],
    ]);
  });

  it("refuse a link to a product another row took, an archived one, or one that is gone", () => {
    const products = [
      ...catalogue().map((p) => (p.id === "bananas" ? { ...p, sku: "BAN" } : p)),
      product({ id: "old", name: "Old Figs", archived: true }),
    ];
    const first = row({ row: 1, name: "Banana", sku: "BAN" });
    const { results } = plan(
      [first, ...rows().slice(1), row({ row: 4, name: "Figs" }), row({ row: 5, name: "Kiwi" })],
      products,
      [
        [2, { kind: "link", productId: "bananas" }],
        [4, { kind: "link", productId: "old" }],
        [5, { kind: "link", productId: "gone" }],
      ],
    );
    expect(results.slice(1).map((r) => [r.finalStatus, r.messages[0].code])).toEqual([
      ["error_db_product", "link_taken"],
      ["success", "product_created"],
      ["error_db_product", "link_archived"],
      ["error_db_product", "link_missing"],
    ]);
    expect(results[0]).toMatchObject({ match: "sku", productId: "bananas" });
    expect(results[1].messages[0]).toMatchObject({ params: { product: "Bananas", row: 1, quickbooksId: "ITEM 1" } });
  });

  it("cannot link or make new a row its QuickBooks ID matched", () => {
    const products = [...catalogue(), product({ id: "dragon", name: "Pitaya", quickbooksId: "ITEM 3" })];
    const { results } = plan(rows(), products, [[3, { kind: "new" }]]);
    expect(results[2]).toMatchObject({ action: "error", finalStatus: "error_db_product" });
    expect(results[2].messages[0].code).toBe("choice_not_applicable");
  });
});
