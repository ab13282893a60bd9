import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField } from "~/components/ui/field";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { checkFileSize } from "../../engine/read/decode";
import { describeRejection, type Described } from "../../engine/messages";
import type { ExistingProduct, MatchCandidate, RowChoice } from "../../engine/plan/decide";
import type { ImportRowResult } from "../../engine/results";
import type { MatchKeys, PlanCounts } from "../../engine/plan/plan";
import type { MatchedProduct } from "../../run/existing.server";
import type { RowProduct } from "../../run/rows.server";
import { driveImportRun, fetchTransport, SERVER_ERROR, type BatchFailure, type RunProgress } from "../run-client";
import { choiceConflict } from "../../run/choices";
import { planRequestChunks, type BatchRow, type ImportActionResult, type PlanRequest, type RunAnswer } from "../schema";
import type { PreviewRow, ReadSummary, WorkerRequest, WorkerResponse } from "../worker-protocol";
import { FileDropZone } from "./file-drop-zone";
import { FilePreview, PlanCountsView } from "./import-preview";
import { choiceInputs, groupOf, MatchReview, proposalChoice } from "./match-review";
import { NewListDialog } from "./new-list-dialog";
import { PastRuns, type PastRunsPage } from "./past-runs";
import { ResultsTable, type ShownRowResult } from "./results-table";
import { BatchFailures, runPath } from "./run-report";
import { BatchProgress, ProgressBar } from "./run-progress";
import { useImportText } from "./use-import-text";

/** The run API (app/routes/import-quickbooks-runs.ts). */
const RUN_API = "/import-quickbooks/runs";

export type ListOption = { slug: string; name: string; itemCount: number };

/** Rows of the file shown as the engine understood them. */
const PREVIEW_ROWS = 20;

/** A failure of the whole step: the specification's message, and the engine's detail below it. */
type Failure = { message: string; detail?: Described; signIn?: boolean };

type Read =
  | { state: "idle" }
  | { state: "reading"; done: number; total: number }
  | { state: "done"; fileName: string; summary: ReadSummary; preview: PreviewRow[]; keys: MatchKeys };

type Run =
  | { state: "idle" }
  | { state: "starting"; mode: RunMode }
  | { state: "running"; progress: RunProgress }
  /** Ended before the end: `error` says why ('Import failed.' above it for a run on this page). */
  | {
      state: "stopped";
      mode: RunMode;
      error: Described;
      detail?: Described;
      failures: BatchFailure[];
      signIn: boolean;
    }
  | { state: "finished"; runId: string };

export type RunMode = "interactive" | "background";

type Plan =
  | { state: "idle" }
  | { state: "fetching"; list: string; done: number; total: number }
  /** `products`: the ones the rows may match, so each row can show and link its product. */
  | { state: "planning"; list: string; id: number; products: ReadonlyMap<string, RowProduct> }
  | {
      state: "done";
      list: string;
      products: ReadonlyMap<string, RowProduct>;
      counts: PlanCounts;
      results: ShownRowResult[];
    };

/** What the import proposes for each row before staff's choices, and the products a row may be linked to. */
type Review = { proposals: ImportRowResult[]; products: MatchCandidate[] };

/** A CSV, judged by its name (or its type when the name has no extension). */
function isCsvFile(file: File) {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv")) return true;
  return !name.includes(".") && file.type === "text/csv";
}

type Pending = { resolve: (rows: BatchRow[]) => void; reject: (error: Error) => void };

/** The products a row may be linked to: without a QuickBooks ID and not archived, by name. */
function linkable(products: ExistingProduct[]): MatchCandidate[] {
  const byId = new Map<string, MatchCandidate>();
  for (const p of products) {
    if (p.quickbooksId !== null || p.archived) continue;
    byId.set(p.id, { id: p.id, name: p.name, nameEs: p.nameEs, packValue: p.packValue, packUnit: p.packUnit });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The import's Web Worker, started per file; its answers go to the latest handler, except the
 * rows of a batch, which answer the promise `rows()` returned.
 */
function useImportWorker(onMessage: (message: WorkerResponse) => void) {
  const worker = useRef<Worker | null>(null);
  const handler = useRef(onMessage);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(0);
  useEffect(() => {
    handler.current = onMessage;
  });
  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    for (const p of pending.current.values()) p.reject(new Error("the file's reader stopped"));
    pending.current.clear();
  }, []);
  useEffect(() => stop, [stop]);
  const post = useCallback((request: WorkerRequest) => worker.current?.postMessage(request), []);
  const start = useCallback(
    (file: File) => {
      stop();
      const started = new Worker(new URL("../import.worker.ts", import.meta.url), { type: "module" });
      started.onmessage = (event: MessageEvent<WorkerResponse>) => {
        if (worker.current !== started) return;
        const message = event.data;
        if (message.type === "rows" || (message.type === "failed" && message.during === "rows")) {
          const waiting = pending.current.get(message.id ?? -1);
          pending.current.delete(message.id ?? -1);
          if (message.type === "rows") waiting?.resolve(message.rows);
          else waiting?.reject(new Error("the file's reader failed"));
          return;
        }
        handler.current(message);
      };
      started.onerror = (event) => {
        event.preventDefault();
        if (worker.current === started) handler.current({ type: "failed", during: "read" });
      };
      worker.current = started;
      started.postMessage({ type: "read", file, previewRows: PREVIEW_ROWS } satisfies WorkerRequest);
    },
    [stop],
  );
  const rows = useCallback(
    (batch: number, size: number) =>
      new Promise<BatchRow[]>((resolve, reject) => {
        if (!worker.current) return reject(new Error("the file's reader stopped"));
        const id = ++nextId.current;
        pending.current.set(id, { resolve, reject });
        worker.current.postMessage({ type: "rows", id, batch, size } satisfies WorkerRequest);
      }),
    [],
  );
  return useMemo(() => ({ start, stop, post, rows }), [start, stop, post, rows]);
}

/**
 * The /import-quickbooks screen: choose the list (by slug) and the CSV file, read and
 * understand it in a Web Worker, preview the file and a dry-run plan against the catalogue (nothing
 * written yet), then run the import on this page in batches or hand the file to the server; past
 * runs are listed below. A finished run opens its own page (run-report.tsx).
 */
export function ImportScreen({
  lists,
  selected,
  pastRuns,
  canCreateList,
  modelConfigured,
}: {
  lists: ListOption[];
  selected: string | null;
  pastRuns: PastRunsPage;
  /** Whether the person may create price lists (the "New price list" dialog). */
  canCreateList: boolean;
  /** Whether a model names the items: only then do the results speak of AI. */
  modelConfigured: boolean;
}) {
  const { t, text } = useImportText();
  const formId = useId();
  const [list, setList] = useState(selected ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ list?: string; file?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [read, setRead] = useState<Read>({ state: "idle" });
  const [plan, setPlan] = useState<Plan>({ state: "idle" });
  const [run, setRun] = useState<Run>({ state: "idle" });
  const [mode, setMode] = useState<RunMode>("interactive");
  const [choices, setChoices] = useState<ReadonlyMap<number, RowChoice>>(new Map());
  const [review, setReview] = useState<Review | null>(null);
  const [publishNew, setPublishNew] = useState(false);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const runAbort = useRef<AbortController | null>(null);
  const navigate = useNavigate();

  const fetcher = useFetcher<ImportActionResult>();
  const lookup = useRef<{ list: string; requests: PlanRequest[]; next: number; found: MatchedProduct[] } | null>(null);
  const seen = useRef<unknown>(null);
  const planId = useRef(0);
  /** The plan without staff's choices: its rows are the review's proposals. */
  const proposalPlan = useRef(0);

  const worker = useImportWorker((message) => {
    switch (message.type) {
      case "progress":
        setRead({ state: "reading", done: message.done, total: message.total });
        return;
      case "rejected": {
        worker.stop();
        setRead({ state: "idle" });
        const detail = describeRejection(message.rejection);
        setFailure(
          message.rejection.code === "file_too_large"
            ? { message: text(detail) }
            : { message: t("screen.errors.parse"), detail },
        );
        return;
      }
      case "rows":
        return;
      case "failed":
        worker.stop();
        if (message.during === "read") setRead({ state: "idle" });
        setPlan({ state: "idle" });
        setFailure({ message: t("screen.errors.processing") });
        return;
      case "understood":
        setRead({
          state: "done",
          fileName: file?.name ?? "",
          summary: message.summary,
          preview: message.preview,
          keys: message.keys,
        });
        if (message.summary.totalRows > 0 && list) startPlan(list, message.keys);
        requestAnimationFrame(() => previewRef.current?.focus());
        return;
      case "planned": {
        // Only the latest plan counts: an older one was for another list or other choices.
        if (message.id !== planId.current) return;
        if (message.id === proposalPlan.current) {
          setReview((current) => (current ? { ...current, proposals: message.results } : current));
        }
        const before = new Map(message.priceBefore);
        setPlan((current) =>
          current.state === "planning" || current.state === "done"
            ? {
                state: "done",
                list: current.list,
                products: current.products,
                counts: message.counts,
                results: message.results.map((r) => ({
                  ...r,
                  product: r.productId ? (current.products.get(r.productId) ?? null) : null,
                  priceBefore: before.get(r.row) ?? null,
                })),
              }
            : current,
        );
        return;
      }
    }
  });

  function startPlan(slug: string, keys: MatchKeys) {
    setChoices(new Map());
    setReview(null);
    const requests = planRequestChunks(slug, keys);
    lookup.current = { list: slug, requests, next: 1, found: [] };
    setPlan({ state: "fetching", list: slug, done: 0, total: requests.length });
    void fetcher.submit(requests[0], { method: "post", encType: "application/json" });
  }

  // Each answer of the "plan" lookup: the next part of the keys, or the plan itself in the worker.
  useEffect(() => {
    const current = lookup.current;
    const result = fetcher.data;
    if (!current || fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (!result.ok) {
      lookup.current = null;
      setPlan({ state: "idle" });
      setFailure({
        message: t(result.error),
        signIn: result.error === "screen.errors.notAuthenticated",
      });
      return;
    }
    current.found.push(...result.products);
    if (current.next < current.requests.length) {
      const request = current.requests[current.next];
      current.next++;
      setPlan({ state: "fetching", list: current.list, done: current.next - 1, total: current.requests.length });
      void fetcher.submit(request, { method: "post", encType: "application/json" });
      return;
    }
    lookup.current = null;
    planId.current++;
    proposalPlan.current = planId.current;
    setPlan({
      state: "planning",
      list: current.list,
      id: planId.current,
      products: new Map(current.found.map((p) => [p.id, p])),
    });
    setReview({ proposals: [], products: linkable(current.found) });
    worker.post({ type: "plan", id: planId.current, existing: current.found, choices: [] });
  }, [fetcher, fetcher.state, fetcher.data, t, worker]);

  /**
   * Staff changed rows' choices: the plan is made again with them, the review stays on screen. From
   * the first change every row of the review carries its choice (the proposal's unless changed),
   * so that a change to one row never moves another row's match: what the review shows is what
   * the import writes.
   */
  function choose(changes: Array<[number, RowChoice | null]>) {
    const reviewed = (review?.proposals ?? []).filter((p) => groupOf(p) !== null);
    const proposed = new Map(reviewed.map((p) => [p.row, proposalChoice(p)]));
    const next = new Map(choices.size > 0 ? choices : proposed);
    for (const [row, choice] of changes) {
      const value = choice ?? proposed.get(row);
      if (value) next.set(row, value);
    }
    setChoices(next);
    planId.current++;
    worker.post({ type: "plan", id: planId.current, choices: [...next] });
  }

  // A run stops when the page goes (the guard asked first); what the server wrote stays written.
  useEffect(() => () => runAbort.current?.abort(), []);

  // The run's page shows its outcome, summary and rows; the guard has let go by the time this runs.
  useEffect(() => {
    if (run.state === "finished") void navigate(runPath(run.runId));
  }, [run, navigate]);

  async function startInteractive(slug: string, done: Extract<Read, { state: "done" }>) {
    const controller = new AbortController();
    runAbort.current = controller;
    setRun({ state: "starting", mode: "interactive" });
    const { format } = done.summary;
    try {
      const result = await driveImportRun({
        start: {
          intent: "start",
          list: slug,
          fileName: done.fileName,
          format: {
            headers: format.headers,
            delimiter: format.delimiter,
            headerRecord: format.headerRecord,
            headerLine: format.headerLine,
          },
          encoding: done.summary.encoding,
          totalRows: done.summary.totalRows,
          duplicates: done.summary.duplicates,
          choices: choiceInputs(choices),
          publishNew,
        },
        transport: fetchTransport(RUN_API, controller.signal),
        rowsOf: worker.rows,
        onProgress: (progress) => setRun({ state: "running", progress }),
        signal: controller.signal,
      });
      if (result.state === "finished") setRun({ state: "finished", runId: result.runId });
      else setRun({ ...result, mode: "interactive" });
    } catch {
      if (controller.signal.aborted) return;
      setRun({ state: "stopped", mode: "interactive", error: SERVER_ERROR, failures: [], signIn: false });
    }
  }

  async function startBackground(slug: string, chosen: File) {
    const controller = new AbortController();
    runAbort.current = controller;
    setRun({ state: "starting", mode: "background" });
    const body = new FormData();
    body.set("intent", "background");
    body.set("list", slug);
    body.set("publishNew", String(publishNew));
    body.set("file", chosen);
    body.set("choices", JSON.stringify(choiceInputs(choices)));
    const notStarted: Described = { key: "run.errors.startFailed", values: {} };
    let status = 0;
    let answer: RunAnswer | null = null;
    try {
      const response = await fetch(RUN_API, { method: "POST", body, signal: controller.signal });
      status = response.status;
      if ((response.headers.get("content-type") ?? "").startsWith("application/json")) {
        answer = (await response.json()) as RunAnswer;
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (answer?.ok && answer.intent === "background") return setRun({ state: "finished", runId: answer.runId });
    const refused = answer && !answer.ok && status < 500 ? answer : null;
    setRun({
      state: "stopped",
      mode: "background",
      error: refused ? { key: refused.error, values: refused.values ?? {} } : notStarted,
      detail: refused?.detail,
      failures: [],
      signIn: status === 401,
    });
  }

  const conflict = choiceConflict(choiceInputs(choices));

  function startRun() {
    if (read.state !== "done" || !file || run.state === "starting" || run.state === "running" || conflict) return;
    if (!list) {
      setErrors((e) => ({ ...e, list: t("screen.errors.listRequired") }));
      document.getElementById(`${formId}-list`)?.focus();
      return;
    }
    setFailure(null);
    if (mode === "background") void startBackground(list, file);
    else void startInteractive(list, read);
  }

  function chooseFile(chosen: File) {
    worker.stop();
    setRun({ state: "idle" });
    lookup.current = null;
    setRead({ state: "idle" });
    setPlan({ state: "idle" });
    setFailure(null);
    if (!isCsvFile(chosen)) {
      setFile(null);
      setErrors((e) => ({ ...e, file: t("screen.errors.invalidFormat") }));
      return;
    }
    // At most 10 MB, checked before reading.
    const tooLarge = checkFileSize(chosen.size);
    if (tooLarge) {
      setFile(null);
      setErrors((e) => ({ ...e, file: text(describeRejection(tooLarge)) }));
      return;
    }
    setErrors((e) => ({ ...e, file: undefined }));
    setFile(chosen);
  }

  function chooseList(slug: string) {
    setList(slug);
    setErrors((e) => ({ ...e, list: undefined }));
    // A new list changes the plan, not what the file holds.
    if (read.state === "done" && read.summary.totalRows > 0 && slug) {
      setFailure(null);
      startPlan(slug, read.keys);
    } else if (!slug) {
      lookup.current = null;
      setPlan({ state: "idle" });
    }
  }

  function preview(event: FormEvent) {
    event.preventDefault();
    setRun({ state: "idle" });
    const next: { list?: string; file?: string } = {};
    if (!list) next.list = t("screen.errors.listRequired");
    if (!file) next.file = errors.file ?? t("screen.errors.fileRequired");
    setErrors(next);
    setFailure(null);
    if (next.list || next.file || !file) {
      // Focus goes to the first field to correct, whose error is read with it.
      if (next.list) document.getElementById(`${formId}-list`)?.focus();
      else document.getElementById(`${formId}-zone`)?.querySelector("input")?.focus();
      return;
    }
    lookup.current = null;
    setPlan({ state: "idle" });
    setRead({ state: "reading", done: 0, total: file.size });
    worker.start(file);
  }

  const listName = lists.find((l) => l.slug === (plan.state === "idle" ? list : plan.list))?.name ?? "";
  const running = run.state === "starting" || run.state === "running";
  const busy = read.state === "reading" || running;
  const percent = read.state === "reading" && read.total > 0 ? Math.round((read.done / read.total) * 100) : 0;

  return (
    <div className="site-container space-y-8 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("screen.title")}</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("screen.intro")}</p>
        <noscript>
          <p className="font-medium">{t("screen.noScript")}</p>
        </noscript>
      </header>

      <section aria-labelledby={`${formId}-heading`} className="space-y-4">
        <h2 id={`${formId}-heading`} className="text-xl font-semibold">
          {t("screen.choose.heading")}
        </h2>
        <form noValidate onSubmit={preview} className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="space-y-2">
            <SelectField
              id={`${formId}-list`}
              label={t("screen.choose.list")}
              name="list"
              value={list}
              error={errors.list}
              hint={t("screen.choose.listHint")}
              disabled={running}
              onChange={(event) => chooseList(event.currentTarget.value)}
            >
              <option value="">{t("screen.choose.listPlaceholder")}</option>
              {lists.map((l) => (
                <option key={l.slug} value={l.slug}>
                  {l.name}
                </option>
              ))}
            </SelectField>
            {canCreateList ? <NewListDialog lists={lists} disabled={running} onCreated={chooseList} /> : null}
          </div>
          <div id={`${formId}-zone`}>
            <FileDropZone file={file} error={errors.file} disabled={busy} onChoose={chooseFile} />
          </div>
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              {read.state === "done" ? t("screen.choose.previewAgain") : t("screen.choose.preview")}
            </Button>
          </div>
        </form>
        {/* Screen readers hear which step is running; the percentage is there to look at, not announced each time. */}
        <p className="sr-only" aria-live="polite">
          {read.state === "reading"
            ? t("screen.progress.readingPhase")
            : plan.state === "fetching"
              ? t("screen.progress.planningPhase")
              : ""}
        </p>
        {read.state === "reading" ? (
          <ProgressBar label={t("screen.progress.reading", { percent })} value={percent} max={100} />
        ) : plan.state === "fetching" ? (
          <ProgressBar
            label={t("screen.progress.planning", { done: plan.done, total: plan.total })}
            value={plan.done}
            max={plan.total}
          />
        ) : null}
        {failure ? (
          <FormAlert>
            <p className="font-medium">{failure.message}</p>
            {failure.detail ? <p className="mt-1">{text(failure.detail)}</p> : null}
            {failure.signIn ? (
              <p className="mt-1">
                <Link
                  to={`/login?redirectTo=${encodeURIComponent("/import-quickbooks")}`}
                  className="underline underline-offset-2"
                >
                  {t("screen.errors.signInAgain")}
                </Link>
              </p>
            ) : null}
          </FormAlert>
        ) : null}
      </section>

      {read.state === "done" ? (
        <section aria-labelledby={`${formId}-preview`} className="space-y-6" data-testid="preview">
          <div className="space-y-1">
            <h2 id={`${formId}-preview`} ref={previewRef} tabIndex={-1} className="text-xl font-semibold">
              {t("screen.preview.heading")}: <span className="break-all">{read.fileName}</span>
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.preview.nothingWritten")}</p>
          </div>
          <FilePreview summary={read.summary} rows={read.preview} />
          {plan.state === "done" ? (
            <>
              <PlanCountsView counts={plan.counts} listName={listName} />
              {review ? (
                <MatchReview
                  proposals={review.proposals}
                  results={plan.results}
                  choices={choices}
                  products={review.products}
                  onChoose={choose}
                />
              ) : null}
              {read.summary.totalRows > 0 ? (
                <RunPanel
                  blocked={conflict ? t("run.errors.choiceTwice", conflict) : null}
                  listName={listName}
                  mode={mode}
                  onModeChange={setMode}
                  publishNew={publishNew}
                  onPublishNewChange={setPublishNew}
                  run={run}
                  totalRows={read.summary.totalRows}
                  onStart={startRun}
                />
              ) : null}
              <ResultsTable
                rows={plan.results}
                heading={t("screen.preview.allRowsHeading")}
                downloadName={plan.list}
                modelConfigured={modelConfigured}
              />
            </>
          ) : null}
        </section>
      ) : null}

      <PastRuns page={pastRuns} hrefFor={(page) => `?runs=${page}#past-imports`} />
    </div>
  );
}

/**
 * The run: how to run it (on this page, or handed to the server), whether the products it creates
 * are published now or kept for review (docs/decisions/026-imported-products-review.md), the Import button, the
 * batch progress with its attempts, the batches that failed, and why a run stopped. Leaving the
 * page while a run is going asks first.
 */
function RunPanel({
  blocked,
  listName,
  mode,
  onModeChange,
  publishNew,
  onPublishNewChange,
  run,
  totalRows,
  onStart,
}: {
  /** Why the import cannot start yet (staff's choices conflict), or null. */
  blocked: string | null;
  listName: string;
  mode: RunMode;
  onModeChange: (mode: RunMode) => void;
  publishNew: boolean;
  onPublishNewChange: (publishNew: boolean) => void;
  run: Run;
  totalRows: number;
  onStart: () => void;
}) {
  const { t, text } = useImportText();
  const id = useId();
  const running = run.state === "starting" || run.state === "running";
  const failures = run.state === "running" ? run.progress.failures : run.state === "stopped" ? run.failures : [];
  const modes: Array<{ value: RunMode; label: string; hint: string }> = [
    { value: "interactive", label: t("run.modes.interactive"), hint: t("screen.run.interactiveHint") },
    { value: "background", label: t("run.modes.background"), hint: t("screen.run.backgroundHint") },
  ];
  const newProducts: Array<{ value: "review" | "publish"; label: string; hint: string }> = [
    { value: "review", label: t("screen.run.newProducts.review"), hint: t("screen.run.newProducts.reviewHint") },
    { value: "publish", label: t("screen.run.newProducts.publish"), hint: t("screen.run.newProducts.publishHint") },
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="run-panel">
      <div className="space-y-1">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {t("screen.run.heading")}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.run.intro", { list: listName })}</p>
      </div>
      <RadioCards
        legend={t("screen.run.modeLegend")}
        options={modes}
        value={mode}
        onChange={onModeChange}
        disabled={running}
      />
      <RadioCards
        legend={t("screen.run.newProducts.legend")}
        options={newProducts}
        value={publishNew ? "publish" : "review"}
        onChange={(value) => onPublishNewChange(value === "publish")}
        disabled={running}
      />
      {blocked ? <FormAlert>{blocked}</FormAlert> : null}
      <Button onClick={onStart} disabled={running || blocked !== null} size="lg">
        {t("screen.run.start")}
      </Button>
      <p className="sr-only" aria-live="polite">
        {running ? t("screen.run.runningPhase") : ""}
      </p>
      {run.state === "starting" ? (
        <ProgressBar label={run.mode === "background" ? t("screen.run.uploading") : t("screen.run.starting")} />
      ) : null}
      {run.state === "running" ? (
        <BatchProgress
          batch={run.progress.batch}
          totalBatches={run.progress.totalBatches}
          doneBatches={run.progress.doneBatches}
          attempt={run.progress.attempt}
          rows={{ done: Math.min(totalRows, run.progress.doneBatches * run.progress.batchSize), total: totalRows }}
        />
      ) : null}
      {failures.length > 0 ? <BatchFailures failures={failures} /> : null}
      {run.state === "stopped" ? (
        <FormAlert>
          {run.mode === "interactive" ? <p className="font-medium">{t("run.outcome.failedShort")}</p> : null}
          <p className={run.mode === "interactive" ? "mt-1" : "font-medium"}>{text(run.error)}</p>
          {run.detail ? <p className="mt-1">{text(run.detail)}</p> : null}
          {run.signIn ? (
            <p className="mt-1">
              <Link
                to={`/login?redirectTo=${encodeURIComponent("/import-quickbooks")}`}
                className="underline underline-offset-2"
              >
                {t("screen.errors.signInAgain")}
              </Link>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <UnsavedChangesGuard
        when={running}
        title={t("screen.run.leaveTitle")}
        description={t("screen.run.leaveDescription")}
        leaveLabel={t("screen.run.leave")}
        stayLabel={t("screen.run.stay")}
      />
    </section>
  );
}

/** A choice among a few options, each a card with its label and a line that says what it does. */
function RadioCards<T extends string>({
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: Array<{ value: T; label: string; hint: string }>;
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-700 dark:border-slate-700 dark:has-[:checked]:border-brand-400"
        >
          <input
            type="radio"
            name={id}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-describedby={`${id}-${option.value}-hint`}
            className="mt-1 accent-brand-700"
          />
          <span className="space-y-0.5">
            <span className="block text-sm font-medium">{option.label}</span>
            <span id={`${id}-${option.value}-hint`} className="block text-sm text-slate-700 dark:text-slate-300">
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
