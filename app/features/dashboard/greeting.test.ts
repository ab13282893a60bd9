import { describe, expect, it } from "vitest";
import { greetingAt } from "./greeting";

describe("greetingAt", () => {
  it("reads the hour in America/New_York, summer and winter", () => {
    expect(greetingAt(new Date("2026-01-15T09:30:00Z"))).toBe("morning"); // 4:30 AM EST
    expect(greetingAt(new Date("2026-01-15T08:30:00Z"))).toBe("evening"); // 3:30 AM EST
    expect(greetingAt(new Date("2026-07-15T16:00:00Z"))).toBe("afternoon"); // 12:00 PM EDT
    expect(greetingAt(new Date("2026-07-15T15:59:00Z"))).toBe("morning"); // 11:59 AM EDT
    expect(greetingAt(new Date("2026-07-15T22:00:00Z"))).toBe("evening"); // 6:00 PM EDT
    expect(greetingAt(new Date("2026-07-16T03:00:00Z"))).toBe("evening"); // 11:00 PM EDT
  });
});
