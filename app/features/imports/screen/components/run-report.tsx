import { Pagination } from "~/components/ui/pagination";
import { Download } from "lucide-react";
import { formatNumber } from "~/lib/locale";
import { useEffect, useId, useState } from "react";
import { Form, Link, useNavigate, useRevalidator } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { DateTime, formatDateTime } from "~/components/ui/date-time";
import { FormAlert, TextField } from "~/components/ui/field";
import { listName } from "~/features/price-lists/names";
import { describeRejection } from "../../engine/messages";
import type { ImportRowsPage } from "../../run/rows.server";
import { BATCH_FAILURE_KEYS, type BatchFailure } from "../run-client";
import {
  ABANDONED_AFTER_MINUTES,
  IMPORT_ROWS_RETENTION_DAYS,
  MODE_KEYS,
  OUTCOME_KEYS,
  RUN_STATUS_KEYS,
  type ImportSummary as RunSummary,
} from "../../run/run-messages";
import type { ImportRunView } from "../../run/run.server";
import { RUN_RESULTS_PAGE_SIZE, summaryCounts } from "../run-view";
import { runProgressOf, type RunProgress, type RunProgressAnswer } from "../schema";
import type { FinalStatus } from "../../engine/statuses";
import { CountsLine } from "./counts-line";
import { ImportSummary } from "./import-summary";
import { ResultRowsTable, ShowingRows, StatusFilter } from "./results-table";
import { BatchProgress, ProgressBar } from "./run-progress";
import { FactList } from "./fact-list";
import { useImportText } from "./use-import-text";

export type RunResultsPage = ImportRowsPage;

export type RunReportData = {
  run: ImportRunView;
  failedBatches: BatchFailure[];
  /** The rows of a run that has ended, a page at a time; null while it is going. */
  results: RunResultsPage | null;
  filter: FinalStatus | null;
  /** The results' search (`?q=`), app/lib/search.ts on the server; none when left out. */
  search?: string;
  /** Whether a model names the items: only then do the results speak of AI. */
  modelConfigured: boolean;
};

/** How often the page asks how a run is going. */
export const PROGRESS_POLL_MS = 1_500;

const isActive = (status: ImportRunView["status"]) =>
  status === "pending" || status === "queued" || status === "running";

export const runPath = (runId: string) => `/import-quickbooks/runs/${runId}`;

/**
 * One import run: its facts, its progress while it is going (polled, so a background
 * import shows it after the page was closed), then its outcome in the specification's words, the
 * batches that failed, the summary, and every row's result from the server, filtered by final
 * status, 50 a page, downloadable as CSV.
 */
export function RunReport({ run, failedBatches, results, filter, search = "", modelConfigured }: RunReportData) {
  const { t } = useImportText();
  const progress = useRunProgress(run);
  const active = isActive(run.status);
  return (
    <div className="site-container space-y-8 py-8">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/import-quickbooks" className="underline underline-offset-2">
            {t("screen.runPage.back")}
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{t("screen.runPage.title")}</h1>
        <p className="text-lg break-all text-slate-700 dark:text-slate-300">{run.fileName}</p>
      </header>
      <RunFacts run={run} progress={progress} />
      {active ? <LiveProgress run={run} progress={progress} /> : <RunOutcome run={run} failedBatches={failedBatches} />}
      {!active && run.rowsRemovedAt ? <RowsRemoved at={run.rowsRemovedAt} /> : null}
      {!active && results && !run.rowsRemovedAt ? (
        <RunResults
          runId={run.id}
          results={results}
          filter={filter}
          search={search}
          modelConfigured={modelConfigured}
        />
      ) : null}
      {run.listSlug ? (
        <p>
          <Link
            to={`/import-quickbooks?list=${encodeURIComponent(run.listSlug)}`}
            className={buttonClasses("outline", "md")}
          >
            {t("screen.runPage.again")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function RowsRemoved({ at }: { at: string }) {
  const { t, lang } = useImportText();
  return (
    <FormAlert tone="info">
      <p>{t("run.rowsRemoved", { date: formatDateTime(at, lang, false), days: IMPORT_ROWS_RETENTION_DAYS })}</p>
    </FormAlert>
  );
}

function RunFacts({ run, progress }: { run: ImportRunView; progress: RunProgress }) {
  const { t, lang } = useImportText();
  // A background run counts its rows once the server has read the file.
  const rows = progress.status === "queued" && progress.totalRows === 0 ? "—" : formatNumber(progress.totalRows, lang);
  const list = run.listName === null ? null : listName({ name: run.listName, nameEs: run.listNameEs }, lang);
  const facts: Array<[string, React.ReactNode]> = [
    [
      t("screen.runPage.facts.list"),
      run.listSlug ? (
        <Link to={`/prices-manage/${run.listSlug}`} className="underline underline-offset-2">
          {list ?? run.listSlug}
        </Link>
      ) : (
        (list ?? "—")
      ),
    ],
    [t("screen.runPage.facts.startedBy"), run.userName ?? "—"],
    [t("screen.runPage.facts.startedAt"), <DateTime key="start" value={run.startedAt} />],
    [t("screen.runPage.facts.finishedAt"), <DateTime key="end" value={run.finishedAt} fallback="—" />],
    [t("screen.runPage.facts.mode"), t(MODE_KEYS[run.mode])],
    [t("screen.runPage.facts.status"), t(RUN_STATUS_KEYS[progress.status])],
    [t("screen.runPage.facts.rows"), rows],
  ];
  return <FactList facts={facts} testId="run-facts" />;
}

/**
 * While a run is going, asks how it goes every PROGRESS_POLL_MS; once it has ended, the page's
 * data is loaded again (outcome, summary, rows). A missed look is tried again at the next tick.
 */
function useRunProgress(run: ImportRunView): RunProgress {
  const { revalidate } = useRevalidator();
  const [polled, setPolled] = useState<RunProgress | null>(null);
  const active = isActive(run.status);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const response = await fetch(`${runPath(run.id)}/progress`, { headers: { accept: "application/json" } });
        const answer = (await response.json()) as RunProgressAnswer;
        if (stopped) return;
        if (answer.ok) {
          setPolled(answer.run);
          if (!isActive(answer.run.status)) {
            await revalidate();
            return;
          }
        }
      } catch {
        // Tried again at the next tick.
      }
      if (!stopped) timer = setTimeout(tick, PROGRESS_POLL_MS);
    };
    timer = setTimeout(tick, PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [run.id, active, revalidate]);

  // The page's own data wins once it is as new as the last look (after the run has ended).
  return active && polled?.id === run.id ? polled : runProgressOf(run);
}

function LiveProgress({ run, progress }: { run: ImportRunView; progress: RunProgress }) {
  const { t } = useImportText();
  const done = progress.appliedBatches + progress.failedBatches;
  return (
    <section aria-labelledby="run-progress" className="space-y-3" data-testid="run-progress">
      <h2 id="run-progress" className="text-xl font-semibold">
        {t("screen.runPage.progressHeading")}
      </h2>
      <p className="sr-only" aria-live="polite">
        {t("screen.run.runningPhase")}
      </p>
      {progress.status === "queued" ? (
        <ProgressBar label={t("run.progress.queued")} />
      ) : progress.totalBatches === 0 ? (
        <ProgressBar label={t("screen.runPage.readingOnServer")} />
      ) : (
        <BatchProgress
          batch={done + 1}
          totalBatches={progress.totalBatches}
          doneBatches={done}
          rows={{ done: progress.processedRows, total: progress.totalRows }}
        />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {run.mode === "background" ? t("screen.runPage.backgroundNote") : t("screen.runPage.interactiveNote")}
      </p>
    </section>
  );
}

/** The outcome in the specification's words, the batches that failed, the summary and its notes. */
function RunOutcome({ run, failedBatches }: { run: ImportRunView; failedBatches: BatchFailure[] }) {
  const { t, text } = useImportText();
  const summary = run.summary;
  return (
    <section aria-labelledby="run-outcome" className="space-y-6">
      <h2 id="run-outcome" className="sr-only">
        {t("screen.runPage.outcomeHeading")}
      </h2>
      <div data-testid="run-outcome" data-outcome={run.outcome ?? ""}>
        {run.status === "failed" ? (
          <FormAlert>
            <p className="font-medium">{t("run.outcome.failedShort")}</p>
            {summary?.rejection ? (
              <>
                <p className="mt-1">{t("screen.errors.parse")}</p>
                <p className="mt-1">{text(describeRejection(summary.rejection))}</p>
              </>
            ) : run.abandoned ? (
              <p className="mt-1">{t("run.abandoned", { minutes: ABANDONED_AFTER_MINUTES })}</p>
            ) : (
              <p className="mt-1">{t("run.errors.jobFailed")}</p>
            )}
          </FormAlert>
        ) : run.outcome ? (
          <FormAlert tone={run.outcome === "success" ? "success" : run.outcome === "warning" ? "warning" : "error"}>
            <p className="font-medium">{t(OUTCOME_KEYS[run.outcome])}</p>
          </FormAlert>
        ) : null}
      </div>
      {failedBatches.length > 0 ? <BatchFailures failures={failedBatches} /> : null}
      {summary && summary.totalRows > 0 ? (
        <>
          <ImportSummary counts={summaryCounts(summary)} />
          {/* Runs stored before the counts existed have only the specification's. */}
          {summary.counts ? <CountsLine counts={summary.counts} /> : null}
          <SummaryNotes summary={summary} />
        </>
      ) : null}
    </section>
  );
}

/** 'Batch processing failed after retries.' and 'Error processing batch {n}: {error}' for each. */
export function BatchFailures({ failures }: { failures: readonly BatchFailure[] }) {
  const { t } = useImportText();
  return (
    <div data-testid="batch-failures">
      <FormAlert>
        <p className="font-medium">{t("run.errors.batchFailed")}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {failures.map((f) => (
            <li key={f.batch}>{t("run.errors.batchError", { n: f.batch, error: t(BATCH_FAILURE_KEYS[f.reason]) })}</li>
          ))}
        </ul>
      </FormAlert>
    </div>
  );
}

function SummaryNotes({ summary }: { summary: RunSummary }) {
  const { t, lang } = useImportText();
  const n = (value: number) => formatNumber(value, lang);
  const notes: Array<[string, string]> = [];
  if (summary.nothingChanged && summary.errors === 0) notes.push(["nothingChanged", t("run.summary.nothingChanged")]);
  if (summary.versionNumber !== null) {
    notes.push(["versionTaken", t("run.summary.versionTaken", { number: summary.versionNumber })]);
  }
  const counted = [
    ["pricesChanged", summary.pricesChanged],
    ["duplicates", summary.duplicates],
    ["withoutPrice", summary.withoutPrice],
    ["unrecognized", summary.unrecognized],
    ["failedBatches", summary.failedBatches],
    ["notProcessed", summary.notProcessed],
    ["namedByModel", summary.namedByModel],
  ] as const;
  for (const [key, value] of counted) {
    if (value > 0 || key === "pricesChanged") notes.push([key, `${t(`run.summary.${key}`)}: ${n(value)}`]);
  }
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300" data-testid="summary-notes">
      {notes.map(([key, note]) => (
        <li key={key} data-note={key}>
          {note}
        </li>
      ))}
    </ul>
  );
}

/**
 * The stored rows, a page at a time, filtered by final status and searched through the address
 * (so a reload keeps them).
 */
function RunResults({
  runId,
  results,
  filter,
  search,
  modelConfigured,
}: {
  runId: string;
  results: RunResultsPage;
  filter: FinalStatus | null;
  search: string;
  modelConfigured: boolean;
}) {
  const { t } = useImportText();
  const navigate = useNavigate();
  const id = useId();
  const headingId = `${id}-heading`;
  const counts = new Map(
    (Object.entries(results.statusCounts) as Array<[FinalStatus, number | undefined]>).flatMap(([status, n]) =>
      n ? [[status, n] as const] : [],
    ),
  );
  const paramsFor = (page: number, status = filter) => {
    const params = new URLSearchParams();
    if (status) params.set("status", status);
    if (search) params.set("q", search);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `?${query}` : "";
  };
  const hrefFor = (page: number, status = filter) => paramsFor(page, status) || runPath(runId);
  const from = (results.page - 1) * RUN_RESULTS_PAGE_SIZE + 1;
  const csv = `${runPath(runId)}/results.csv${paramsFor(1)}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="results">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("screen.runPage.resultsHeading")}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <StatusFilter
          id={`${id}-filter`}
          value={filter ?? "all"}
          counts={counts}
          onChange={(value) => {
            void navigate(hrefFor(1, value === "all" ? null : value), { preventScrollReset: true, replace: true });
          }}
        />
        <Form noValidate method="get" role="search" preventScrollReset className="flex items-end gap-2">
          {filter ? <input type="hidden" name="status" value={filter} /> : null}
          <TextField
            label={t("screen.results.searchLabel")}
            name="q"
            type="search"
            defaultValue={search}
            key={search}
            maxLength={100}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary">
            {t("screen.results.search")}
          </Button>
        </Form>
        <div className="space-y-1">
          <a
            href={csv}
            download
            className={buttonClasses("outline", "md")}
            aria-describedby={`${id}-dl`}
            data-testid="download-csv"
          >
            <Download aria-hidden="true" className="size-4" />
            {t("screen.results.download")}
          </a>
          <p id={`${id}-dl`} className="sr-only">
            {t("screen.results.downloadSearchedHint")}
          </p>
        </div>
      </div>
      <ShowingRows from={from} count={results.rows.length} total={results.total} search={search} />
      {results.rows.length > 0 ? (
        <ResultRowsTable
          rows={results.rows}
          label={t("screen.runPage.resultsHeading")}
          modelConfigured={modelConfigured}
        />
      ) : null}
      <Pagination
        page={results.page}
        pageCount={results.pageCount}
        hrefFor={hrefFor}
        preventScrollReset
        label={t("screen.results.pagination")}
      />
    </section>
  );
}
