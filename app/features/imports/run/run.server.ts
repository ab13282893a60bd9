import { count, desc, eq, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import { z } from "zod";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { importBatch, importFile, importRow, importRun, priceList, priceListVersion, product, user } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import type { Actor } from "~/features/price-lists/internal.server";
import { Refusal, type RefusalDetails, type RefusalStatus } from "~/lib/refusal";
import { DEFAULT_BATCH_SIZE } from "../engine/limits";
import { countRows, type ImportCounts } from "../engine/plan/counts";
import type { DecideOptions, RowChoice } from "../engine/plan/decide";
import type { ImportRowResult } from "../engine/results";
import type { TextEncodingName } from "../engine/read/decode";
import { detectFormat } from "../engine/read/detect";
import { FINAL_STATUSES, isErrorStatus } from "../engine/statuses";
import type { DetectedFormat, FormatId, Rejection } from "../engine/types";
import { choiceConflict, choicesSchema, type ChoiceInput } from "./choices";
import type { ImportMode, ImportOutcome, ImportRunStatus, ImportSummary } from "./run-messages";

/**
 * Import runs (docs/decisions/014-import-runs.md), the API the import screen, the background
 * worker and the command line share; a run's batches are batch.server.ts's, its rows' results
 * rows.server.ts's:
 *
 *   startImportRun(input): Promise<ImportRunView>
 *   finishImportRun(runId): Promise<ImportSummary>
 *   getImportRun(runId) / listImportRuns({page, pageSize})
 *
 * Refusals throw a `Refusal` whose code is a key of `import` (`run.errors.*`, made by `runRefusal`).
 */

type ImportRefusalCode =
  | "listRequired"
  | "listNotFound"
  | "notAuthenticated"
  | "runNotFound"
  | "runClosed"
  | "badBatch"
  | "badRequest"
  | "badFormat"
  | "choiceRow"
  | "choiceTwice"
  | "choiceMissing"
  | "choiceArchived"
  | "choiceTaken";

/**
 * A run refused for a reason the person can act on; a header row the engine refused carries its
 * reason as `data.rejection`.
 */
export function runRefusal(code: ImportRefusalCode, status: RefusalStatus, details?: RefusalDetails) {
  return new Refusal(`run.errors.${code}`, status, details);
}

/** The engine's reason for refusing a file, carried by a refusal. */
export const rejectionOf = (refusal: Refusal) => (refusal.data?.rejection as Rejection | undefined) ?? null;

/** What the server keeps to go on with a run. */
export type RunContext = {
  format: DetectedFormat;
  encoding: TextEncodingName | null;
  /** Earlier row → the later row of the same item that wins over it (the whole file's). */
  superseded: Array<[number, number]>;
  listSlug: string;
  listName: string;
  /** Off when the run matches rows by QuickBooks ID and SKU only (the command line's --no-name-match). */
  nameMatch?: boolean;
  /** Staff's choices in the preview, by row number (docs/decisions/027-first-import-matching.md). */
  choices?: Array<[number, RowChoice]>;
  /**
   * New products go live at once; otherwise (and in runs stored before the choice existed) they are
   * kept hidden for staff to review (docs/decisions/026-imported-products-review.md).
   */
  publishNew?: boolean;
  /** Set when the file was refused or the run could not go on. */
  rejection?: Rejection | null;
  /**
   * When the sweep removed the run's per-row results (ISO time;
   * docs/decisions/017-import-row-errors-and-upkeep.md).
   */
  rowsRemovedAt?: string;
};

type RunRow = typeof importRun.$inferSelect;
export type LoadedRun = RunRow & { context: RunContext };

export type ImportRunView = {
  id: string;
  fileName: string;
  format: FormatId | null;
  mode: ImportMode;
  status: ImportRunStatus;
  outcome: ImportOutcome | null;
  listSlug: string | null;
  /** The list's names as they are now, else as they were when the run started. */
  listName: string | null;
  listNameEs: string | null;
  userId: string | null;
  userName: string | null;
  startedAt: string;
  finishedAt: string | null;
  totalRows: number;
  totalBatches: number;
  batchSize: number;
  progress: { appliedBatches: number; failedBatches: number; retryingBatches: number; processedRows: number };
  summary: ImportSummary | null;
  /** Ended by the sweep: no batch reached it for `ABANDONED_AFTER_MINUTES` (`import:run.abandoned`). */
  abandoned: boolean;
  /**
   * When its per-row results were removed (`IMPORT_ROWS_RETENTION_DAYS` after it ended), else null:
   * the summary stays, the rows are gone (`import:run.rowsRemoved`).
   */
  rowsRemovedAt: string | null;
};

// --- validation -------------------------------------------------------------------------------

/** The most rows and cells a file may have: far above what 10 MB holds. */
export const MAX_ROWS = 1_000_000;
export const MAX_CELLS = 200;

const pairsSchema = z
  .array(z.tuple([z.number().int().min(1).max(MAX_ROWS), z.number().int().min(1).max(MAX_ROWS)]))
  .max(MAX_ROWS)
  .refine((pairs) => pairs.every(([a, b]) => a < b), "an earlier row must come first");

const startSchema = z.object({
  listSlug: z.string().trim().max(200).optional().default(""),
  fileName: z.string().trim().min(1).max(255),
  format: z.object({
    headers: z.array(z.string().max(500)).min(1).max(MAX_CELLS),
    delimiter: z.enum([",", "\t"]),
    headerRecord: z.number().int().min(0).max(1000).optional(),
    headerLine: z.number().int().min(1).max(100_000).optional(),
  }),
  totalRows: z.number().int().min(0).max(MAX_ROWS),
  batchSize: z.number().int().min(1).max(2_000).optional(),
  mode: z.enum(["interactive", "background", "cli"]).optional(),
  duplicates: pairsSchema.optional(),
  encoding: z.enum(["utf-8", "utf-16le", "utf-16be", "windows-1252"]).nullable().optional(),
  nameMatch: z.boolean().optional(),
  choices: choicesSchema.optional(),
  publishNew: z.boolean().optional(),
});

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Only a file's name, never a path, and no control characters. */
function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.replace(CONTROL_CHARACTERS, "").trim().slice(0, 255) || "import.csv";
}

// --- runs ----------------------------------------------------------------------------------------

export type StartImportRunInput = {
  actor: Actor | null;
  /** The price list's slug. */
  listSlug: string;
  fileName: string;
  /** What the browser detected; the server maps the columns again from the header cells. */
  format: Pick<DetectedFormat, "headers" | "delimiter"> & Partial<Pick<DetectedFormat, "headerRecord" | "headerLine">>;
  totalRows: number;
  batchSize?: number;
  mode?: ImportMode;
  /** The file's repeated items: [earlier row, later row that wins]; the earlier one is not written. */
  duplicates?: Array<[number, number]>;
  encoding?: TextEncodingName | null;
  /** Match rows by name too (the default). */
  nameMatch?: boolean;
  /** Staff's choices in the preview. */
  choices?: ChoiceInput[];
  /** Publish the products the run creates rather than keep them for review (the default). */
  publishNew?: boolean;
};

async function findList(tx: Tx, slug: string) {
  const [list] = await tx
    .select({ id: priceList.id, slug: priceList.slug, name: priceList.name, deletedAt: priceList.deletedAt })
    .from(priceList)
    .where(eq(priceList.slug, slug))
    .limit(1);
  if (!list || list.deletedAt) throw runRefusal("listNotFound", 404);
  return list;
}

/**
 * Staff's choices, checked before anything is written: each names a row of the file once, and
 * each product chosen for a link exists, is not archived, has no QuickBooks ID, and is chosen
 * for one row only. A choice that fails is refused with its reason; the run does not start.
 */
async function checkChoices(tx: Tx, choices: ChoiceInput[], totalRows: number): Promise<Array<[number, RowChoice]>> {
  const rows = new Set<number>();
  for (const choice of choices) {
    // A background run counts its rows when its job reads the file: a choice for a row it lacks is then unused.
    const beyond = totalRows > 0 && choice.row > totalRows;
    if (beyond || rows.has(choice.row)) throw runRefusal("choiceRow", 400, { values: { row: choice.row } });
    rows.add(choice.row);
  }
  const conflict = choiceConflict(choices);
  if (conflict) throw runRefusal("choiceTwice", 409, { values: conflict });
  const rowOf = new Map(choices.flatMap((c) => (c.kind === "link" ? [[c.productId!, c.row] as const] : [])));
  if (rowOf.size > 0) {
    // One array parameter, however many products were chosen.
    const found = await tx
      .select({
        id: product.id,
        name: product.nameEn,
        quickbooksId: product.quickbooksId,
        archivedAt: product.archivedAt,
      })
      .from(product)
      .where(sql`${product.id} = any(${sql.param([...rowOf.keys()])}::uuid[])`);
    const byId = new Map(found.map((p) => [p.id, p]));
    for (const [id, row] of rowOf) {
      const chosen = byId.get(id);
      if (!chosen) throw runRefusal("choiceMissing", 409, { values: { row } });
      if (chosen.archivedAt) throw runRefusal("choiceArchived", 409, { values: { row, product: chosen.name } });
      if (chosen.quickbooksId) throw runRefusal("choiceTaken", 409, { values: { row, product: chosen.name } });
    }
  }
  return choices.map((c): [number, RowChoice] => [
    c.row,
    c.kind === "link" ? { kind: "link", productId: c.productId! } : { kind: c.kind },
  ]);
}

/** How the run's batches decide their rows: its name matching and staff's choices. */
export function decideOptionsOf(run: LoadedRun): DecideOptions {
  return { nameMatch: run.context.nameMatch !== false, choices: new Map(run.context.choices ?? []) };
}

/** The run's row, written in the caller's transaction (a background start also stores the file and its job there). */
export async function insertRun(
  tx: Tx,
  input: {
    actor: Actor | null;
    listSlug: string;
    fileName: string;
    format: DetectedFormat;
    encoding: TextEncodingName | null;
    totalRows: number;
    batchSize: number;
    mode: ImportMode;
    status: "pending" | "queued";
    superseded: Array<[number, number]>;
    nameMatch?: boolean;
    choices?: ChoiceInput[];
    publishNew: boolean;
  },
) {
  const list = await findList(tx, input.listSlug);
  const choices = await checkChoices(tx, input.choices ?? [], input.totalRows);
  const context: RunContext = {
    format: input.format,
    encoding: input.encoding,
    superseded: input.superseded,
    listSlug: list.slug,
    listName: list.name,
    ...(input.nameMatch === false ? { nameMatch: false } : {}),
    ...(choices.length > 0 ? { choices } : {}),
    publishNew: input.publishNew,
  };
  const [run] = await tx
    .insert(importRun)
    .values({
      priceListId: list.id,
      userId: input.actor?.id ?? null,
      fileName: cleanFileName(input.fileName),
      format: input.format.id,
      mode: input.mode,
      status: input.status,
      totalRows: input.totalRows,
      totalBatches: Math.ceil(input.totalRows / input.batchSize),
      batchSize: input.batchSize,
      context,
    })
    .returning();
  return run;
}

/**
 * Opens a run into a price list (by its slug) for a file the caller has read and understood
 * (the import screen's worker): the server maps the header cells to columns itself, and then
 * takes batches of raw cells (`applyImportBatch`). Nothing is written to the catalogue yet.
 */
export async function startImportRun(input: StartImportRunInput): Promise<ImportRunView> {
  const mode = input.mode ?? "interactive";
  if (mode !== "cli" && !input.actor?.id) throw runRefusal("notAuthenticated", 401);
  const parsed = startSchema.safeParse(input);
  if (!parsed.success) throw runRefusal("badRequest", 400);
  const { listSlug, fileName, totalRows } = parsed.data;
  if (!listSlug) throw runRefusal("listRequired", 400);
  const batchSize = parsed.data.batchSize ?? DEFAULT_BATCH_SIZE;
  const header = Papa.unparse([parsed.data.format.headers], { delimiter: parsed.data.format.delimiter });
  const detected = detectFormat(header);
  if (!detected.ok) throw runRefusal("badFormat", 400, { data: { rejection: detected.rejection } });
  const format: DetectedFormat = {
    ...detected.format,
    headerRecord: parsed.data.format.headerRecord ?? 0,
    headerLine: parsed.data.format.headerLine ?? 1,
  };
  const superseded = (parsed.data.duplicates ?? []).filter(([, later]) => later <= totalRows);
  const run = await withTransaction((tx) =>
    insertRun(tx, {
      actor: input.actor,
      listSlug,
      fileName,
      format,
      encoding: parsed.data.encoding ?? null,
      totalRows,
      batchSize,
      mode,
      status: "pending",
      superseded,
      nameMatch: parsed.data.nameMatch,
      choices: parsed.data.choices,
      publishNew: parsed.data.publishNew ?? false,
    }),
  );
  return (await getImportRun(run.id))!;
}

export async function loadRun(runId: string): Promise<LoadedRun> {
  if (!z.uuid().safeParse(runId).success) throw runRefusal("runNotFound", 404);
  const [run] = await db().select().from(importRun).where(eq(importRun.id, runId));
  if (!run || !run.context) throw runRefusal("runNotFound", 404);
  return run as LoadedRun;
}

/** The rows batch n must hold: (n-1)*size+1 … min(n*size, total), in order. */
export function expectedRows(run: RunRow, batchNumber: number) {
  const first = (batchNumber - 1) * run.batchSize + 1;
  const last = Math.min(batchNumber * run.batchSize, run.totalRows);
  return { first, last };
}

export const isClosed = (run: Pick<LoadedRun, "status">) => run.status === "finished" || run.status === "failed";

// --- the end of a run ------------------------------------------------------------------------------

type Totals = Record<string, number>;

async function countTotals(tx: Tx, runId: string): Promise<Totals> {
  const errorList = sql.join(
    FINAL_STATUSES.filter(isErrorStatus).map((s) => sql`${s}`),
    sql`, `,
  );
  const action = sql`${importRow.raw}->>'action'`;
  const [totals] = await tx
    .select({
      total: count(),
      created: sql<number>`count(*) filter (where ${action} = 'created')`,
      updated: sql<number>`count(*) filter (where ${action} = 'updated')`,
      unchanged: sql<number>`count(*) filter (where ${action} = 'unchanged')`,
      duplicates: sql<number>`count(*) filter (where ${action} = 'duplicate')`,
      errors: sql<number>`count(*) filter (where ${importRow.finalStatus} in (${errorList}))`,
      inactive: sql<number>`count(*) filter (where ${importRow.finalStatus} = 'processed_inactive')`,
      success: sql<number>`count(*) filter (where ${importRow.finalStatus} in ('success', 'processed_inactive'))`,
      service: sql<number>`count(*) filter (where ${importRow.finalStatus} = 'skipped_service_item')`,
      codes: sql<number>`count(*) filter (where ${importRow.finalStatus} = 'skipped_known_non_product_code')`,
      invalid: sql<number>`count(*) filter (where ${importRow.finalStatus} in ('skipped_invalid_description', 'skipped_not_a_product'))`,
      byStaff: sql<number>`count(*) filter (where ${importRow.finalStatus} = 'skipped_by_staff')`,
      withoutPrice: sql<number>`count(*) filter (where ${action} in ('created', 'updated', 'unchanged') and ${importRow.raw}->>'priceCents' is null)`,
      unrecognized: sql<number>`count(*) filter (where ${action} in ('created', 'updated', 'unchanged') and ${importRow.raw}->'messages' @> '[{"code":"name_not_recognized"}]'::jsonb)`,
      namedByModel: sql<number>`count(*) filter (where ${importRow.raw}->>'namedBy' = 'model')`,
      pricesChanged: sql<number>`count(*) filter (where ${importRow.dbPriceStatus} = 'success')`,
    })
    .from(importRow)
    .where(eq(importRow.runId, runId));
  return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Number(v)]));
}

/** The stored rows in the preview's categories; rows the server never received count as errors. */
async function countStored(tx: Tx, run: LoadedRun): Promise<ImportCounts> {
  const groups = await tx
    .select({
      action: sql<ImportRowResult["action"]>`${importRow.raw}->>'action'`,
      match: sql<ImportRowResult["match"]>`${importRow.raw}->>'match'`,
      finalStatus: sql<ImportRowResult["finalStatus"]>`${importRow.finalStatus}`,
      n: count(),
    })
    .from(importRow)
    .where(eq(importRow.runId, run.id))
    .groupBy(sql`1`, sql`2`, sql`3`);
  const rows = groups.map((g) => ({ ...g, n: Number(g.n) }));
  const stored = rows.reduce((sum, g) => sum + g.n, 0);
  return countRows(rows, Math.max(0, run.totalRows - stored));
}

async function countBatches(tx: Tx | ReturnType<typeof db>, runId: string) {
  const rows = await tx
    .select({ status: importBatch.status, n: count() })
    .from(importBatch)
    .where(eq(importBatch.runId, runId))
    .groupBy(importBatch.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { applied: by.applied ?? 0, failed: by.failed ?? 0, retrying: by.retrying ?? 0 };
}

/** The summary of a run as its rows say. */
export async function summarizeRun(tx: Tx, run: LoadedRun): Promise<ImportSummary> {
  const t = await countTotals(tx, run.id);
  const batches = await countBatches(tx, run.id);
  const [version] = await tx
    .select({ number: priceListVersion.number })
    .from(priceListVersion)
    .where(eq(priceListVersion.reason, `import:${run.id}`))
    .limit(1);
  const notProcessed = Math.max(0, run.totalRows - t.total);
  const errorCount = t.errors + notProcessed;
  const rejection = run.context.rejection ?? null;
  const outcome: ImportOutcome =
    rejection || (run.totalBatches > 0 && batches.failed >= run.totalBatches) || (run.totalRows > 0 && t.total === 0)
      ? "failed"
      : errorCount > 0
        ? "warning"
        : "success";
  return {
    runId: run.id,
    listSlug: run.context.listSlug,
    listName: run.context.listName,
    fileName: run.fileName,
    format: (run.format as FormatId | null) ?? null,
    mode: run.mode as ImportMode,
    dryRun: false,
    totalRows: run.totalRows,
    totalBatches: run.totalBatches,
    appliedBatches: batches.applied,
    failedBatches: batches.failed,
    totalProcessed: t.total,
    counts: await countStored(tx, run),
    created: t.created,
    updated: t.updated,
    unchanged: t.unchanged,
    duplicates: t.duplicates,
    skipped: t.unchanged + t.duplicates + t.byStaff,
    errors: errorCount,
    processedInactive: t.inactive,
    invalidRowsSkipped: t.service + t.codes + t.invalid,
    skippedBy: { service_item: t.service, known_non_product_code: t.codes, invalid_description: t.invalid },
    withoutPrice: t.withoutPrice,
    unrecognized: t.unrecognized,
    successCount: t.success,
    errorCount,
    notProcessed,
    pricesChanged: t.pricesChanged,
    nothingChanged: t.created + t.updated === 0,
    namedByModel: t.namedByModel,
    versionNumber: version?.number ?? null,
    outcome,
    rejection,
  };
}

/** The counts the activity log shows for a run, under the names it reads. */
function activityCounts(summary: ImportSummary) {
  return {
    totalProcessed: summary.totalProcessed,
    created: summary.created,
    updated: summary.updated,
    skipped: summary.skipped,
    errors: summary.errors,
    processedInactive: summary.processedInactive,
  };
}

/** Closes a run locked by the caller: its status, outcome and summary, its activity entry, its stored file gone. */
export async function closeRun(tx: Tx, run: LoadedRun, status: "finished" | "failed", summary: ImportSummary) {
  await tx
    .update(importRun)
    .set({ status, outcome: summary.outcome, summary, context: run.context, finishedAt: new Date() })
    .where(eq(importRun.id, run.id));
  // One entry per run with its counts; the products it created are not logged one by one.
  await recordActivity(tx, {
    actorId: run.userId,
    entityType: "import_run",
    entityId: run.id,
    action: "created",
    summary: run.fileName,
    changes: {
      counts: activityCounts(summary),
      list: summary.listName,
      outcome: summary.outcome,
      invalidRowsSkipped: summary.invalidRowsSkipped,
    },
  });
  await tx.delete(importFile).where(eq(importFile.runId, run.id));
}

/**
 * Ends a run: its summary from the rows stored, its outcome (success, warning or failed), and one
 * activity entry with its counts. Calling it again answers the same summary.
 */
export async function finishImportRun(runId: string): Promise<ImportSummary> {
  await loadRun(runId);
  return withTransaction(async (tx) => {
    const [locked] = await tx.select().from(importRun).where(eq(importRun.id, runId)).for("update");
    const run = locked as LoadedRun;
    if (isClosed(run) && run.summary) return run.summary as ImportSummary;
    const summary = await summarizeRun(tx, run);
    await closeRun(tx, run, "finished", summary);
    return summary;
  });
}

/** A run that cannot go on (its stored file was refused, its job gave up): failed, with nothing more written. */
export async function failImportRun(runId: string, rejection: Rejection | null): Promise<ImportSummary> {
  return withTransaction(async (tx) => {
    const [locked] = await tx.select().from(importRun).where(eq(importRun.id, runId)).for("update");
    const run = locked as LoadedRun;
    if (isClosed(run) && run.summary) return run.summary as ImportSummary;
    run.context = { ...run.context, rejection };
    const summary = { ...(await summarizeRun(tx, run)), outcome: "failed" as const };
    await closeRun(tx, run, "failed", summary);
    return summary;
  });
}

// --- reading runs -------------------------------------------------------------------------------------

const runColumns = {
  run: importRun,
  listSlug: priceList.slug,
  listName: priceList.name,
  listNameEs: priceList.nameEs,
  userName: user.name,
};

async function progressOf(runIds: string[]) {
  if (runIds.length === 0) return new Map<string, { number: number; status: string }[]>();
  const rows = await db()
    .select({ runId: importBatch.runId, number: importBatch.number, status: importBatch.status })
    .from(importBatch)
    .where(inArray(importBatch.runId, runIds));
  const by = new Map<string, { number: number; status: string }[]>();
  for (const r of rows) by.set(r.runId, [...(by.get(r.runId) ?? []), r]);
  return by;
}

function toView(
  row: {
    run: RunRow;
    listSlug: string | null;
    listName: string | null;
    listNameEs: string | null;
    userName: string | null;
  },
  batches: { number: number; status: string }[],
): ImportRunView {
  const { run } = row;
  const context = run.context as RunContext | null;
  let processedRows = 0;
  const done = batches.filter((b) => b.status === "applied" || b.status === "failed");
  for (const b of done) {
    const { first, last } = expectedRows(run, b.number);
    processedRows += Math.max(0, last - first + 1);
  }
  return {
    id: run.id,
    fileName: run.fileName,
    format: (run.format as FormatId | null) ?? null,
    mode: run.mode as ImportMode,
    status: run.status as ImportRunStatus,
    outcome: (run.outcome as ImportOutcome | null) ?? null,
    listSlug: row.listSlug ?? context?.listSlug ?? null,
    listName: row.listName ?? context?.listName ?? null,
    listNameEs: row.listName === null ? null : row.listNameEs,
    userId: run.userId,
    userName: row.userName,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
    totalRows: run.totalRows,
    totalBatches: run.totalBatches,
    batchSize: run.batchSize,
    progress: {
      appliedBatches: batches.filter((b) => b.status === "applied").length,
      failedBatches: batches.filter((b) => b.status === "failed").length,
      retryingBatches: batches.filter((b) => b.status === "retrying").length,
      processedRows,
    },
    summary: (run.summary as ImportSummary | null) ?? null,
    abandoned: (run.summary as ImportSummary | null)?.abandoned === true,
    rowsRemovedAt: context?.rowsRemovedAt ?? null,
  };
}

/** One run with its progress (batches applied, failed, retrying) and, once finished, its summary. */
export async function getImportRun(runId: string): Promise<ImportRunView | null> {
  if (!z.uuid().safeParse(runId).success) return null;
  const [row] = await db()
    .select(runColumns)
    .from(importRun)
    .leftJoin(priceList, eq(priceList.id, importRun.priceListId))
    .leftJoin(user, eq(user.id, importRun.userId))
    .where(eq(importRun.id, runId));
  if (!row) return null;
  const progress = await progressOf([runId]);
  return toView(row, progress.get(runId) ?? []);
}

/** Past runs, newest first. */
export async function listImportRuns({ page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}) {
  const [{ total }] = await db().select({ total: count() }).from(importRun);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await db()
    .select(runColumns)
    .from(importRun)
    .leftJoin(priceList, eq(priceList.id, importRun.priceListId))
    .leftJoin(user, eq(user.id, importRun.userId))
    .orderBy(desc(importRun.startedAt), desc(importRun.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const progress = await progressOf(rows.map((r) => r.run.id));
  return {
    runs: rows.map((r) => toView(r, progress.get(r.run.id) ?? [])),
    total,
    page: current,
    pageCount,
  };
}
