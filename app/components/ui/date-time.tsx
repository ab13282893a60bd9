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

/** A machine-readable <time> with the date as people read it; `fallback` when there is none. */
export function DateTime({
  value,
  withTime = true,
  fallback,
}: {
  value: string | null | undefined;
  withTime?: boolean;
  fallback?: string;
}) {
  const { i18n } = useTranslation();
  if (!value) return <>{fallback ?? ""}</>;
  return <time dateTime={value}>{formatDateTime(value, i18n.language, withTime)}</time>;
}
