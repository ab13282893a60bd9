import { useId } from "react";
import { FormAlert } from "~/components/ui/field";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import {
  COLUMN_KEYS,
  describeRowMessage,
  ENCODING_KEYS,
  FORMAT_KEYS,
  NO_DATA_ROWS_KEY,
  PLAN_KEYS,
  SKIP_REASON_KEYS,
  STATUS_KEYS,
} from "../../engine/messages";
import type { PlanCounts, SkipReason } from "../../engine/plan/plan";
import type { ColumnField } from "../../engine/types";
import type { PreviewRow, ReadSummary } from "../worker-protocol";
import { FactList } from "./fact-list";
import { formatNumber, useImportText } from "./use-import-text";

const cell = "align-top";
const SKIP_REASONS: SkipReason[] = ["service_item", "known_non_product_code", "invalid_description", "duplicate"];

function Facts({ summary }: { summary: ReadSummary }) {
  const { t, text, lang } = useImportText();
  const facts: Array<[string, string]> = [
    [t("screen.preview.format"), text(FORMAT_KEYS[summary.format.id])],
    [t("screen.preview.encoding"), summary.encoding ? text(ENCODING_KEYS[summary.encoding]) : "—"],
    [t("screen.preview.rows"), formatNumber(summary.totalRows, lang)],
    [t("screen.preview.headerLine"), t("screen.preview.headerLineValue", { line: summary.format.headerLine })],
    [t("screen.preview.ignoredRecords"), formatNumber(summary.blankRecords + summary.footerRecords, lang)],
    [t("screen.preview.repeated"), formatNumber(summary.superseded, lang)],
  ];
  return <FactList facts={facts} testId="file-facts" />;
}

function ColumnMapping({ summary }: { summary: ReadSummary }) {
  const { t, text } = useImportText();
  const headingId = useId();
  const used = (Object.entries(summary.format.columns) as Array<[ColumnField, number]>).sort((a, b) => a[1] - b[1]);
  const headerOf = (index: number) =>
    summary.format.headers[index]?.trim() || t("screen.preview.unnamedColumn", { n: index + 1 });
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {t("screen.preview.columnsHeading")}
      </h3>
      <Table label={t("screen.preview.columnsHeading")}>
        <TableCaption>{t("screen.preview.columnsCaption")}</TableCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>{t("screen.preview.fileColumn")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.usedAs")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody data-testid="column-mapping">
          {used.map(([field, index]) => (
            <tr key={field} data-field={field}>
              <TableHeaderCell scope="row" className={cn(cell, "font-normal break-words")}>
                {headerOf(index)}
              </TableHeaderCell>
              <TableCell className={cn(cell, "font-medium")}>{text(COLUMN_KEYS[field])}</TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
      {summary.format.ignoredColumns.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="ignored-columns">
          <span className="font-medium">{t("screen.preview.notUsed")}:</span> {summary.format.ignoredColumns.join(", ")}
        </p>
      ) : null}
    </section>
  );
}

function FirstRows({ rows }: { rows: PreviewRow[] }) {
  const { t, text, lang } = useImportText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {t("screen.preview.firstRowsHeading")}
      </h3>
      <Table label={t("screen.preview.firstRowsHeading")}>
        <TableCaption>{t("screen.preview.firstRowsCaption", { count: rows.length })}</TableCaption>
        <TableHead>
          <tr>
            <TableHeaderCell numeric>{t("screen.preview.row")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.item")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.name")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.nameEs")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.category")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.pack")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("screen.preview.price")}</TableHeaderCell>
            <TableHeaderCell className="min-w-64">{t("screen.preview.status")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody data-testid="first-rows">
          {rows.map((row) => (
            <tr key={row.row} data-row={row.row} data-status={row.status}>
              <TableCell numeric className={cell}>
                {row.row}
              </TableCell>
              <TableCell className={cn(cell, "break-words")}>{row.item}</TableCell>
              <TableCell className={cell}>{row.name ?? "—"}</TableCell>
              <TableCell className={cell} lang="es">
                {row.nameEs ?? "—"}
              </TableCell>
              <TableCell className={cell}>{row.category ? t(`screen.categories.${row.category}`) : "—"}</TableCell>
              <TableCell className={cn(cell, "whitespace-nowrap")}>
                {row.packValue !== null && row.packUnit
                  ? `${formatNumber(row.packValue, lang)} ${t(`screen.packUnits.${row.packUnit}`)}`
                  : "—"}
              </TableCell>
              <TableCell numeric className={cn(cell, "whitespace-nowrap")}>
                {row.priceCents !== null
                  ? formatMoney(row.priceCents, lang)
                  : row.importable
                    ? t("screen.preview.noPrice")
                    : "—"}
              </TableCell>
              <TableCell className={cell}>
                <span className="font-medium">{text(STATUS_KEYS[row.status])}</span>
                {row.messages.length > 0 ? (
                  <span className="block text-slate-700 dark:text-slate-300">
                    {row.messages.map((m) => text(describeRowMessage(m))).join(" ")}
                  </span>
                ) : null}
              </TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export function PlanCountsView({ counts, listName }: { counts: PlanCounts; listName: string }) {
  const { t, text, lang } = useImportText();
  const headingId = useId();
  const main: Array<[keyof typeof PLAN_KEYS, number]> = [
    ["create", counts.create],
    ["update", counts.update],
    ["unchanged", counts.unchanged],
    ["skipped", counts.skipped.total],
    ["errors", counts.errors],
  ];
  const notes: Array<[keyof typeof PLAN_KEYS, number]> = [
    ["inactive", counts.inactive],
    ["withoutPrice", counts.withoutPrice],
    ["unrecognized", counts.unrecognized],
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="plan">
      <h3 id={headingId} className="text-lg font-semibold">
        {t("screen.preview.planHeading")}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.preview.planIntro", { list: listName })}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <div
          className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          data-count="total"
        >
          <dt className="text-sm text-slate-700 dark:text-slate-300">{t("screen.preview.planTotal")}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatNumber(counts.total, lang)}</dd>
        </div>
        {main.map(([key, value]) => (
          <div
            key={key}
            data-count={key}
            className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm text-slate-700 dark:text-slate-300">{text(PLAN_KEYS[key])}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value, lang)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold">
            {text(PLAN_KEYS.skipped)}: {formatNumber(counts.skipped.total, lang)}
          </h4>
          <ul className="mt-1 space-y-1 text-sm" data-testid="skip-reasons">
            {SKIP_REASONS.map((reason) => (
              <li key={reason} data-reason={reason} className="flex justify-between gap-2">
                <span>{text(SKIP_REASON_KEYS[reason])}</span>
                <span className="tabular-nums">{formatNumber(counts.skipped[reason], lang)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold">{t("screen.preview.importedNotes")}</h4>
          <ul className="mt-1 space-y-1 text-sm" data-testid="plan-notes">
            {notes.map(([key, value]) => (
              <li key={key} data-count={key} className="flex justify-between gap-2">
                <span>{text(PLAN_KEYS[key])}</span>
                <span className="tabular-nums">{formatNumber(value, lang)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** What the file holds, as the engine read it: format, encoding, the column mapping and the first rows. */
export function FilePreview({ summary, rows }: { summary: ReadSummary; rows: PreviewRow[] }) {
  const { text } = useImportText();
  return (
    <div className="space-y-6">
      <Facts summary={summary} />
      {summary.totalRows === 0 ? <FormAlert tone="info">{text(NO_DATA_ROWS_KEY)}</FormAlert> : null}
      <ColumnMapping summary={summary} />
      {rows.length > 0 ? <FirstRows rows={rows} /> : null}
    </div>
  );
}
