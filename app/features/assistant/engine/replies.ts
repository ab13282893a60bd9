import type { Category } from "~/features/catalog/categories";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import { dollarsToCents, formatMoney } from "~/lib/money";
import type { AssistantProduct, AssistantRole, ChangeBy } from "./types";
import { localeOf } from "~/lib/locale";

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A translator of the "assistant-replies" namespace in the language of the answer. */
export function repliesIn(lang: Lang): Translate {
  const t = translatorFor(lang) as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (key, values) => t(key, { ...values, ns: "assistant-replies" });
}

/** A product's name in the language of the answer: the Spanish one falls back to the English. */
export function productName(product: AssistantProduct, lang: Lang) {
  return lang === "es" ? product.nameEs || product.nameEn : product.nameEn;
}

export function packText(product: AssistantProduct) {
  if (product.packValue === null) return "";
  return [String(product.packValue), product.packUnit].filter(Boolean).join(" ");
}

const percentFormats = new Map<Lang, Intl.NumberFormat>();

/** A change as people write it back: "$0.75", "10%" or "10 %" (no sign: the verb says which way). */
export function amountText(change: ChangeBy, lang: Lang) {
  const size = Math.abs(change.value);
  if (change.type !== "percentage") return formatMoney(dollarsToCents(size), lang);
  let format = percentFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), { style: "percent", maximumFractionDigits: 2 });
    percentFormats.set(lang, format);
  }
  return format.format(size / 100);
}

export function categoryName(t: Translate, category: Category) {
  return t(`category.${category}`);
}

/** What the assistant can do, said after a refusal so the person knows where to go instead. */
export function capabilities(t: Translate, role: AssistantRole) {
  return t(role === "customer" ? "capabilitiesCustomer" : "capabilities");
}
