import { useTranslation } from "~/i18n/use-translation";
import { localeOf } from "~/lib/locale";

/** Every date and time is shown in the business's time zone, so server and browser agree. */
export const BUSINESS_TIME_ZONE = "America/New_York";

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(value: string | Date, lang: string, withTime = true) {
  const locale = localeOf(lang);
  const key = `${locale}:${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: BUSINESS_TIME_ZONE,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof value === "string" ? new Date(value) : value);
}

const shortFormatters = new Map<string, Intl.DateTimeFormat>();
const years = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: BUSINESS_TIME_ZONE });

/**
 * A date and time short enough for a line on a phone: day, month and time ("26 nov, 6:53 p.m."),
 * with the year only when it is not this year's.
 */
export function formatShortDateTime(value: string | Date, lang: string, now = new Date()) {
  const date = typeof value === "string" ? new Date(value) : value;
  if (years.format(date) !== years.format(now)) return formatDateTime(date, lang);
  const locale = localeOf(lang);
  let formatter = shortFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: BUSINESS_TIME_ZONE,
    });
    shortFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** A machine-readable <time> with the date as people read it; `fallback` when there is none. */
export function DateTime({
  value,
  withTime = true,
  short = false,
  fallback,
}: {
  value: string | null | undefined;
  withTime?: boolean;
  /** Day, month and time, the year only when it is another (formatShortDateTime). */
  short?: boolean;
  fallback?: string;
}) {
  const { i18n } = useTranslation();
  if (!value) return <>{fallback ?? ""}</>;
  const text = short ? formatShortDateTime(value, i18n.language) : formatDateTime(value, i18n.language, withTime);
  return <time dateTime={value}>{text}</time>;
}
