import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { unitAndPack, unitAndPackLabeler } from "./format";

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
    expect(es({ unit: "case", packValue: 48, packUnit: "ct" })).toBe("caja · 48 u.");
    expect(es({ unit: "case", packValue: 2.5, packUnit: "ct" })).toBe("caja · 2.5 u.");
  });
});
