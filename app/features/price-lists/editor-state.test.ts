import { describe, expect, it } from "vitest";
import type { EditorItem } from "./editor-items";
import { bulkPrice, dirtyRows, parseDraft, previewBulk, restoreDraft, sortEditorItems } from "./editor-state";

function item(productId: string, priceCents: number | null, parentCents: number | null = null): EditorItem {
  return {
    productId,
    slug: productId,
    name: productId,
    otherName: null,
    sku: null,
    category: "fruits",
    unit: null,
    packValue: null,
    packUnit: null,
    available: true,
    visible: true,
    priceCents,
    parentCents,
    pricedDay: "2026-11-26",
  };
}

const items = [item("mango", 1975), item("lime", 2500), item("basil", null, 400)];

describe("dirtyRows", () => {
  it("keeps only edits that differ from the saved price, each with what to check", () => {
    const rows = dirtyRows(
      items,
      {
        mango: { text: "46.66", base: 1975 },
        lime: { text: "25.00", base: 2500 },
        basil: { text: "abc", base: null },
      },
      new Set(),
    );
    expect(rows.map((r) => [r.item.productId, r.cents, r.flag?.kind ?? null])).toEqual([
      ["mango", 4666, "bigChange"],
      ["basil", null, "invalid"],
    ]);
  });
  it("reads a decimal comma, takes an emptied cell as no price (asked of nobody), and flags missing decimals", () => {
    const rows = dirtyRows(
      items,
      { mango: { text: "", base: 1975 }, lime: { text: "2592", base: 2500 }, basil: { text: "4,10", base: null } },
      new Set(),
    );
    expect(rows.map((r) => [r.item.productId, r.cents, r.flag?.kind ?? null])).toEqual([
      ["mango", null, null],
      ["lime", 259_200, "missingDecimals"],
      ["basil", 410, null],
    ]);
  });
  it("marks an edit whose saved price moved since it was typed, until the person confirms it", () => {
    const edits = { mango: { text: "20.00", base: 1900 } };
    expect(dirtyRows(items, edits, new Set())[0]?.flag).toEqual({ kind: "moved", now: 1975 });
    expect(dirtyRows(items, edits, new Set(["mango"]))[0]?.flag).toBeNull();
  });
});

describe("previewBulk", () => {
  it("moves the shown price (typed or saved) by the change and its rounding, leaving unpriced items alone", () => {
    const preview = previewBulk(
      items,
      { lime: { text: "24,00", base: 2500 } },
      {
        type: "percentage",
        value: 500,
        rounding: "ninety-nine",
        category: "fruits",
      },
    );
    expect(preview.rows.map((r) => [r.item.productId, r.from, r.to])).toEqual([
      ["mango", 1975, 2099],
      ["lime", 2400, 2499],
    ]);
    expect(preview.unpriced).toBe(1);
  });
  it("adds a fixed amount rounded to a quarter", () => {
    const preview = previewBulk([items[0]!], {}, { type: "fixed", value: 110, rounding: "quarter", category: null });
    expect(preview.rows[0]?.to).toBe(2075);
  });
});

describe("bulkPrice", () => {
  it.each([
    // Rounded to the nearest step when that keeps the change's direction: $21.00 reads $20.99.
    [2000, "percentage", 500, "ninety-nine", 2099],
    [2000, "percentage", 100, "quarter", 2025],
    // A raise rounded to the nearest step would end lower than it started: the next step up instead.
    [2500, "percentage", 100, "ninety-nine", 2599],
    [2000, "percentage", 50, "quarter", 2025],
    [2000, "fixed", 2, "nickel", 2005],
    // A cut, likewise, to the next step down.
    [2500, "percentage", -100, "ninety-nine", 2499],
    [2000, "percentage", -50, "quarter", 1975],
    [2599, "fixed", -50, "ninety-nine", 2499],
    // An adjustment too small to move the price by a cent still raises or cuts it.
    [120, "percentage", 40, "ninety-nine", 199],
    [160, "percentage", -30, "ninety-nine", 99],
    [2500, "percentage", 1, "ninety-nine", 2599],
    [2538, "percentage", -1, "nickel", 2535],
    // An adjustment of 0 only rounds.
    [2538, "percentage", 0, "nickel", 2540],
    // Below the rule's lowest price a cut is kept as it is, and a free item stays free.
    [90, "percentage", -1_000, "ninety-nine", 81],
    [0, "percentage", -500, "cent", 0],
    [0, "fixed", -1, "quarter", 0],
  ] as const)("takes %i cents by %s %i to %s: %i", (cents, type, value, rounding, expected) => {
    expect(bulkPrice(cents, { type, value, rounding })).toBe(expected);
  });
});

describe("drafts", () => {
  it("refuses what is not a draft, and lays a draft over the list, leaving out products no longer in it", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft({ version: 1, savedAt: "x", edits: {} })).toBeNull();
    expect(parseDraft({ version: 1, savedAt: "x", edits: { mango: { text: 5, base: 1 } } })).toBeNull();
    const draft = parseDraft({
      version: 1,
      savedAt: "2026-11-26T09:00:00.000Z",
      edits: { mango: { text: "21.00", base: 1975 }, gone: { text: "1.00", base: 100 } },
    });
    expect(draft).not.toBeNull();
    expect(restoreDraft(items, draft!)).toEqual({ edits: { mango: { text: "21.00", base: 1975 } }, gone: 1 });
  });
});

describe("sortEditorItems", () => {
  const list = [item("Mango", 1975), item("basil", null), item("Lime", 2500), item("apple", 1975)];
  const names = (sorted: EditorItem[]) => sorted.map((i) => i.name);

  it("keeps the list's own order by category, and sorts by name in the reader's alphabet", () => {
    expect(sortEditorItems(list, "category", "en")).toBe(list);
    expect(names(sortEditorItems(list, "alphabetical", "en"))).toEqual(["apple", "basil", "Lime", "Mango"]);
  });

  it("sorts by price either way, equal prices by name and unpriced items last", () => {
    expect(names(sortEditorItems(list, "price-asc", "en"))).toEqual(["apple", "Mango", "Lime", "basil"]);
    expect(names(sortEditorItems(list, "price-desc", "en"))).toEqual(["Lime", "apple", "Mango", "basil"]);
  });
});
