import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { sortCategoriesByName } from "./categories";
import { landingCategories } from "./content";

function sortedIn(lang: "en" | "es") {
  const t = createI18n(lang).getFixedT(lang, "public");
  return sortCategoriesByName(landingCategories, (c) => t(`categories.names.${c.id}`), lang).map((c) => c.id);
}

describe("landing category cards", () => {
  it("are sorted alphabetically by their English names", () => {
    // Dry Produce, Fruits, Herbs, Others, Vegetables
    expect(sortedIn("en")).toEqual(["dried", "fruits", "herbs", "others", "vegetables"]);
  });

  it("are sorted alphabetically by their Spanish names", () => {
    // Frutas, Hierbas, Otros, Productos secos, Vegetales
    expect(sortedIn("es")).toEqual(["fruits", "herbs", "others", "dried", "vegetables"]);
  });

  it("keep the specification's counts whatever the order", () => {
    const counts = Object.fromEntries(landingCategories.map((c) => [c.id, c.count]));
    expect(counts).toEqual({ vegetables: 120, fruits: 86, dried: 45, herbs: 32, others: 58 });
  });

  it("compare as the language sorts words: accents and case do not push a name to the end", () => {
    const names: Record<string, string> = { a: "Zanahorias", b: "ápices", c: "Berros", d: "éxito" };
    const sorted = sortCategoriesByName(
      ["a", "b", "c", "d"].map((id) => ({ id }) as { id: never }),
      (c) => names[c.id],
      "es",
    );
    expect(sorted.map((c) => names[c.id])).toEqual(["ápices", "Berros", "éxito", "Zanahorias"]);
  });

  it("does not change the list it is given", () => {
    const before = landingCategories.map((c) => c.id);
    sortedIn("es");
    expect(landingCategories.map((c) => c.id)).toEqual(before);
  });
});
