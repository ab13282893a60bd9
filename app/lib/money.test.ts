import { describe, expect, it } from "vitest";
import {
  applyAdjustment,
  centsToInput,
  formatMoneyChange,
  formatPercentChange,
  isNegativePriceInput,
  parsePriceInput,
  roundPrice,
} from "./money";

describe("applyAdjustment", () => {
  it("rounds percentage adjustments half-up to the cent", () => {
    expect(applyAdjustment(1000, "percentage", 250)).toBe(1025);
    expect(applyAdjustment(1, "percentage", 5000)).toBe(2);
    expect(applyAdjustment(3, "percentage", -5000)).toBe(2);
    expect(applyAdjustment(2150, "percentage", -500)).toBe(2043);
  });
  it("adds fixed cents and never goes below zero", () => {
    expect(applyAdjustment(500, "fixed", 125)).toBe(625);
    expect(applyAdjustment(100, "fixed", -500)).toBe(0);
  });
  it("leaves the price alone without an adjustment", () => {
    expect(applyAdjustment(999, null, null)).toBe(999);
  });
});

describe("parsePriceInput", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    ["$1,234.56", 123456],
    ["  $ 7.", 700],
    [".99", 99],
    ["0", 0],
    ["100000", 10_000_000],
    ["$41,50", 4150],
    ["41,50", 4150],
    ["41.5", 4150],
    ["41,5", 4150],
    ["1,23", 123],
    ["$1.234,50", 123450],
    ["1,234", 123400],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parsePriceInput(text)).toBe(cents);
  });
  it.each([
    "",
    "-1",
    "1.234",
    "abc",
    "1,234,50",
    "1.234.56",
    ",",
    "12,34.5",
    "1e3",
    "100000.01",
    "9".repeat(30),
    "1 000",
    "$-5",
    "0x10",
  ])("refuses %j", (text) => {
    expect(parsePriceInput(text)).toBeNull();
  });
  it("writes cents back as the text an input shows", () => {
    expect(centsToInput(1205)).toBe("12.05");
    expect(centsToInput(null)).toBe("");
  });
});

describe("formatMoneyChange and formatPercentChange", () => {
  it("give a change its sign in both languages", () => {
    expect(formatMoneyChange(50, "en")).toBe("+$0.50");
    expect(formatMoneyChange(-125, "en")).toBe("-$1.25");
    expect(formatMoneyChange(0, "en")).toBe("$0.00");
    expect(formatMoneyChange(150, "es")).toMatch(/^\+.*1\.50/);
    expect(formatPercentChange(0.125, "en")).toBe("+12.5%");
    expect(formatPercentChange(-0.05, "en")).toBe("-5%");
    expect(formatPercentChange(0.125, "es")).toMatch(/^\+12\.5\s?%$/);
  });
});

describe("isNegativePriceInput", () => {
  it.each([
    ["-5", true],
    [" -$41,50", true],
    ["-0.5", true],
    ["5", false],
    ["--5", false],
    ["-abc", false],
    ["-", false],
  ] as const)("reads %j as a negative price: %s", (text, expected) => {
    expect(isNegativePriceInput(text)).toBe(expected);
  });
});

describe("roundPrice", () => {
  it.each([
    [2074, "cent", 2074],
    [2074, "nickel", 2075],
    [2072, "nickel", 2070],
    [2062, "quarter", 2050],
    [2063, "quarter", 2075],
    [2074, "ninety-nine", 2099],
    [2048, "ninety-nine", 1999],
    [2049, "ninety-nine", 2099],
    [30, "ninety-nine", 99],
    [1999, "ninety-nine", 1999],
  ] as const)("rounds %i cents %s to %i", (cents, rule, expected) => {
    expect(roundPrice(cents, rule)).toBe(expected);
  });

  it.each([
    [2051, "nickel", "up", 2055],
    [2054, "nickel", "down", 2050],
    [2026, "quarter", "up", 2050],
    [2074, "quarter", "down", 2050],
    [2500, "ninety-nine", "up", 2599],
    [2599, "ninety-nine", "up", 2599],
    [2598, "ninety-nine", "down", 2499],
    [50, "ninety-nine", "down", 99],
  ] as const)("rounds %i cents %s %s to %i", (cents, rule, direction, expected) => {
    expect(roundPrice(cents, rule, direction)).toBe(expected);
  });
});
