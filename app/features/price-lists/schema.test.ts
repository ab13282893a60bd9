import { describe, expect, it } from "vitest";
import { parseAdjustment } from "./schema";

describe("adjustments as people type them", () => {
  it.each([
    ["percentage", "5", 500],
    ["percentage", "-2.5", -250],
    ["percentage", "+10%", 1000],
    ["percentage", "-100", -10_000],
    ["percentage", "1000", 100_000],
    ["fixed", "1.25", 125],
    ["fixed", "-$0.50", -50],
    ["fixed", ".5", 50],
    ["fixed", "10000", 1_000_000],
    // A decimal comma, as the price cells take it and a Spanish phone's keypad offers it.
    ["percentage", "2,5", 250],
    ["percentage", "-2,5 %", -250],
    ["percentage", "1,000", 100_000],
    ["fixed", "1,25", 125],
    ["fixed", "-$0,50", -50],
  ] as const)("reads a %s of %j as %i", (type, text, value) => {
    expect(parseAdjustment(type, text)).toBe(value);
  });
  it.each([
    ["percentage", "-100.01"],
    ["percentage", "1000.5"],
    ["percentage", "abc"],
    ["percentage", "1.234"],
    ["fixed", "10000.01"],
    ["fixed", "1e3"],
    ["fixed", "--1"],
    ["fixed", "+-1"],
    ["fixed", "1,2,3"],
    ["fixed", ""],
  ] as const)("refuses a %s of %j", (type, text) => {
    expect(parseAdjustment(type, text)).toBeNull();
  });
});
