import { describe, expect, it } from "vitest";
import { parsePrice, parseQuantity } from "./price";

describe("prices", () => {
  it("reads dollars into cents, with $, spaces and thousands separators", () => {
    expect(parsePrice("54.00")).toEqual({ ok: true, cents: 5400, rounded: false });
    expect(parsePrice("$3,120.00")).toEqual({ ok: true, cents: 312000, rounded: false });
    expect(parsePrice(" $18.75 ")).toEqual({ ok: true, cents: 1875, rounded: false });
    expect(parsePrice("1,250.00")).toEqual({ ok: true, cents: 125000, rounded: false });
    expect(parsePrice("7")).toEqual({ ok: true, cents: 700, rounded: false });
    expect(parsePrice(".5")).toEqual({ ok: true, cents: 50, rounded: false });
    expect(parsePrice("USD 12.5")).toEqual({ ok: true, cents: 1250, rounded: false });
    expect(parsePrice("+8.00")).toEqual({ ok: true, cents: 800, rounded: false });
  });

  it("rounds half-up to the cent", () => {
    expect(parsePrice("0.3500")).toEqual({ ok: true, cents: 35, rounded: false });
    expect(parsePrice("0.345")).toEqual({ ok: true, cents: 35, rounded: true });
    expect(parsePrice("0.3449")).toEqual({ ok: true, cents: 34, rounded: true });
    expect(parsePrice("2.675")).toEqual({ ok: true, cents: 268, rounded: true });
    expect(parsePrice("9.995")).toEqual({ ok: true, cents: 1000, rounded: true });
  });

  it("gives no price, with the reason, when missing, negative, zero, unreadable or absurd", () => {
    expect(parsePrice("")).toEqual({ ok: false, reason: "price_missing" });
    expect(parsePrice(undefined)).toEqual({ ok: false, reason: "price_missing" });
    expect(parsePrice("-5.00")).toEqual({ ok: false, reason: "price_negative" });
    expect(parsePrice("(5.00)")).toEqual({ ok: false, reason: "price_negative" });
    expect(parsePrice("-$5.00")).toEqual({ ok: false, reason: "price_negative" });
    expect(parsePrice("0.00")).toEqual({ ok: false, reason: "price_zero" });
    expect(parsePrice("-2.0%")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("7.25%")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("N/A")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("12,50")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("1,2345.00")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("=1+1")).toEqual({ ok: false, reason: "price_invalid" });
    expect(parsePrice("999999999.00")).toEqual({ ok: false, reason: "price_too_large" });
  });
});

describe("quantity on hand", () => {
  it("reads thousands separators, negatives and decimals", () => {
    expect(parseQuantity("1,045")).toBe(1045);
    expect(parseQuantity("-3")).toBe(-3);
    expect(parseQuantity("12.5")).toBe(12.5);
    expect(parseQuantity("")).toBeNull();
    expect(parseQuantity("lots")).toBeUndefined();
  });
});
