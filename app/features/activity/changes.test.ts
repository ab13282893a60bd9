import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { readChanges, readImportCounts } from "./changes";
import { fieldLabel, formatScalar, formatValue, humanize } from "./format";

describe("reading an entry's changes", () => {
  it("reads before/after pairs first, then plain values", () => {
    expect(readChanges({ source: "screen", priceCents: { before: 100, after: 120 } })).toEqual({
      kind: "fields",
      rows: [
        { field: "priceCents", kind: "pair", before: 100, after: 120 },
        { field: "source", kind: "value", value: "screen" },
      ],
    });
    expect(readChanges({ name: "Ana", invited: true, customers: ["a@x.test"] })).toMatchObject({
      kind: "fields",
      rows: [{ field: "name" }, { field: "invited" }, { field: "customers" }],
    });
  });

  it("has nothing to show for null or an empty object", () => {
    expect(readChanges(null)).toEqual({ kind: "none" });
    expect(readChanges(undefined)).toEqual({ kind: "none" });
    expect(readChanges({})).toEqual({ kind: "none" });
  });

  it.each([
    ["an array", [1, 2]],
    ["a string", "changed"],
    ["a number", 3],
    ["an object nested deeper", { a: { b: { c: 1 } } }],
    ["a pair holding an object nested deeper", { a: { before: { b: { c: 1 } }, after: 1 } }],
    ["a list of objects", { a: [{ b: 1 }] }],
    ["a number that is not finite", { a: Number.NaN }],
  ])("calls %s unexpected", (_, raw) => {
    expect(readChanges(raw)).toEqual({ kind: "unexpected" });
  });

  it("finds an import's counts at the top, under counts or summary, or in the run's own summary", () => {
    expect(readImportCounts({ total: 10, created: 2, processed_inactive: 1, outcome: "success" })).toEqual({
      totalProcessed: 10,
      created: 2,
      processedInactive: 1,
    });
    expect(readImportCounts({ counts: { updated: 3 } }, { summary: { errors: 4 } })).toEqual({ updated: 3, errors: 4 });
    expect(readImportCounts({ created: 1 }, { created: 9, skipped: 2 })).toEqual({ created: 1, skipped: 2 });
    expect(readImportCounts({ outcome: "failed" }, null)).toBeNull();
  });
});

describe("formatting a recorded value", () => {
  const en = { i18n: createI18n("en") };
  const es = { i18n: createI18n("es") };

  it("shows cents as money, and an adjustment by its type", () => {
    expect(formatScalar(en, "priceCents", 123456)).toBe("$1,234.56");
    expect(formatScalar(es, "basePriceCents", 2150)).toBe("$21.50");
    expect(formatScalar({ ...en, adjustmentType: "percentage" }, "adjustmentValue", -250)).toBe("-2.5%");
    expect(formatScalar({ ...en, adjustmentType: "fixed" }, "adjustmentValue", 125)).toBe("$1.25");
  });

  it("shows quantities, yes/no, none and dates in New York time", () => {
    expect(formatScalar(en, "quantity", 1234.5)).toBe("1,234.5");
    expect(formatScalar(es, "disabled", true)).toBe("Sí");
    expect(formatScalar(en, "banReason", null)).toBe("none");
    expect(formatScalar(en, "deletedAt", "2026-03-09T03:59:00.000Z")).toBe("Mar 8, 2026, 11:59 PM");
    expect(formatScalar(en, "availableFrom", "2026-03-09")).toBe("Mar 9, 2026");
  });

  it("translates the stored words it knows and keeps the others as written", () => {
    expect(formatScalar(es, "role", "seller")).toBe("Vendedor");
    expect(formatScalar(es, "source", "screen")).toBe("Editor de precios");
    expect(formatScalar(es, "password", "reset by link")).toBe("Restablecida con enlace");
    expect(formatScalar(es, "role", "pilot")).toBe("pilot");
    expect(formatScalar(es, "email", "a.b@x.test")).toBe("a.b@x.test");
  });

  it("joins lists and labels the parts of a record", () => {
    expect(formatValue(en, "customers", ["a@x.test", "b@x.test"])).toBe("a@x.test, b@x.test");
    expect(formatValue(en, "customers", [])).toBe("none");
    expect(formatValue(en, "counts", { created: 2, priceCents: 150 })).toBe("Created: 2, Price: $1.50");
  });

  it("labels known fields in the reader's language and others readably", () => {
    expect(fieldLabel(es.i18n.t, "priceCents")).toBe("Precio");
    expect(humanize("someNewField")).toBe("Some new field");
    expect(humanize("pack_unit")).toBe("Pack unit");
    expect(fieldLabel(en.i18n.t, "someNewField")).toBe("Some new field");
  });
});
