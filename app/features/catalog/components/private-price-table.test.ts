import { describe, expect, it } from "vitest";
import { packPriceRows, unpackPriceRows, type PrivatePriceRow } from "./private-price-table";

describe("packPriceRows", () => {
  it("gives back the same rows, nulls, decimals, markup and shared words included", () => {
    const rows: PrivatePriceRow[] = [
      {
        slug: "mango",
        name: "Mango <b>Kent</b>",
        category: "fruits",
        unit: "case",
        packValue: 2.5,
        packUnit: "lb",
        priceCents: 2450,
      },
      {
        slug: "limes",
        name: 'Limes "persa"',
        category: null,
        unit: null,
        packValue: null,
        packUnit: null,
        priceCents: null,
      },
      { slug: "kent", name: "Kent", category: "fruits", unit: "case", packValue: 9, packUnit: "ct", priceCents: 1999 },
    ];
    expect(unpackPriceRows(packPriceRows(rows))).toEqual(rows);
    expect(unpackPriceRows(packPriceRows([]))).toEqual([]);
  });
});
