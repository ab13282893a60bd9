import { Component, lazy, Suspense, type ReactNode } from "react";
import { DateTime } from "~/components/ui/date-time";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
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
    <Table label={label} cards>
      <TableCaption>{label}</TableCaption>
      <TableHead className="whitespace-nowrap">
        <TableRow>
          <TableHeaderCell>{t("history.date")}</TableHeaderCell>
          <TableHeaderCell numeric>{t("history.oldPrice")}</TableHeaderCell>
          <TableHeaderCell numeric>{t("history.newPrice")}</TableHeaderCell>
          <TableHeaderCell numeric>{t("history.change")}</TableHeaderCell>
          {showWho ? (
            <>
              <TableHeaderCell>{t("history.sourceColumn")}</TableHeaderCell>
              <TableHeaderCell>{t("history.author")}</TableHeaderCell>
            </>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => {
          const change = priceChange(e.oldCents, e.newCents);
          const source = historySourceOf(e.source);
          return (
            <TableRow key={e.id} data-history-entry={e.id}>
              <TableCell label={t("history.date")} wide className="whitespace-nowrap">
                <DateTime value={e.at} />
              </TableCell>
              <TableCell label={t("history.oldPrice")} numeric className="whitespace-nowrap">
                {price(e.oldCents, source === "add" || source === "create")}
              </TableCell>
              <TableCell label={t("history.newPrice")} numeric className="whitespace-nowrap">
                {price(e.newCents, source === "remove")}
              </TableCell>
              <TableCell label={t("history.change")} wide numeric className="whitespace-nowrap">
                {change ? (
                  <>
                    {formatMoneyChange(change.cents, lang)}
                    {change.ratio !== null ? ` (${formatPercentChange(change.ratio, lang)})` : null}
                  </>
                ) : (
                  "—"
                )}
              </TableCell>
              {showWho ? (
                <>
                  <TableCell label={t("history.sourceColumn")}>{t(`history.sources.${source}`)}</TableCell>
                  <TableCell label={t("history.author")}>{e.author ?? t("history.unknownAuthor")}</TableCell>
                </>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
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
