import { describe, expect, it } from "vitest";
import { searchKey } from "~/lib/search";
import { businessDay, filterPriceRows, noPriceFilters, parsePriceFilters } from "./price-filters";

type Row = { slug: string; category: string | null; available: boolean; key: string; day: string };
const rows: Row[] = [
  { slug: "banana", category: "fruits", available: true, key: searchKey("Bananas", "Guineos"), day: "2026-11-26" },
  { slug: "papaya", category: "fruits", available: false, key: searchKey("Papaya", "Papaya"), day: "2026-11-20" },
  { slug: "lime", category: "fruits", available: true, key: searchKey("Limes", "Limones"), day: "2026-11-25" },
  { slug: "basil", category: "herbs", available: false, key: searchKey("Basil", "Albahaca"), day: "2026-11-26" },
  { slug: "box", category: null, available: true, key: searchKey("Mystery box", "Caja"), day: "2026-11-26" },
];
const read = { searchKey: (r: Row) => r.key, pricedDay: (r: Row) => r.day };
const slugs = (filters: Partial<typeof noPriceFilters>) =>
  filterPriceRows(rows, { ...noPriceFilters, ...filters }, read, "2026-11-26").map((r) => r.slug);

describe("filterPriceRows", () => {
  it("narrows by category, availability and the prices set today, alone and together", () => {
    expect(slugs({})).toEqual(["banana", "papaya", "lime", "basil", "box"]);
    expect(slugs({ category: "fruits" })).toEqual(["banana", "papaya", "lime"]);
    expect(slugs({ category: "uncategorized" })).toEqual(["box"]);
    expect(slugs({ availability: "out-of-stock" })).toEqual(["papaya", "basil"]);
    expect(slugs({ availability: "in-stock", category: "fruits" })).toEqual(["banana", "lime"]);
    expect(slugs({ changedToday: true })).toEqual(["banana", "basil", "box"]);
    expect(slugs({ changedToday: true, category: "fruits", availability: "out-of-stock" })).toEqual([]);
  });

  it("searches with the site's one search in either language, within the other filters", () => {
    expect(slugs({ query: "guineo" })).toEqual(["banana"]);
    expect(slugs({ query: "limón" })).toEqual(["lime"]);
    expect(slugs({ query: "albahaca", category: "fruits" })).toEqual([]);
  });
});

describe("parsePriceFilters", () => {
  it("reads the GET form's fields and ignores what it does not know", () => {
    const params = new URLSearchParams("q=%20mango%20&category=dried&availability=in-stock&changed=today");
    expect(parsePriceFilters(params)).toEqual({
      query: "mango",
      category: "dry_produce",
      availability: "in-stock",
      changedToday: true,
    });
    expect(parsePriceFilters(new URLSearchParams("category=&availability=maybe&changed=yesterday"))).toEqual(
      noPriceFilters,
    );
  });
});

describe("businessDay", () => {
  it("is the date in Florida, not the reader's or the server's", () => {
    expect(businessDay("2026-11-27T03:30:00Z")).toBe("2026-11-26");
    expect(businessDay("2026-11-27T05:30:00Z")).toBe("2026-11-27");
  });
});
