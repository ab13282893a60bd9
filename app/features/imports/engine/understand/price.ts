import { MAX_PRICE_CENTS } from "~/lib/money";
import type { RowMessageCode } from "../types";

export type PriceReading =
  | { ok: true; cents: number; rounded: boolean }
  | {
      ok: false;
      reason: Extract<
        RowMessageCode,
        "price_missing" | "price_negative" | "price_invalid" | "price_zero" | "price_too_large"
      >;
    };

/**
 * A QuickBooks price cell → cents. Accepts `$`, `US$`, `USD`, spaces, thousands separators
 * in groups of three and any number of decimals, rounded half-up to the cent ("0.3450" → 35).
 * Accounting negatives "(5.00)" and "-5.00" are negative. Missing, negative, zero, non-numeric
 * ("7.25%", "N/A") and implausibly large prices give no price and the reason.
 */
export function parsePrice(cell: string | undefined): PriceReading {
  let text = (cell ?? "").trim();
  if (text === "") return { ok: false, reason: "price_missing" };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(/^(US\$|USD|\$)\s*/i, "").replace(/\s*(USD|\$)$/i, "");
  if (text.startsWith("-") || text.startsWith("\u2212")) {
    negative = true;
    text = text
      .slice(1)
      .trim()
      .replace(/^(US\$|USD|\$)\s*/i, "");
  } else if (text.startsWith("+")) {
    text = text.slice(1).trim();
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return { ok: false, reason: "price_invalid" };
  const whole = Number((match[1] ?? "0").replace(/,/g, ""));
  const fraction = match[2] ?? "";
  let cents = whole * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  const rounded = fraction.length > 2 && /[1-9]/.test(fraction.slice(2));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return { ok: false, reason: "price_too_large" };
  if (negative && cents > 0) return { ok: false, reason: "price_negative" };
  if (cents === 0) return { ok: false, reason: "price_zero" };
  if (cents > MAX_PRICE_CENTS) return { ok: false, reason: "price_too_large" };
  return { ok: true, cents, rounded };
}

/** numeric(12, 2) in the database. */
const QUANTITY_LIMIT = 9_999_999_999;

/**
 * Quantity on hand: "1,045" → 1045, "-3" → -3 (QuickBooks allows negative stock), "12.5" → 12.5
 * (two decimals kept). Empty → null; anything else → undefined (unreadable).
 */
export function parseQuantity(cell: string | undefined): number | null | undefined {
  const text = (cell ?? "").trim();
  if (text === "") return null;
  const match = /^([-+])?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  const value = Number(`${match[1] === "-" ? "-" : ""}${(match[2] ?? "0").replace(/,/g, "")}.${match[3] ?? "0"}`);
  if (!Number.isFinite(value) || Math.abs(value) > QUANTITY_LIMIT) return undefined;
  return Math.round(value * 100) / 100;
}
