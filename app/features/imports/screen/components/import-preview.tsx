import { useId } from "react";
import { formatNumber } from "~/lib/locale";
import { FormAlert } from "~/components/ui/field";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import {
  COLUMN_KEYS,
  describeRowMessage,
  ENCODING_KEYS,
  FORMAT_KEYS,
  COUNT_DETAIL_KEYS,
  COUNT_LABEL_KEYS,
  NO_DATA_ROWS_KEY,
  STATUS_KEYS,
} from "../../engine/messages";
import { COUNT_PARTS, countPart } from "../../engine/plan/counts";
import type { PlanCounts } from "../../engine/plan/plan";
import type { ColumnField } from "../../engine/types";
import type { PreviewRow, ReadSummary } from "../worker-protocol";
import { CountsLine } from "./counts-line";
import { FactList } from "./fact-list";
import { useImportText } from "./use-import-text";

const cell = "align-top";

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
      <Table label={t("screen.preview.firstRowsHeading")} cards>
        <TableCaption>{t("screen.preview.firstRowsCaption", { count: rows.length })}</TableCaption>
        <TableHead>
          <TableRow>
            <TableHeaderCell numeric>{t("screen.preview.row")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.item")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.name")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.nameEs")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.category")}</TableHeaderCell>
            <TableHeaderCell>{t("screen.preview.pack")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("screen.preview.price")}</TableHeaderCell>
            <TableHeaderCell className="min-w-64">{t("screen.preview.status")}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody data-testid="first-rows">
          {rows.map((row) => (
            <TableRow key={row.row} data-row={row.row} data-status={row.status}>
              <TableCell label={t("screen.preview.row")} numeric className={cell}>
                {row.row}
              </TableCell>
              <TableCell label={t("screen.preview.item")} className={cn(cell, "break-words")}>
                {row.item}
              </TableCell>
              <TableCell label={t("screen.preview.name")} className={cell}>
                {row.name ?? "—"}
              </TableCell>
              <TableCell label={t("screen.preview.nameEs")} className={cell} lang="es">
                {row.nameEs ?? "—"}
              </TableCell>
              <TableCell label={t("screen.preview.category")} className={cell}>
                {row.category ? t(`screen.categories.${row.category}`) : "—"}
              </TableCell>
              <TableCell label={t("screen.preview.pack")} className={cn(cell, "whitespace-nowrap")}>
                {row.packValue !== null && row.packUnit
                  ? `${formatNumber(row.packValue, lang)} ${t(`screen.packUnits.${row.packUnit}`, { count: row.packValue })}`
                  : "—"}
              </TableCell>
              <TableCell label={t("screen.preview.price")} numeric className={cn(cell, "whitespace-nowrap")}>
                {row.priceCents !== null
                  ? formatMoney(row.priceCents, lang)
                  : row.importable
                    ? t("screen.preview.noPrice")
                    : "—"}
              </TableCell>
              <TableCell label={t("screen.preview.status")} wide className={cell}>
                <span className="font-medium">{text(STATUS_KEYS[row.status])}</span>
                {row.messages.length > 0 ? (
                  <span className="block text-slate-700 dark:text-slate-300">
                    {row.messages.map((m) => text(describeRowMessage(m))).join(" ")}
                  </span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** A count in a card: the categories of the preview and of the result. */
function CountCard({ id, label, value, alert = false }: { id: string; label: string; value: number; alert?: boolean }) {
  const { lang } = useImportText();
  return (
    <div
      data-count={id}
      className={cn(
        "rounded-lg border p-3",
        alert && value > 0
          ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
      )}
    >
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value, lang)}</dd>
    </div>
  );
}

function DetailList({ id, rows }: { id: string; rows: Array<[keyof typeof COUNT_DETAIL_KEYS, number]> }) {
  const { text, lang } = useImportText();
  return (
    <ul className="mt-1 space-y-1 text-sm" data-testid={id}>
      {rows.map(([key, value]) => (
        <li key={key} data-count={key} className="flex justify-between gap-2">
          <span>{text(COUNT_DETAIL_KEYS[key])}</span>
          <span className="tabular-nums">{formatNumber(value, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PlanCountsView({ counts, listName }: { counts: PlanCounts; listName: string }) {
  const { t, text } = useImportText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="plan">
      <h3 id={headingId} className="text-lg font-semibold">
        {t("screen.preview.planHeading")}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.preview.planIntro", { list: listName })}</p>
      <CountsLine counts={counts} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        <CountCard id="total" label={t("screen.preview.planTotal")} value={counts.total} />
        {COUNT_PARTS.map((part) => (
          <CountCard
            key={part}
            id={part}
            label={text(COUNT_LABEL_KEYS[part])}
            value={countPart(counts, part)}
            alert={part === "errors"}
          />
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <h4 className="text-sm font-semibold">{text(COUNT_LABEL_KEYS.skipped)}</h4>
          <DetailList
            id="skip-reasons"
            rows={[
              ["duplicate", counts.skipped.duplicate],
              ["byStaff", counts.skipped.byStaff],
            ]}
          />
        </div>
        <div>
          <h4 className="text-sm font-semibold">{text(COUNT_LABEL_KEYS.invalid)}</h4>
          <DetailList
            id="invalid-reasons"
            rows={[
              ["serviceItem", counts.invalid.serviceItem],
              ["knownNonProductCode", counts.invalid.knownNonProductCode],
              ["invalidDescription", counts.invalid.invalidDescription],
            ]}
          />
        </div>
        <div>
          <h4 className="text-sm font-semibold">{t("screen.preview.importedNotes")}</h4>
          <DetailList
            id="plan-notes"
            rows={[
              ["inactive", counts.inactive],
              ["withoutPrice", counts.withoutPrice],
              ["unrecognized", counts.unrecognized],
            ]}
          />
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
