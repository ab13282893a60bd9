export type AdjustmentType = "fixed" | "percentage";

/** Half-up division of integers (for n >= 0); avoids floating-point drift (D15). */
function divideHalfUp(n: number, d: number) {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * D14: a fixed adjustment adds cents; a percentage adjustment is in hundredths of a percent
 * (250 = 2.5%). The result is rounded half-up to the cent and never below zero.
 */
export function applyAdjustment(cents: number, type: AdjustmentType | null, value: number | null) {
  if (!type || !value) return cents;
  const result = type === "fixed" ? cents + value : divideHalfUp(cents * (10_000 + value), 10_000);
  return Math.max(0, result);
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, lang: string) {
  const locale = lang === "es" ? "es-US" : "en-US";
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    formatters.set(locale, f);
  }
  return f.format(cents / 100);
}
