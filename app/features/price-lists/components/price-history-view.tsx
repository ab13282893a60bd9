import { Component, lazy, Suspense, type ReactNode } from "react";
import { DateTime } from "~/components/ui/date-time";
import { Spinner } from "~/components/ui/spinner";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney, formatMoneyChange, formatPercentChange } from "~/lib/money";
import { historySourceOf, priceChange, type PriceHistoryEntry } from "../history";

// The chart and its library load only once a history is shown: never with a page.
const PriceHistoryChart = lazy(() => import("./price-history-chart"));

/** One product's price changes in one list: a step chart of the price over time and a table of every change. */
export function PriceHistoryView({
  entries,
  productName,
  label,
  showWho = true,
}: {
  entries: PriceHistoryEntry[];
  productName: string;
  label: string;
  /** Who changed each price and from which screen: staff's business, not a buyer's. */
  showWho?: boolean;
}) {
  const { t } = useTranslation("prices");
  return (
    <>
      <ChartBoundary>
        <Suspense fallback={<Spinner label={t("history.chartLoading")} className="h-56" />}>
          <PriceHistoryChart entries={entries} productName={productName} />
        </Suspense>
      </ChartBoundary>
      <HistoryTable entries={entries} label={label} showWho={showWho} />
    </>
  );
}

function HistoryTable({ entries, label, showWho }: { entries: PriceHistoryEntry[]; label: string; showWho: boolean }) {
  const { t, i18n } = useTranslation("prices");
  const lang = i18n.language;
  // A missing price is the item not being in the list (before an addition or a copy, after a
  // removal), or an item without a price ("ask us").
  const price = (cents: number | null, absent: boolean) =>
    cents !== null ? formatMoney(cents, lang) : absent ? t("editor.absent") : t("history.noPrice");
  return (
    // A region people can reach with the keyboard, so a table wider than a phone can be scrolled.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
              {t("history.date")}
            </th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-medium">
              {t("history.oldPrice")}
            </th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-medium">
              {t("history.newPrice")}
            </th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-medium">
              {t("history.change")}
            </th>
            {showWho ? (
              <>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {t("history.sourceColumn")}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {t("history.author")}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {entries.map((e) => {
            const change = priceChange(e.oldCents, e.newCents);
            const source = historySourceOf(e.source);
            return (
              <tr key={e.id} data-history-entry={e.id}>
                <td className="whitespace-nowrap px-3 py-2">
                  <DateTime value={e.at} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {price(e.oldCents, source === "add" || source === "create")}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {price(e.newCents, source === "remove")}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {change ? (
                    <>
                      {formatMoneyChange(change.cents, lang)}
                      {change.ratio !== null ? ` (${formatPercentChange(change.ratio, lang)})` : null}
                    </>
                  ) : (
                    "—"
                  )}
                </td>
                {showWho ? (
                  <>
                    <td className="px-3 py-2">{t(`history.sources.${source}`)}</td>
                    <td className="px-3 py-2">{e.author ?? t("history.unknownAuthor")}</td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The table says everything the chart does: if the chart cannot load, the dialog goes on without it. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
