import { describe, expect, it } from "vitest";
import { priceWarning } from "./price-checks";

describe("priceWarning", () => {
  it("reads 2592 over $25.00 as missing its decimals", () => {
    expect(priceWarning("2592", 259_200, 2500)).toBe("missingDecimals");
    expect(priceWarning("$2592", 259_200, 2592)).toBe("missingDecimals");
    expect(priceWarning("2592", 259_200, 4698)).toBe("missingDecimals");
  });
  it("flags a move of more than 30% either way", () => {
    expect(priceWarning("46.66", 4666, 1975)).toBe("bigChange");
    expect(priceWarning("10", 1000, 1975)).toBe("bigChange");
    expect(priceWarning("0", 0, 1975)).toBe("bigChange");
  });
  it("lets ordinary moves through", () => {
    expect(priceWarning("21.50", 2150, 1975)).toBeNull();
    expect(priceWarning("25,67", 2567, 1975)).toBeNull();
    expect(priceWarning("", null, 1975)).toBeNull();
  });
  it("does not take a big price with decimals for missing decimals", () => {
    expect(priceWarning("2592.00", 259_200, 2500)).toBe("bigChange");
  });
  it("flags an unpriced item only when the figure is unlikely", () => {
    expect(priceWarning("18.50", 1850, null)).toBeNull();
    expect(priceWarning("1850", 185_000, null)).toBe("missingDecimals");
    expect(priceWarning("0", 0, null)).toBeNull();
  });
});
