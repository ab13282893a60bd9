import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import { categoryParam, groupInOrder, groupOf, orderedGroups, parseCategory, type CategoryGroup } from "./categories";

describe("the category in the URL", () => {
  it("reads dried and dry_produce as the same group", () => {
    expect(parseCategory("dried")).toEqual({ kind: "category", category: "dry_produce" });
    expect(parseCategory("dry_produce")).toEqual({ kind: "category", category: "dry_produce" });
    expect(parseCategory(" Dried ")).toEqual({ kind: "category", category: "dry_produce" });
  });

  it("reads the landing page's other category words as themselves", () => {
    for (const name of ["vegetables", "fruits", "herbs", "others"] as const) {
      expect(parseCategory(name)).toEqual({ kind: "category", category: name });
    }
    expect(parseCategory("FRUITS")).toEqual({ kind: "category", category: "fruits" });
  });

  it("shows everything when there is no category", () => {
    expect(parseCategory(null)).toEqual({ kind: "all" });
    expect(parseCategory("")).toEqual({ kind: "all" });
    expect(parseCategory("all")).toEqual({ kind: "all" });
  });

  it("turns an unknown category into the Uncategorized group", () => {
    for (const value of ["uncategorized", "meat", "<script>", "dried fruit", "vegetables'--", "x".repeat(5000)]) {
      expect(parseCategory(value)).toEqual({ kind: "uncategorized" });
    }
  });

  it("writes dry produce as dried in links and keeps the other words", () => {
    expect(categoryParam("dry_produce")).toBe("dried");
    expect(categoryParam("fruits")).toBe("fruits");
    expect(categoryParam("uncategorized")).toBe("uncategorized");
    for (const group of ["vegetables", "fruits", "dry_produce", "herbs", "others"] as const) {
      expect(parseCategory(categoryParam(group))).toEqual({ kind: "category", category: group });
    }
  });

  it("puts a stored value that is no category in Uncategorized", () => {
    expect(groupOf("herbs")).toBe("herbs");
    expect(groupOf(null)).toBe("uncategorized");
    expect(groupOf("dried")).toBe("uncategorized");
  });
});

describe("the order of the groups", () => {
  function labels(lang: "en" | "es") {
    const t = createI18n(lang).t;
    return (g: CategoryGroup) => t(`categories.${g}`, { ns: "catalog" });
  }

  it("is alphabetical by the translated name, Uncategorized last", () => {
    expect(orderedGroups(labels("en"), "en")).toEqual([
      "dry_produce",
      "fruits",
      "herbs",
      "others",
      "vegetables",
      "uncategorized",
    ]);
    // Frutas, Hierbas, Otros, Productos secos, Vegetales.
    expect(orderedGroups(labels("es"), "es")).toEqual([
      "fruits",
      "herbs",
      "others",
      "dry_produce",
      "vegetables",
      "uncategorized",
    ]);
  });

  it("gathers the items of each group and keeps their order", () => {
    const items = [
      { n: 1, g: "fruits" },
      { n: 2, g: "fruits" },
      { n: 3, g: "herbs" },
      { n: 4, g: null },
    ];
    const groups = groupInOrder(items, (i) => groupOf(i.g));
    expect(groups.map((g) => [g.group, g.items.map((i) => i.n)])).toEqual([
      ["fruits", [1, 2]],
      ["herbs", [3]],
      ["uncategorized", [4]],
    ]);
    expect(groupInOrder([], () => "fruits")).toEqual([]);
  });

  it("shows a group once when search ranking interleaves the groups, best match's group first", () => {
    // Ranked by a search for "lime": an exact name, then a prefix, then a match inside a word.
    const ranked = [
      { n: "Lime", g: "fruits" },
      { n: "Lime Leaves", g: "herbs" },
      { n: "Key Lime", g: "fruits" },
      { n: "Sublime Herb Mix", g: "herbs" },
    ];
    const groups = groupInOrder(ranked, (i) => groupOf(i.g));
    expect(groups.map((g) => [g.group, g.items.map((i) => i.n)])).toEqual([
      ["fruits", ["Lime", "Key Lime"]],
      ["herbs", ["Lime Leaves", "Sublime Herb Mix"]],
    ]);
  });
});
