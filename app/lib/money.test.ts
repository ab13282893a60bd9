import { describe, expect, it } from "vitest";
import { applyAdjustment } from "./money";

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
