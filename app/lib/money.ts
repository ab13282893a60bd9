import { localeOf } from "./locale";

export type AdjustmentType = "fixed" | "percentage";

/** Half-up division of integers (for n >= 0); avoids floating-point drift. */
function divideHalfUp(n: number, d: number) {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * A fixed adjustment adds cents; a percentage adjustment is in hundredths of a percent
 * (250 = 2.5%). The result is rounded half-up to the cent and never below zero.
 */
export function applyAdjustment(cents: number, type: AdjustmentType | null, value: number | null) {
  if (!type || !value) return cents;
  const result = type === "fixed" ? cents + value : divideHalfUp(cents * (10_000 + value), 10_000);
  return Math.max(0, result);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Dollars as a number (52.5, 0.75) to whole cents, half away from zero. Through 12 significant
 * digits first: 1.005 * 100 is 100.49999… in binary, which would round the wrong way.
 */
export function dollarsToCents(dollars: number) {
  const cents = Number((dollars * 100).toPrecision(12));
  return Math.sign(cents) * Math.round(Math.abs(cents));
}

export function formatMoney(cents: number, lang: string) {
  const locale = localeOf(lang);
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    formatters.set(locale, f);
  }
  return f.format(cents / 100);
}

const changeFormatters = new Map<string, Intl.NumberFormat>();

function changeFormatter(lang: string, kind: "money" | "percent") {
  const locale = localeOf(lang);
  const key = `${locale}:${kind}`;
  let f = changeFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      kind === "money"
        ? { style: "currency", currency: "USD", signDisplay: "exceptZero" }
        : { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" },
    );
    changeFormatters.set(key, f);
  }
  return f;
}

/** A change of price with its sign: +$0.50, -$1.25, $0.00. */
export function formatMoneyChange(cents: number, lang: string) {
  return changeFormatter(lang, "money").format(cents / 100);
}

/** A change as a signed percentage of the old price, from a fraction: 0.125 → +12.5%. */
export function formatPercentChange(ratio: number, lang: string) {
  return changeFormatter(lang, "percent").format(ratio);
}

/** The highest price a person may type for one unit: above it a typo is likelier than a price. */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * A price typed by a person, in dollars, as either language writes it: "12", "12.5", "$1,234.56",
 * "41,50", "$1.234,50". A comma or dot followed by one or two digits at the end is the decimal
 * mark; commas group thousands, and so do dots before a decimal comma ("1.234" alone is refused:
 * it could mean either). At most two decimals, never negative, at most MAX_PRICE_CENTS. Returns
 * cents, or null when the text is not such a price.
 */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, "");
  const decimal = /^(.*?)([.,])(\d{0,2})$/.exec(cleaned);
  const whole = decimal ? (decimal[1] ?? "") : cleaned;
  const fraction = decimal?.[3] ?? "";
  const grouping = decimal?.[2] === "," ? /^\d{1,3}(\.\d{3})+$/ : /^\d{1,3}(,\d{3})+$/;
  if (whole === "" && fraction === "") return null;
  if (whole !== "" && !/^\d+$/.test(whole) && !grouping.test(whole)) return null;
  const cents = Number(whole.replace(/[.,]/g, "") || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Whether a price was typed as a price with a minus sign ("-5", "-$41,50"): worth saying as such. */
export function isNegativePriceInput(text: string) {
  const unsigned = text.replace(/^\s*-/, "");
  return unsigned !== text && parsePriceInput(unsigned) !== null;
}

/** How a bulk change rounds each new price: to the cent, to 5 or 25 cents, or to a .99 ending. */
export const roundingRules = ["cent", "nickel", "quarter", "ninety-nine"] as const;
export type RoundingRule = (typeof roundingRules)[number];

/** Which way a rule rounds: to the nearest step (halves up), or always up or always down. */
export type RoundingDirection = "nearest" | "up" | "down";

function toStep(cents: number, step: number, direction: RoundingDirection) {
  if (direction === "up") return Math.ceil(cents / step) * step;
  if (direction === "down") return Math.floor(cents / step) * step;
  return divideHalfUp(cents, step) * step;
}

/** A price rounded by a rule; a .99 ending is a price ending in 99 cents, never below $0.99. */
export function roundPrice(cents: number, rule: RoundingRule, direction: RoundingDirection = "nearest") {
  switch (rule) {
    case "cent":
      return cents;
    case "nickel":
      return toStep(cents, 5, direction);
    case "quarter":
      return toStep(cents, 25, direction);
    case "ninety-nine":
      return Math.max(99, toStep(cents + 1, 100, direction) - 1);
  }
}

/** Cents as the plain dollar text a price input shows: 1234 → "12.34". */
export function centsToInput(cents: number | null) {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
