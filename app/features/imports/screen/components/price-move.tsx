import { formatMoney, formatPercentChange } from "~/lib/money";
import { isBigChange } from "~/lib/price-checks";
import { useImportText } from "./use-import-text";

/** Whether a row moves its list's price by more than the price desk lets pass without a question. */
export function isBigMove(row: { priceBefore?: number | null; priceCents: number | null }) {
  return row.priceBefore != null && row.priceCents !== null && isBigChange(row.priceCents, row.priceBefore);
}

/**
 * The list's price a row replaces and the new one, "$18.95 → $7.25 (-61.7%)", marked when it moves
 * more than the price desk lets pass without a question (docs/decisions/027-first-import-matching.md).
 */
export function PriceMove({ before, after }: { before: number; after: number }) {
  const { t, lang } = useImportText();
  const values = {
    old: formatMoney(before, lang),
    new: formatMoney(after, lang),
    change: before > 0 ? formatPercentChange((after - before) / before, lang) : formatMoney(after - before, lang),
  };
  const big = isBigChange(after, before);
  return (
    <span data-price-move={big ? "big" : "small"}>
      <span aria-hidden="true">{t("screen.review.priceMove", values)}</span>
      <span className="sr-only">{t("screen.review.priceMoveLabel", values)}</span>
      {big ? (
        <span className="ms-1 inline-block rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          {t("screen.review.bigMove")}
        </span>
      ) : null}
    </span>
  );
}
