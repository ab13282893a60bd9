import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { SessionUser } from "~/context";
import { db } from "~/db/client.server";
import { listName } from "~/features/price-lists/names";
import type { Lang } from "~/i18n/config";
import { importBatch } from "~/db/schema";
import { FormRefused, readLimitedForm } from "~/lib/limited-form.server";
import type { Refusal } from "~/lib/refusal";
import { answerError } from "~/lib/refusal.server";
import { choicesSchema } from "../run/choices";
import { startBackgroundImport } from "../run/jobs.server";
import { MAX_IMPORT_FILE_BYTES } from "../engine/limits";
import { describeRejection } from "../engine/messages";
import { applyImportBatch, recordFailedBatch, NOT_DELIVERED } from "../run/batch.server";
import {
  finishImportRun,
  getImportRun,
  listImportRuns,
  rejectionOf,
  runRefusal,
  startImportRun,
  type ImportRunView,
} from "../run/run.server";
import {
  runProgressOf,
  runRequestSchema,
  type RunAnswer,
  type RunProgressAnswer,
  type RunRefusal,
  type RunRequest,
} from "./schema";
import { FINAL_STATUSES, type FinalStatus } from "../engine/statuses";
import type { Rejection } from "../engine/types";
import type { PastRunsPage } from "./components/past-runs";

/**
 * What the import screen's routes ask of the server side
 * (docs/decisions/016-import-screen-runs.md): the run API behind /import-quickbooks/runs (start,
 * batch, fail-batch, finish as JSON; a background import as a multipart form), the progress the run
 * page polls, and the failed batches a run page lists. Every answer is `{status, answer}` with
 * refusals as keys of the `import` namespace.
 */

export type Answered<T = RunAnswer> = { status: number; answer: T };

const refuse = (status: number, error: string, extra: Omit<RunRefusal, "ok" | "error"> = {}) => ({
  status,
  answer: { ok: false as const, error, ...extra },
});

/** A run refused: its key and values, and the engine's reason when the file's header was refused. */
function refusedAnswer(refusal: Refusal): RunRefusal {
  const rejection = rejectionOf(refusal);
  return {
    ok: false,
    error: refusal.code,
    values: refusal.values ?? {},
    ...(rejection ? { detail: describeRejection(rejection) } : {}),
  };
}

/** An error of a run request in the screen's words: a refusal's own, anything else logged and answered as a failure. */
function answerOf(error: unknown, log: string, context: Record<string, unknown>, failed: string): Answered {
  const { status, result } = answerError<RunRefusal>(error, {
    log,
    context,
    failed: { ok: false, error: failed },
    refused: refusedAnswer,
  });
  return { status, answer: result };
}

/** A body the schema refuses: 'Price List ID is required.' when the start names no list. */
function badBody(body: unknown): Answered {
  const request =
    body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missingList = request.intent === "start" && (typeof request.list !== "string" || request.list.trim() === "");
  return refuse(400, missingList ? "run.errors.listRequired" : "run.errors.badRequest");
}

/**
 * A run the browser may drive: its own, interactive one. Another person's run, a background run
 * (the server's worker drives it) or an unknown id is "not found".
 */
async function ownInteractiveRun(user: SessionUser, runId: string): Promise<ImportRunView> {
  const run = await getImportRun(runId);
  if (!run || run.mode !== "interactive" || run.userId !== user.id) throw runRefusal("runNotFound", 404);
  return run;
}

async function answerRequest(user: SessionUser, request: RunRequest): Promise<Answered> {
  switch (request.intent) {
    case "start": {
      const run = await startImportRun({
        actor: { id: user.id },
        listSlug: request.list,
        fileName: request.fileName,
        format: request.format,
        totalRows: request.totalRows,
        batchSize: request.batchSize,
        mode: "interactive",
        duplicates: request.duplicates,
        encoding: request.encoding,
        choices: request.choices,
        publishNew: request.publishNew,
      });
      return {
        status: 200,
        answer: { ok: true, intent: "start", runId: run.id, totalBatches: run.totalBatches, batchSize: run.batchSize },
      };
    }
    case "batch": {
      await ownInteractiveRun(user, request.runId);
      const outcome = await applyImportBatch(request.runId, request.batch, request.rows, { attempt: request.attempt });
      return {
        status: 200,
        answer: {
          ok: true,
          intent: "batch",
          status: outcome.status,
          batch: outcome.batchNumber,
          attempt: outcome.attempt,
        },
      };
    }
    case "fail-batch": {
      await ownInteractiveRun(user, request.runId);
      const outcome = await recordFailedBatch(request.runId, request.batch, request.rows);
      return {
        status: 200,
        answer: {
          ok: true,
          intent: "fail-batch",
          status: outcome.status,
          batch: outcome.batchNumber,
          attempt: outcome.attempt,
        },
      };
    }
    case "finish": {
      await ownInteractiveRun(user, request.runId);
      const summary = await finishImportRun(request.runId);
      return { status: 200, answer: { ok: true, intent: "finish", runId: request.runId, outcome: summary.outcome } };
    }
  }
}

/** One JSON request of the screen's run API, validated here (zod) and again by the run's own functions. */
export async function handleRunRequest(user: SessionUser, body: unknown, requestId: string): Promise<Answered> {
  const parsed = runRequestSchema.safeParse(body);
  if (!parsed.success) return badBody(body);
  try {
    return await answerRequest(user, parsed.data);
  } catch (error) {
    // The screen counts a failure as a failed attempt; the log has the cause, the page never does.
    return answerOf(
      error,
      "import: a run request failed",
      { requestId, intent: parsed.data.intent },
      "screen.run.serverError",
    );
  }
}

/** A refused file in the words the screen uses for one it read itself. */
function fileRefusal(rejection: Rejection): Answered {
  if (rejection.code === "file_too_large") {
    const described = describeRejection(rejection);
    return refuse(400, described.key, { values: described.values });
  }
  return refuse(400, "screen.errors.parse", { detail: describeRejection(rejection) });
}

const backgroundFormSchema = z.object({
  intent: z.literal("background"),
  list: z.string().trim().max(200),
  /** "true" publishes the products the run creates now; anything else keeps them for review. */
  publishNew: z.enum(["true", "false"]).optional(),
});

/** Staff's choices sent with a background import as a JSON field; none is no choice. */
function parseChoices(field: FormDataEntryValue | null) {
  if (field === null) return { data: [] };
  if (typeof field !== "string") return null;
  try {
    const parsed = choicesSchema.safeParse(JSON.parse(field));
    return parsed.success ? { data: parsed.data } : null;
  } catch {
    return null;
  }
}

/**
 * A background import: the file posted as multipart form data is stored with its run
 * and a job; the server's worker imports it. The file's checks come first, with the screen's
 * own texts; a store that fails answers 'Error initiating the import process…'.
 */
export async function handleBackgroundUpload(
  user: SessionUser,
  request: Request,
  requestId: string,
): Promise<Answered> {
  let form: FormData;
  try {
    // The file is at most 10 MB; a larger body is refused as it arrives.
    form = await readLimitedForm(request, MAX_IMPORT_FILE_BYTES);
  } catch (error) {
    if (error instanceof FormRefused && error.reason === "tooLarge") {
      return fileRefusal({ code: "file_too_large", maxBytes: 0, bytes: 0 });
    }
    return refuse(400, "run.errors.badRequest");
  }
  const choices = parseChoices(form.get("choices"));
  const fields = backgroundFormSchema.safeParse({
    intent: form.get("intent"),
    list: form.get("list") ?? "",
    publishNew: form.get("publishNew") ?? undefined,
  });
  if (!fields.success || !choices) return refuse(400, "run.errors.badRequest");
  if (!fields.data.list) return refuse(400, "screen.errors.listRequired");
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return refuse(400, "screen.errors.fileRequired");
  if (!/\.csv$/i.test(file.name)) return refuse(400, "screen.errors.invalidFormat");
  try {
    const started = await startBackgroundImport({
      actor: { id: user.id },
      listSlug: fields.data.list,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      choices: choices.data,
      publishNew: fields.data.publishNew === "true",
    });
    if (started.ok) return { status: 200, answer: { ok: true, intent: "background", runId: started.run.id } };
    return fileRefusal(started.rejection);
  } catch (error) {
    return answerOf(
      error,
      "import: a background import could not start",
      { requestId, fileName: file.name },
      "run.errors.startFailed",
    );
  }
}

/** The progress the run page polls: the run's state and batches, no rows. */
export async function findRunProgress(runId: string): Promise<Answered<RunProgressAnswer>> {
  const run = await getImportRun(runId);
  if (!run) return refuse(404, "run.errors.runNotFound");
  return {
    status: 200,
    answer: {
      ok: true,
      run: runProgressOf(run),
    },
  };
}

export type FailedBatch = { batch: number; reason: "network" | "server" };

/** A run's failed batches in order: not delivered by the browser (a network error), or not written by the server. */
export async function findFailedBatches(runId: string): Promise<FailedBatch[]> {
  const rows = await db()
    .select({ number: importBatch.number, error: importBatch.error })
    .from(importBatch)
    .where(and(eq(importBatch.runId, runId), eq(importBatch.status, "failed")))
    .orderBy(asc(importBatch.number));
  return rows.map((r) => ({ batch: r.number, reason: r.error === NOT_DELIVERED ? "network" : "server" }));
}

/** A final-status filter from the query string; anything else is no filter. */
export function finalStatusFilter(value: string | null): FinalStatus | null {
  return (FINAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as FinalStatus) : null;
}

/** A run's results search from the query string (`?q=`), trimmed and capped as the catalogue's is. */
export function runSearchParam(value: string | null): string {
  return (value ?? "").trim().slice(0, 100);
}

/** Past runs shown on the import screen, a page at a time. */
const PAST_RUNS_PAGE_SIZE = 10;

/** The import screen's list of past runs: when, who, which list, the file, how it ran, its outcome and counts. */
export async function findPastRuns(page: number, lang: Lang): Promise<PastRunsPage> {
  const found = await listImportRuns({ page, pageSize: PAST_RUNS_PAGE_SIZE });
  return {
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    runs: found.runs.map((run) => ({
      id: run.id,
      fileName: run.fileName,
      mode: run.mode,
      status: run.status,
      outcome: run.outcome,
      listName: run.listName === null ? null : listName({ name: run.listName, nameEs: run.listNameEs }, lang),
      userName: run.userName,
      startedAt: run.startedAt,
      totalRows: run.totalRows,
      totalBatches: run.totalBatches,
      doneBatches: run.progress.appliedBatches + run.progress.failedBatches,
      counts: run.summary
        ? {
            created: run.summary.created,
            updated: run.summary.updated,
            skipped: run.summary.skipped,
            errors: run.summary.errors,
          }
        : null,
    })),
  };
}
