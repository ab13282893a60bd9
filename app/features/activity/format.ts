import type { i18n as I18n } from "i18next";
import { formatDateTime } from "~/components/ui/date-time";
import { hasText } from "~/i18n/keys";
import { formatMoney, formatMoneyChange } from "~/lib/money";
import type { ChangeValue, Scalar } from "./changes";
import { formatNumber, localeOf } from "~/lib/locale";

/** Any i18next `t`; keys built from stored field names are looked up with the text as fallback. */
type AnyTranslate = (...args: never[]) => unknown;
type Translate = (key: string, options?: Record<string, unknown>) => string;

const percentChanges = new Map<string, Intl.NumberFormat>();

/** A bulk change's amount with its sign, exactly as typed: +5%, -2.25%, +$0.50. */
export function formatBulkChange(type: "fixed" | "percentage", value: number, lang: string) {
  if (type === "fixed") return formatMoneyChange(value, lang);
  const locale = localeOf(lang);
  let format = percentChanges.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2, signDisplay: "exceptZero" });
    percentChanges.set(locale, format);
  }
  // Hundredths of a percent: 500 is 5 %.
  return format.format(value / 10_000);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "priceCents", "base_price_cents": whole cents, shown as money. */
export function isCentsField(field: string) {
  return /cents$/i.test(field);
}

/** "someField" → "Some field": a label for a field this screen does not know yet. */
export function humanize(field: string) {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(t: AnyTranslate, field: string) {
  return (t as Translate)(`fields.${field}`, { ns: "activity", defaultValue: humanize(field) });
}

export type FormatContext = {
  /** The reader's translations and language. */
  i18n: I18n;
  /** The adjustment type recorded beside an adjustment value, which says how to read it. */
  adjustmentType?: Scalar;
};

/** One stored value as the reader reads it. */
export function formatScalar(ctx: FormatContext, field: string, value: Scalar): string {
  const t = ctx.i18n.t as unknown as Translate;
  const lang = ctx.i18n.language;
  // "None" agrees with the field in Spanish: "Basada en: ninguna".
  if (value === null || value === "") return t("values.none", { ns: "activity", context: field });
  if (typeof value === "boolean") return t(value ? "values.yes" : "values.no", { ns: "activity" });
  if (typeof value === "number") {
    if (isCentsField(field) && Number.isInteger(value)) return formatMoney(value, lang);
    if (field === "adjustmentValue" && ctx.adjustmentType === "fixed") return formatMoney(value, lang);
    if (field === "adjustmentValue" && ctx.adjustmentType === "percentage") {
      return `${formatNumber(value / 100, lang)}%`;
    }
    return formatNumber(value, lang);
  }
  if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, lang);
  if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`))) {
    // A calendar date: noon UTC is the same day in New York.
    return formatDateTime(`${value}T12:00:00Z`, lang, false);
  }
  // Fields whose stored words have a translation: roles, sources, availability, …
  if (hasText(ctx.i18n, "activity", `values.${field}`, value)) {
    return t(`values.${field}.${value}`, { ns: "activity", defaultValue: value });
  }
  return value;
}

/** A value of any recorded shape as one line of text (lists joined, pairs of a record labelled). */
export function formatValue(ctx: FormatContext, field: string, value: ChangeValue): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return formatScalar(ctx, field, null);
    return value.map((v) => formatScalar(ctx, field, v)).join(", ");
  }
  if (value !== null && typeof value === "object") {
    const parts = Object.entries(value).map(([k, v]) => `${fieldLabel(ctx.i18n.t, k)}: ${formatScalar(ctx, k, v)}`);
    return parts.length > 0 ? parts.join(", ") : formatScalar(ctx, field, null);
  }
  return formatScalar(ctx, field, value);
}
