import { describe, expect, it } from "vitest";
import {
  catalogSearch,
  defaultSort,
  orderTerms,
  parseCatalogQuery,
  parsePage,
  parseSearch,
  parseSort,
  sortKeys,
} from "./query";

describe("the sort in the URL", () => {
  it("knows the six sorts of the specification", () => {
    expect([...sortKeys].sort()).toEqual(
      ["alphabetical", "category", "newest", "popularity", "price-asc", "price-desc"].sort(),
    );
    for (const key of sortKeys) expect(parseSort(key)).toBe(key);
  });

  it("falls back to the default sort, by category, for anything else", () => {
    expect(defaultSort).toBe("category");
    for (const value of [null, "", "price", "PRICE-ASC ", "cheapest", "1; drop table product", "x".repeat(1000)]) {
      expect(parseSort(value)).toBe(value === "PRICE-ASC " ? "price-asc" : "category");
    }
  });
});

describe("what each sort orders by", () => {
  it("orders by its key first and by name to break ties", () => {
    expect(orderTerms("newest")).toEqual([
      { field: "created", direction: "desc" },
      { field: "name", direction: "asc" },
    ]);
    expect(orderTerms("price-asc")[0]).toEqual({ field: "price", direction: "asc" });
    expect(orderTerms("price-desc")[0]).toEqual({ field: "price", direction: "desc" });
    expect(orderTerms("popularity")[0]).toEqual({ field: "popularity", direction: "desc" });
    expect(orderTerms("category")[0]).toEqual({ field: "category", direction: "asc" });
    expect(orderTerms("alphabetical")).toEqual([{ field: "name", direction: "asc" }]);
    for (const key of sortKeys) expect(orderTerms(key).at(-1)).toEqual({ field: "name", direction: "asc" });
  });
});

describe("the rest of the catalogue URL", () => {
  it("collapses and caps the search", () => {
    expect(parseSearch("  hass   avocado ")).toBe("hass avocado");
    expect(parseSearch(null)).toBe("");
    expect(parseSearch("a".repeat(500))).toHaveLength(100);
  });

  it("reads the page as a positive whole number, else the first page", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "abc", "NaN"]) expect(parsePage(value)).toBe(1);
    expect(parsePage("99999999999")).toBe(10_000);
  });

  it("parses a whole query and writes it back without the defaults", () => {
    const query = parseCatalogQuery(new URLSearchParams("category=dried&sort=bogus&q=%20rice&page=2"));
    expect(query).toEqual({
      category: { kind: "category", category: "dry_produce" },
      sort: "category",
      search: "rice",
      page: 2,
    });
    expect(catalogSearch({ category: "dried", sort: query.sort, search: query.search, page: 1 })).toBe(
      "?category=dried&q=rice",
    );
    expect(catalogSearch({ sort: "price-asc", page: 3 })).toBe("?sort=price-asc&page=3");
    expect(catalogSearch({})).toBe("");
  });
});
