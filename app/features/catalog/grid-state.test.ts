import { describe, expect, it } from "vitest";
import {
  afterSave,
  countCells,
  dirtyRows,
  draftRowsOf,
  mergeAllEdits,
  mergeEdits,
  parseDraft,
  rebaseOn,
  restoreCell,
  restoreDraft,
  setCell,
  type Edits,
} from "./grid-state";
import type { ManagedProduct } from "./manage.server";

function product(id: string, overrides: Partial<ManagedProduct> = {}): ManagedProduct {
  return {
    id,
    slug: id,
    nameEn: `Name ${id}`,
    nameEs: `Nombre ${id}`,
    descriptionEn: null,
    descriptionEs: null,
    category: "fruits",
    basePriceCents: 2500,
    quantity: 5,
    unit: "case",
    packValue: null,
    packUnit: null,
    availability: "in_stock",
    active: true,
    hidden: false,
    importReview: false,
    quickbooksId: null,
    sku: null,
    popularity: 0,
    imageKey: null,
    imageUrl: null,
    revision: 1,
    archived: false,
    updatedAt: "2026-11-26T10:00:00.000Z",
    ...overrides,
  };
}

describe("the grid's edits", () => {
  it("keeps only cells that differ from the saved value, and drops a row with none left", () => {
    const mango = product("mango");
    let edits: Edits = setCell({}, mango, "basePrice", "26.00");
    edits = setCell(edits, mango, "quantity", "7");
    expect(edits.mango!.cells).toEqual({ basePrice: "26.00", quantity: "7" });
    expect(countCells(edits)).toBe(2);
    edits = setCell(edits, mango, "basePrice", "25.00");
    expect(edits.mango!.cells).toEqual({ quantity: "7" });
    expect(restoreCell(edits, "mango", "quantity")).toEqual({});
  });

  it("after a save, keeps the cells typed while it ran as edits of the saved row", () => {
    const mango = product("mango");
    const sent = { mango: { basePrice: "26.00", quantity: "7" } };
    let edits = setCell(setCell({}, mango, "basePrice", "26.00"), mango, "quantity", "7");
    edits = setCell(edits, mango, "quantity", "8");
    const next = afterSave(edits, sent, { mango: 2 });
    expect(next.mango).toMatchObject({ revision: 2, cells: { quantity: "8" } });
    expect(next.mango!.saved).toMatchObject({ basePrice: "26.00", quantity: "7" });
    expect(afterSave(setCell({}, mango, "quantity", "7"), { mango: { quantity: "7" } }, { mango: 2 })).toEqual({});
  });

  it("flags big base-price moves, missing decimals, invalid cells, and rows changed or archived since", () => {
    const a = product("a");
    const b = product("b");
    const c = product("c");
    const d = product("d");
    let edits = setCell({}, a, "basePrice", "$41,50");
    edits = setCell(edits, b, "basePrice", "2592");
    edits = setCell(edits, c, "quantity", "lots");
    edits = setCell(edits, d, "basePrice", "26,00");
    const rows = dirtyRows([a, b, c, { ...d, revision: 2 }], edits);
    expect(rows.map((r) => [r.id, r.price, r.since, r.errors])).toEqual([
      ["a", "bigChange", null, null],
      ["b", "missingDecimals", null, null],
      ["c", null, null, { quantity: "manage.errors.quantityInvalid" }],
      ["d", null, "moved", null],
    ]);
    expect(dirtyRows([{ ...d, archived: true, revision: 2 }], edits).find((r) => r.id === "d")?.since).toBe("archived");
    // Taking the other person's save as the starting point clears the mark.
    expect(dirtyRows([{ ...d, revision: 2 }], rebaseOn(edits, [{ ...d, revision: 2 }]))[0]!.since).toBeNull();
  });
});

describe("the grid's draft", () => {
  const mango = product("mango");
  const lime = product("lime");
  const papaya = product("papaya");
  const rows = draftRowsOf(setCell(setCell({}, mango, "quantity", "7"), lime, "unit", "bag"), "?q=m");
  const draft = { version: 2 as const, savedAt: "2026-11-26T10:00:00.000Z", rows };

  it("is read back only when it is whole and holds edits", () => {
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(parseDraft({ ...draft, rows: {} })).toBeNull();
    expect(parseDraft({ ...draft, version: 3 })).toBeNull();
    expect(parseDraft({ ...draft, rows: { mango: { ...rows.mango, cells: { revision: "9" } } } })).toBeNull();
    expect(parseDraft({ ...draft, rows: { mango: { ...rows.mango, search: undefined } } })).toBeNull();
    expect(parseDraft("garbage")).toBeNull();
  });

  it("reads a draft of one page, written before rows kept their own, as rows of that page", () => {
    const plain = Object.fromEntries(Object.entries(rows).map(([id, { search: _, ...row }]) => [id, row]));
    expect(parseDraft({ version: 1, savedAt: draft.savedAt, search: "?q=m", rows: plain })).toEqual(draft);
  });

  it("comes back for the rows on the page, and keeps those of other pages and those gone from this one", () => {
    const spanning = { ...draft, rows: { ...rows, ...draftRowsOf(setCell({}, papaya, "unit", "box"), "?page=2") } };
    const restored = restoreDraft([mango], spanning, "?q=m");
    expect(Object.keys(restored.edits)).toEqual(["mango"]);
    expect(restored.left).toEqual({ lime: spanning.rows.lime });
    expect(restored.elsewhere).toEqual({ papaya: spanning.rows.papaya });
    // The same draft opened on the other page: papaya comes back, the rest waits for its page.
    const there = restoreDraft([papaya], spanning, "?page=2");
    expect(Object.keys(there.edits)).toEqual(["papaya"]);
    expect(there.left).toEqual({});
    expect(Object.keys(there.elsewhere)).toEqual(["mango", "lime"]);
  });

  it("lays a product's later cells over its earlier ones, from the older saved values", () => {
    const earlier = setCell({}, mango, "quantity", "7").mango!;
    const later = setCell({}, { ...mango, revision: mango.revision + 1 }, "unit", "bag").mango!;
    const merged = mergeEdits(earlier, later);
    expect(merged.cells).toEqual({ quantity: "7", unit: "bag" });
    expect(merged.revision).toBe(mango.revision);
    expect(mergeEdits(later, earlier).revision).toBe(mango.revision);
    expect(mergeAllEdits({ mango: earlier }, { mango: later, lime: rows.lime! })).toEqual({
      mango: merged,
      lime: rows.lime,
    });
  });
});
