import { Pagination } from "~/components/ui/pagination";
import { useId } from "react";
import { formatNumber } from "~/lib/locale";
import { Link } from "react-router";
import { DateTime } from "~/components/ui/date-time";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import {
  MODE_KEYS,
  RUN_STATUS_KEYS,
  type ImportMode,
  type ImportOutcome,
  type ImportRunStatus,
} from "../../run/run-messages";
import { runPath } from "./run-report";
import { useImportText } from "./use-import-text";

/** A past run as the list shows it. */
export type PastRun = {
  id: string;
  fileName: string;
  mode: ImportMode;
  status: ImportRunStatus;
  outcome: ImportOutcome | null;
  listName: string | null;
  userName: string | null;
  startedAt: string;
  totalRows: number;
  totalBatches: number;
  doneBatches: number;
  counts: { created: number; updated: number; skipped: number; errors: number } | null;
};

export type PastRunsPage = { runs: PastRun[]; total: number; page: number; pageCount: number };

const OUTCOME_LABELS = {
  success: "screen.history.outcome.success",
  warning: "screen.history.outcome.warning",
  failed: "screen.history.outcome.failed",
} as const satisfies Record<ImportOutcome, string>;

const tones = {
  success: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  warning: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  going: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

function RunResult({ run }: { run: PastRun }) {
  const { t } = useImportText();
  const ended = run.status === "finished" || run.status === "failed";
  const outcome = run.status === "failed" ? "failed" : run.outcome;
  if (ended && outcome) {
    return (
      <span className={cn("inline-flex rounded-md px-2 py-0.5 text-xs font-medium", tones[outcome])}>
        {t(OUTCOME_LABELS[outcome])}
      </span>
    );
  }
  return (
    <span className={cn("inline-flex rounded-md px-2 py-0.5 text-xs font-medium", tones.going)}>
      {t(RUN_STATUS_KEYS[run.status])}
      {run.status === "running" && run.totalBatches > 0
        ? ` · ${t("screen.history.batches", { done: run.doneBatches, total: run.totalBatches })}`
        : ""}
    </span>
  );
}

/**
 * The runs before this one, newest first: when, who, which list, the file, how it ran,
 * its outcome and counts; each opens its page with the summary and every row's result.
 */
export function PastRuns({ page, hrefFor }: { page: PastRunsPage; hrefFor: (page: number) => string }) {
  const { t, lang } = useImportText();
  const id = useId();
  const headingId = `${id}-heading`;
  const n = (value: number | undefined) => (value === undefined ? "—" : formatNumber(value, lang));
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="past-runs" id="past-imports">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("screen.history.heading")}
      </h2>
      {page.runs.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.history.empty")}</p>
      ) : (
        <Table label={t("screen.history.heading")} cards>
          <TableCaption>{t("screen.history.caption")}</TableCaption>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("screen.history.columns.file")}</TableHeaderCell>
              <TableHeaderCell>{t("screen.history.columns.startedAt")}</TableHeaderCell>
              <TableHeaderCell>{t("screen.history.columns.startedBy")}</TableHeaderCell>
              <TableHeaderCell>{t("screen.history.columns.list")}</TableHeaderCell>
              <TableHeaderCell>{t("screen.history.columns.mode")}</TableHeaderCell>
              <TableHeaderCell>{t("screen.history.columns.result")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("screen.history.columns.rows")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("screen.history.columns.created")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("screen.history.columns.updated")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("screen.history.columns.skipped")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("screen.history.columns.errors")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="align-top">
            {page.runs.map((run) => (
              <TableRow key={run.id} data-run={run.id}>
                <TableHeaderCell scope="row" wide className="font-normal md:min-w-40">
                  <Link to={runPath(run.id)} className="font-medium break-words underline underline-offset-2">
                    {run.fileName}
                  </Link>
                </TableHeaderCell>
                <TableCell label={t("screen.history.columns.startedAt")} className="md:whitespace-nowrap">
                  <DateTime value={run.startedAt} />
                </TableCell>
                <TableCell label={t("screen.history.columns.startedBy")}>{run.userName ?? "—"}</TableCell>
                <TableCell label={t("screen.history.columns.list")}>{run.listName ?? "—"}</TableCell>
                <TableCell label={t("screen.history.columns.mode")}>{t(MODE_KEYS[run.mode])}</TableCell>
                <TableCell label={t("screen.history.columns.result")}>
                  <RunResult run={run} />
                </TableCell>
                <TableCell label={t("screen.history.columns.rows")} numeric>
                  {n(run.totalRows)}
                </TableCell>
                <TableCell label={t("screen.history.columns.created")} numeric>
                  {n(run.counts?.created)}
                </TableCell>
                <TableCell label={t("screen.history.columns.updated")} numeric>
                  {n(run.counts?.updated)}
                </TableCell>
                <TableCell label={t("screen.history.columns.skipped")} numeric>
                  {n(run.counts?.skipped)}
                </TableCell>
                <TableCell label={t("screen.history.columns.errors")} numeric>
                  {n(run.counts?.errors)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={hrefFor}
        preventScrollReset
        label={t("screen.history.pagination")}
      />
    </section>
  );
}
