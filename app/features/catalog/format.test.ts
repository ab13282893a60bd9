import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { PACK_UNITS, SOLD_UNITS } from "~/features/imports/engine/types";
import { formatPackAmount, unitAndPack, unitAndPackLabeler } from "./format";

describe("unitAndPackLabeler", () => {
  it("gives the same labels as unitAndPack, in both languages, whatever the order of the rows", () => {
    const rows = [
      { unit: "case", packValue: 48, packUnit: "ct" },
      { unit: "case", packValue: 1, packUnit: "ct" },
      { unit: "case", packValue: 48, packUnit: "ct" },
      { unit: null, packValue: 25, packUnit: "lb" },
      { unit: "bag", packValue: null, packUnit: null },
      { unit: null, packValue: null, packUnit: null },
      { unit: "Crate", packValue: 2.5, packUnit: "kg" },
    ];
    for (const lang of ["en", "es"] as const) {
      const t = createI18n(lang).t;
      const label = unitAndPackLabeler(t, lang);
      for (const row of [...rows, ...rows.toReversed()]) expect(label(row)).toBe(unitAndPack(t, lang, row));
    }
    const es = unitAndPackLabeler(createI18n("es").t, "es");
    expect(es({ unit: "case", packValue: 48, packUnit: "ct" })).toBe("caja · 48 unidades");
    expect(es({ unit: "case", packValue: 2.5, packUnit: "ct" })).toBe("caja · 2 1/2 unidades");
  });
});

describe("the units an import writes", () => {
  it("each has a label in English and Spanish", () => {
    for (const lang of ["en", "es"] as const) {
      const i18n = createI18n(lang);
      for (const unit of SOLD_UNITS)
        expect(i18n.exists(`units.${unit}`, { ns: "catalog" }), `${lang} ${unit}`).toBe(true);
      for (const unit of PACK_UNITS) {
        const known = i18n.exists(`packUnits.${unit}`, { ns: "catalog", count: 2 });
        expect(known, `${lang} ${unit}`).toBe(true);
      }
    }
    const es = createI18n("es").t;
    expect(unitAndPack(es, "es", { unit: "pallet", packValue: 60, packUnit: "case" })).toBe("paleta · 60 cajas");
    expect(unitAndPack(es, "es", { unit: "dozen", packValue: 15, packUnit: "dozen" })).toBe("docena · 15 docenas");
    expect(unitAndPack(es, "es", { unit: "each", packValue: 1, packUnit: "each" })).toBe("unidad · 1 unidad");
    // A pack unit without a value: the word alone, in the reader's language.
    expect(unitAndPack(es, "es", { unit: null, packValue: null, packUnit: "case" })).toBe("caja");
    expect(unitAndPack(es, "es", { unit: null, packValue: null, packUnit: "bunch" })).toBe("manojo");
  });
});

describe("formatPackAmount", () => {
  it.each([
    [48, "48"],
    [1.111, "1 1/9"],
    [0.5, "1/2"],
    [2.5, "2 1/2"],
    [1.6, "1 3/5"],
    [0.667, "2/3"],
    [0.556, "5/9"],
    [1.125, "1 1/8"],
    [0.1, "0.1"],
    [2.375, "2 3/8"],
    [1.07, "1.07"],
  ])("writes %d as %j", (value, text) => {
    expect(formatPackAmount(value, "en")).toBe(text);
  });
  it("keeps the reader's decimals when no fraction fits", () => {
    expect(formatPackAmount(1234.07, "es")).toMatch(/^1.234.07$|^1,234\.07$/);
  });
});
