/**
 * The one locale every number, price, date and time is written in: US English, or the Spanish of
 * the United States ("1,000.50", "4:00 a.m."), so that no page writes one thing two ways.
 */
export function localeOf(lang: string) {
  return lang === "es" ? "es-US" : "en-US";
}
