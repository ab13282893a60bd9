/**
 * The one locale every number, price, date and time is written in: US English, or the Spanish of
 * the United States ("1,000.50", "4:00 a.m."), so that no page writes one thing two ways.
 */
export function localeOf(lang: string) {
  return lang === "es" ? "es-US" : "en-US";
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count or a quantity as the reader writes it: "60,000", "2.5", up to three decimals. */
export function formatNumber(value: number, lang: string) {
  const locale = localeOf(lang);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
