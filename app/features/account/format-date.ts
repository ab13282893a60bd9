import type { Lang } from "~/i18n/config";

const formatters = new Map<Lang, Intl.DateTimeFormat>();

/** D29: every date is shown in the business's time zone, America/New_York, in the reader's language. */
export function formatDateTime(value: Date | string | null | undefined, lang: Lang): string | null {
  if (!value) return null;
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === "es" ? "es-US" : "en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/New_York",
    });
    formatters.set(lang, formatter);
  }
  return formatter.format(new Date(value));
}
