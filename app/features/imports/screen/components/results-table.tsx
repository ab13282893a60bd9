import { Pagination } from "~/components/ui/pagination";
import { Download } from "lucide-react";
import { formatNumber } from "~/lib/locale";
import { Fragment, useId, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { PriceMove } from "./price-move";
import {
  aiColumnKeys,
  countByFinalStatus,
  resultsCsv,
  rowMessagesText,
  type ColumnWording,
  type ImportRowResult,
} from "../../engine/results";
import {
  ACTION_KEYS,
  AI_STATUS_KEYS,
  DB_STATUS_KEYS,
  FINAL_STATUS_KEYS,
  FINAL_STATUSES,
  type FinalStatus,
} from "../../engine/statuses";
import type { RowProduct } from "../../run/rows.server";
import { StatusBadge } from "./status-badge";
import { useImportText } from "./use-import-text";

const RESULTS_PAGE_SIZE = 50;

/** A row's result as the tables show it: with its product's names and page, when it has one. */
/**
 * A row as the screen shows it: with its product, and before the import the list's price it
 * replaces (shown beside the new one, so that a first import's price moves are seen before they are made).
 */
export type ShownRowResult = ImportRowResult & { product?: RowProduct | null; priceBefore?: number | null };

type Props = ColumnWording & {
  rows: readonly ShownRowResult[];
  /** The heading's text (the preview calls them "All rows", the run "Results"). */
  heading: string;
  /** Names the downloaded file: import-results-<name>.csv. */
  downloadName: string;
  pageSize?: number;
};

function saveText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Per-row results: the name understood, the product, the item's status (its AI status when a
 * model is configured), database status for product and price, final status and final message.
 * Filtered by final status, paginated (a 60,000-row file renders 50 rows at a time), and
 * downloadable as CSV built in the browser with spreadsheet formulas neutralised.
 */
export function ResultsTable({ rows, heading, downloadName, modelConfigured, pageSize = RESULTS_PAGE_SIZE }: Props) {
  const { t, text, lang } = useImportText();
  const id = useId();
  const headingId = `${id}-heading`;
  const [filter, setFilter] = useState<FinalStatus | "all">("all");
  const [page, setPage] = useState(1);
  const counts = useMemo(() => countByFinalStatus(rows), [rows]);
  const shown = useMemo(() => (filter === "all" ? rows : rows.filter((r) => r.finalStatus === filter)), [rows, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);
  const from = (current - 1) * pageSize;
  const pageRows = shown.slice(from, from + pageSize);

  const download = () => {
    const suffix = filter === "all" ? "" : `-${filter}`;
    saveText(
      resultsCsv(shown, text, lang, { modelConfigured }),
      `${t("screen.results.fileName")}-${downloadName}${suffix}.csv`,
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="results">
      <h3 id={headingId} className="text-lg font-semibold">
        {heading}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <StatusFilter
          id={`${id}-filter`}
          value={filter}
          counts={counts}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <div className="space-y-1">
          <Button variant="outline" onClick={download} disabled={shown.length === 0} aria-describedby={`${id}-dl`}>
            <Download aria-hidden="true" className="size-4" />
            {t("screen.results.download")}
          </Button>
          <p id={`${id}-dl`} className="sr-only">
            {t("screen.results.downloadHint")}
          </p>
        </div>
      </div>
      <ShowingRows from={from + 1} count={pageRows.length} total={shown.length} />
      {shown.length > 0 ? (
        // The preview lives only in this page: a product opens beside it rather than in its place.
        <ResultRowsTable rows={pageRows} label={heading} modelConfigured={modelConfigured} productsInNewTab />
      ) : null}
      <Pagination page={current} pageCount={pages} onPage={setPage} label={t("screen.results.pagination")} />
    </section>
  );
}

/** The final-status filter of a results table: every status present, with its count. */
export function StatusFilter({
  id,
  value,
  counts,
  onChange,
}: {
  id: string;
  value: FinalStatus | "all";
  counts: ReadonlyMap<FinalStatus, number>;
  onChange: (value: FinalStatus | "all") => void;
}) {
  const { t } = useImportText();
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("screen.results.filter")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as FinalStatus | "all")}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value="all">{t("screen.results.allStatuses", { count: total })}</option>
        {FINAL_STATUSES.filter((status) => counts.has(status) || status === value).map((status) => (
          <option key={status} value={status}>
            {t("screen.results.statusOption", {
              status: t(FINAL_STATUS_KEYS[status]),
              count: counts.get(status) ?? 0,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Rows 51–100 of 112", or that there are none, read out when it changes. */
export function ShowingRows({
  from,
  count,
  total,
  search = "",
}: {
  from: number;
  count: number;
  total: number;
  /** The search that found these rows, if any: an empty result then names it rather than the status. */
  search?: string;
}) {
  const { t } = useImportText();
  return (
    <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
      {total === 0
        ? search
          ? t("screen.results.noMatch", { search })
          : t("screen.results.none")
        : t("screen.results.showing", {
            from,
            to: from + count - 1,
            total,
          })}
    </p>
  );
}

/**
 * The rows themselves, one per data row of the file: a table from the `md` width up, and below it
 * a card each (item, name, product, pack, price, status, message), so a phone never scrolls
 * sideways through ten columns. Only one of the two is displayed, and so read aloud.
 */
export function ResultRowsTable({
  rows,
  label,
  modelConfigured,
  productsInNewTab = false,
}: ColumnWording & { rows: readonly ShownRowResult[]; label: string; productsInNewTab?: boolean }) {
  const { t, text, lang } = useImportText();
  const columns = aiColumnKeys({ modelConfigured });
  const cell = "align-top";
  const product = (r: ShownRowResult) =>
    r.product ? <ProductLink product={r.product} newTab={productsInNewTab} /> : "—";
  return (
    <>
      <ul aria-label={label} className="space-y-3 md:hidden" data-testid="result-cards">
        {rows.map((r) => (
          <ResultCard key={r.row} row={r} nameLabel={t(columns.name)} product={product(r)} />
        ))}
      </ul>
      <div className="hidden md:block">
        <Table label={label}>
          <TableCaption>{t("screen.results.caption")}</TableCaption>
          <TableHead>
            <tr>
              <TableHeaderCell numeric>{t("results.columns.row")}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.item")}</TableHeaderCell>
              <TableHeaderCell>{t(columns.name)}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.product")}</TableHeaderCell>
              <TableHeaderCell>{t(columns.aiStatus)}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.dbProductStatus")}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.dbPriceStatus")}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.action")}</TableHeaderCell>
              <TableHeaderCell>{t("results.columns.finalStatus")}</TableHeaderCell>
              <TableHeaderCell className="min-w-48">{t("results.columns.message")}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <tr key={r.row} data-row={r.row} data-status={r.finalStatus}>
                <TableCell numeric className={cell}>
                  {r.row}
                </TableCell>
                <TableCell className={cn(cell, "break-words")}>
                  <ItemName item={r.item} />
                </TableCell>
                <TableCell className={cell}>{r.name ?? "—"}</TableCell>
                <TableCell className={cell}>{product(r)}</TableCell>
                <TableCell className={cell}>{t(AI_STATUS_KEYS[r.aiStatus])}</TableCell>
                <TableCell className={cell}>{t(DB_STATUS_KEYS[r.dbProductStatus])}</TableCell>
                <TableCell className={cell}>{t(DB_STATUS_KEYS[r.dbPriceStatus])}</TableCell>
                <TableCell className={cell}>{t(ACTION_KEYS[r.action])}</TableCell>
                <TableCell className={cell}>
                  <StatusBadge status={r.finalStatus} />
                </TableCell>
                <TableCell className={cn(cell, "text-slate-700 dark:text-slate-300")}>
                  {rowMessagesText(r, text, lang)}
                </TableCell>
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** One row on a phone: its item and final status first, then what was understood and done. */
function ResultCard({ row, nameLabel, product }: { row: ShownRowResult; nameLabel: string; product: ReactNode }) {
  const { t, text, lang } = useImportText();
  const message = rowMessagesText(row, text, lang);
  const facts: Array<[string, ReactNode]> = [
    [nameLabel, row.name ?? "—"],
    // A card has room to leave out what a table's column must show as "—".
    ...(row.product ? [[t("results.columns.product"), product] as [string, ReactNode]] : []),
    [
      t("screen.preview.pack"),
      row.packValue !== null && row.packUnit
        ? `${formatNumber(row.packValue, lang)} ${text(`screen.packUnits.${row.packUnit}`, { count: row.packValue })}`
        : "—",
    ],
    [
      t("results.columns.price"),
      row.priceBefore != null && row.priceCents !== null ? (
        <PriceMove before={row.priceBefore} after={row.priceCents} />
      ) : row.priceCents !== null ? (
        formatMoney(row.priceCents, lang)
      ) : (
        "—"
      ),
    ],
    [t("results.columns.action"), t(ACTION_KEYS[row.action])],
  ];
  return (
    <li
      data-row={row.row}
      data-status={row.finalStatus}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-words">
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {t("results.columns.row")} {formatNumber(row.row, lang)}
          </span>
          <span className="font-medium">
            <ItemName item={row.item} />
          </span>
        </p>
        <StatusBadge status={row.finalStatus} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="break-words">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {message ? <p className="text-slate-700 dark:text-slate-300">{message}</p> : null}
    </li>
  );
}

/**
 * A QuickBooks item as the file names it. Desktop's names are paths ("FRUTAS:AGUACATE:AVO 48"):
 * they may wrap after each colon, so the column narrows and a phone does not cut a word in two.
 */
function ItemName({ item }: { item: string }) {
  const parts = item.split(":");
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          :<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * Where staff open a product: its page, which shows them inactive products too; an archived one
 * has no page, so the products screen's archived filter finds it by its address.
 */
export function productHref(product: RowProduct) {
  return product.archived
    ? `/products/manage?status=archived&q=${encodeURIComponent(product.slug)}`
    : `/products/${product.slug}`;
}

/** The product's name in the reader's language, linking to it. */
function ProductLink({ product, newTab }: { product: RowProduct; newTab: boolean }) {
  const { t, lang } = useImportText();
  return (
    <Link
      to={productHref(product)}
      className="font-medium break-words text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
      {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
    >
      {lang === "es" ? product.nameEs : product.name}
      {newTab ? <span className="sr-only"> {t("screen.results.opensInNewTab")}</span> : null}
    </Link>
  );
}
