import { describe, expect, it } from "vitest";
import { formatShortDateTime } from "./date-time";

// Intl writes a narrow no-break space before the day period; compared as a plain space here.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatShortDateTime", () => {
  const now = new Date("2026-11-26T23:30:00Z");

  it("writes day, month and New York time without the year in the current year", () => {
    expect(plain(formatShortDateTime("2026-11-26T10:05:00Z", "en", now))).toBe("Nov 26, 5:05 AM");
    expect(plain(formatShortDateTime("2026-11-26T10:05:00Z", "es", now))).toBe("26 nov, 5:05 a.m.");
  });

  it("adds the year for a moment of another year, as the business's clock counts years", () => {
    expect(plain(formatShortDateTime("2025-12-30T15:00:00Z", "en", now))).toBe("Dec 30, 2025, 10:00 AM");
    // Two in the morning of New Year's Day in UTC is still the old year in New York.
    expect(plain(formatShortDateTime("2026-01-01T02:00:00Z", "en", now))).toBe("Dec 31, 2025, 9:00 PM");
  });
});
