import { Link } from "react-router";
import { DateTime } from "~/components/ui/date-time";
import { unitAndPackLabeler } from "~/features/catalog/format";
import type { PriceChangeSince } from "~/features/price-lists/history.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney, formatMoneyChange, formatPercentChange } from "~/lib/money";
import { cn } from "~/lib/cn";

export type PriceChangesView = {
  since: string;
  firstVisit: boolean;
  days: number;
  rows: PriceChangeSince[];
  more: number;
};

const muted = "text-slate-700 dark:text-slate-300";

/** One product's change: ▲ or ▼, the old price and the new, and by how much. */
function ChangeRow({ row, label }: { row: PriceChangeSince; label: (row: PriceChangeSince) => string }) {
  const { t, i18n } = useTranslation("dashboard");
  const lang = i18n.language;
  const up = row.newCents > row.oldCents;
  const pack = label(row);
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <Link
          to={`/products/${encodeURIComponent(row.slug)}`}
          className="font-medium text-brand-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline dark:text-brand-100"
        >
          {row.name}
        </Link>
        <p className={cn("text-sm", muted)}>
          {pack ? (
            <span>
              {pack}
              <span aria-hidden="true" className="hidden sm:inline">
                {" · "}
              </span>
            </span>
          ) : null}
          <span className="block sm:inline">
            <span className="sr-only">{t("changes.changedAt")} </span>
            <DateTime value={row.changedAt} short />
          </span>
        </p>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <p className="whitespace-nowrap">
          <span
            aria-hidden="true"
            className={cn("me-1", up ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400")}
          >
            {up ? "▲" : "▼"}
          </span>
          <span className="sr-only">
            {t(up ? "changes.up" : "changes.down")}, {t("changes.from")}{" "}
          </span>
          <span className={muted}>{formatMoney(row.oldCents, lang)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> {t("changes.to")} </span>
          <span className="font-semibold">{formatMoney(row.newCents, lang)}</span>
        </p>
        <p className={cn("text-sm whitespace-nowrap", muted)}>
          {formatMoneyChange(row.newCents - row.oldCents, lang)}
          {row.oldCents > 0 ? ` (${formatPercentChange((row.newCents - row.oldCents) / row.oldCents, lang)})` : null}
        </p>
      </div>
    </li>
  );
}

/**
 * What changed in the customer's list since their last visit (on a first visit, in the last few
 * days), newest first, the first few of them and how many more are on the whole list.
 */
export function PriceChanges({ changes }: { changes: PriceChangesView }) {
  const { t, i18n } = useTranslation("dashboard");
  const lang = i18n.language;
  const label = unitAndPackLabeler(t, lang);
  const { firstVisit, days, rows, more } = changes;
  return (
    <section aria-labelledby="changes-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="changes-heading" className="text-lg font-semibold">
          {firstVisit ? t("changes.headingFirst", { count: days }) : t("changes.heading")}
        </h2>
        <p className={cn("text-sm", muted)}>
          {firstVisit ? (
            t("changes.firstVisit")
          ) : (
            <>
              {t("changes.lastVisit")}: <DateTime value={changes.since} short />
            </>
          )}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
          {firstVisit ? t("changes.noneFirst", { count: days }) : t("changes.none")}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <ul aria-label={t("changes.rows")} className="divide-y divide-slate-200 dark:divide-slate-700">
            {rows.map((row) => (
              <ChangeRow key={row.productId} row={row} label={label} />
            ))}
          </ul>
          {more > 0 ? (
            <p className="border-t border-slate-200 px-4 py-3 dark:border-slate-700">
              <Link
                to="/pricesprivate"
                className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-100"
              >
                {t("changes.more", { count: more })}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
