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
  const locale = lang === "es" ? "es-US" : "en-US";
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    formatters.set(locale, f);
  }
  return f.format(cents / 100);
}

const changeFormatters = new Map<string, Intl.NumberFormat>();

function changeFormatter(lang: string, kind: "money" | "percent") {
  const locale = lang === "es" ? "es-US" : "en-US";
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
 * A price typed by a person, in dollars: "12", "12.5", "$1,234.56". At most two decimals, never
 * negative, at most MAX_PRICE_CENTS. Returns cents, or null when the text is not such a price.
 */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$|^\.\d{1,2}$/.test(cleaned)) return null;
  const [whole = "", fraction = ""] = cleaned.replace(/,/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Cents as the plain dollar text a price input shows: 1234 → "12.34". */
export function centsToInput(cents: number | null) {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
