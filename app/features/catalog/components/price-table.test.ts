import { describe, expect, it } from "vitest";
import { packPriceRows, unpackPriceRows, type SearchablePriceRow } from "./price-table";

describe("packPriceRows", () => {
  it("gives back the same rows, nulls, decimals, markup and shared words included", () => {
    const rows: SearchablePriceRow[] = [
      {
        slug: "mango",
        name: "Mango <b>Kent</b>",
        category: "fruits",
        unit: "case",
        packValue: 2.5,
        packUnit: "lb",
        priceCents: 2450,
        searchKey: "; mango b kent b ; mango ;",
        available: true,
        pricedDay: "2026-11-26",
      },
      {
        slug: "limes",
        name: 'Limes "persa"',
        category: null,
        unit: null,
        packValue: null,
        packUnit: null,
        priceCents: null,
        searchKey: "",
        available: false,
        pricedDay: "2026-11-25",
      },
      {
        slug: "kent",
        name: "Kent",
        category: "fruits",
        unit: "case",
        packValue: 9,
        packUnit: "ct",
        priceCents: 1999,
        searchKey: "; kent ;",
        available: true,
        pricedDay: "2026-11-26",
      },
      // The format's own characters, and what looks like its escapes, inside a text.
      {
        slug: "a|b",
        name: 'Mix | 100% %7C %25 %% \\ "',
        category: "fruits",
        unit: "",
        packValue: 0.125,
        packUnit: "",
        priceCents: 0,
        searchKey: "; mix 100 7c 25 ;",
        available: true,
        pricedDay: "2026-11-26",
      },
    ];
    expect(unpackPriceRows(packPriceRows(rows))).toEqual(rows);
    expect(unpackPriceRows(packPriceRows([]))).toEqual([]);
  });

  it("writes the rows without a quote, so the page's escaping has nothing to double", () => {
    const packed = packPriceRows([
      {
        slug: "mango",
        name: "Mango Kent",
        category: "fruits",
        unit: "case",
        packValue: 9,
        packUnit: "ct",
        priceCents: 1999,
        searchKey: "; mango kent ;",
        available: true,
        pricedDay: "2026-11-26",
      },
      {
        slug: "lime",
        name: "Lime",
        category: "fruits",
        unit: "case",
        packValue: null,
        packUnit: null,
        priceCents: null,
        searchKey: "; lim ; lima ;",
        available: false,
        pricedDay: "2026-11-20",
      },
    ]);
    const { rows } = JSON.parse(packed) as { rows: string };
    expect(rows).toBe("mango|Mango Kent|0|1|9|2|1999|; mango kent ;|1|3|lime|Lime|0|1||4||; lim ; lima ;|0|5");
  });
});
