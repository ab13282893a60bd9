import type { AdjustmentType } from "~/lib/money";
import { formatMoney } from "~/lib/money";
import { localeOf } from "~/lib/locale";

/** "+5%", "−2.5%", "+$1.00": an adjustment as people read it, in their language's number format. */
export function formatAdjustment(type: AdjustmentType | null, value: number | null, lang: string) {
  if (!type || value === null) return null;
  const sign = value < 0 ? "−" : "+";
  if (type === "fixed") return `${sign}${formatMoney(Math.abs(value), lang)}`;
  const percent = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 }).format(Math.abs(value) / 100);
  return `${sign}${percent}%`;
}
