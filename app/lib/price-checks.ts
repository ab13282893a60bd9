/** A new price this far from the one it replaces (either way) is asked about before saving. */
export const BIG_CHANGE_RATIO = 0.3;

/** Above this a price typed without a reference is more likely missing its decimals than real. */
const UNLIKELY_UNPRICED_CENTS = 100_000;

const MISSING_DECIMALS_FACTOR = 20;

export type PriceWarning = "missingDecimals" | "bigChange";

/** Whether a price this far from the one it replaces is asked about: more than 30% either way. */
export function isBigChange(cents: number, reference: number) {
  return reference > 0 && Math.abs(cents - reference) / reference > BIG_CHANGE_RATIO;
}

/**
 * Why a typed price deserves a second look, or null. `reference` is the price it replaces (or,
 * for an unpriced item, the parent list's). "2592" typed over $25.00 (or over any price twenty
 * times smaller) reads as 25.92 missing its decimal mark; any other move of more than 30% is a big change. The person may still confirm
 * either: a warning never blocks a save.
 */
export function priceWarning(text: string, cents: number | null, reference: number | null): PriceWarning | null {
  if (cents === null || (cents === 0 && reference === null)) return null;
  const noDecimals = !/[.,]\d{1,2}\s*$/.test(text);
  if (reference === null || reference === 0) {
    return noDecimals && cents >= UNLIKELY_UNPRICED_CENTS ? "missingDecimals" : null;
  }
  if (!isBigChange(cents, reference)) return null;
  // Whole dollars twenty times the old price are far likelier cents typed without their mark.
  if (noDecimals && cents >= 100 * 100 && cents >= MISSING_DECIMALS_FACTOR * reference) return "missingDecimals";
  return "bigChange";
}
