import { and, eq, isNull } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { priceList, priceListItem, product } from "~/db/schema";
import { createPriceList } from "~/features/price-lists/lists.server";
import type { Actor } from "~/features/price-lists/internal.server";
import { checkFileSize } from "./decode";
import { DEFAULT_BATCH_SIZE } from "./limits";
import { indexExisting, planImport, type ExistingProduct, type PlannedRow } from "./plan";
import { duplicatesFrom, nameAndPrepare, type Duplicates } from "./prepare.server";
import {
  applyPreparedBatchWithRetries,
  finishImportRun,
  ImportRunError,
  insertRun,
  loadRun,
  namerFor,
  recordedBatches,
  storedRows,
  type BatchOutcome,
  type LoadedRun,
} from "./run.server";
import type { ImportMode, ImportRowMessage, ImportRowResult, ImportSummary, RowAction } from "./run-messages";
import { finalStatusAfterWrite, finalStatusBeforeWrite } from "./statuses";
import { rowMessageText } from "./texts.server";
import { understandFile, type PipelineResult } from "./pipeline";
import type { Rejection, UnderstoodRow } from "./types";

/**
 * The whole import on the server (issue 5: background mode and the command line run the same
 * modules as the screen): read the file, understand every row, then write it batch by batch
 * through the same batch writer, with retries, and finish the run.
 */

export type ReadResult = Extract<PipelineResult, { ok: true }> | { ok: false; rejection: Rejection };

/** Decode, detect, parse and understand a whole file, yielding to the event loop between batches. */
export async function readImportFile(bytes: Uint8Array, batchSize = DEFAULT_BATCH_SIZE): Promise<ReadResult> {
  const tooLarge = checkFileSize(bytes.byteLength);
  if (tooLarge) return { ok: false, rejection: tooLarge };
  const result = await understandFile(bytes, {
    batchSize,
    collect: true,
    // A promise pauses the reading: other requests get their turn between batches.
    onBatch: () => new Promise<void>((resolve) => setImmediate(resolve)),
  });
  return result.ok ? result : { ok: false, rejection: result.rejection };
}

export type RunProgress = { batchNumber: number; totalBatches: number; outcome: BatchOutcome };

/**
 * Writes the batches of a run not recorded yet, in order, each tried up to three times; batches
 * already recorded (applied or failed, e.g. before a restart) are never written again.
 * `shouldStop` is asked between batches (never inside one). Returns false when it stopped early.
 */
export async function writeRunBatches(
  run: LoadedRun,
  rows: UnderstoodRow[],
  duplicates: Duplicates,
  options: { shouldStop?: () => boolean; onProgress?: (progress: RunProgress) => void } = {},
): Promise<boolean> {
  const recorded = await recordedBatches(run.id);
  const namer = namerFor(run.id);
  for (let n = 1; n <= run.totalBatches; n++) {
    if (recorded.has(n)) continue;
    if (options.shouldStop?.()) return false;
    const slice = rows.slice((n - 1) * run.batchSize, n * run.batchSize);
    const prepared = await nameAndPrepare(slice, duplicates, namer);
    const outcome = await applyPreparedBatchWithRetries(run, n, prepared, (attempt) =>
      options.onProgress?.({ batchNumber: n, totalBatches: run.totalBatches, outcome: attempt }),
    );
    if (outcome.status === "retry") throw new Error("unreachable: retries are exhausted");
    // Let requests in between batches (DESIGN section 7: one import never stalls the others).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

export type ImportFileInput = {
  actor: Actor;
  fileName: string;
  bytes: Uint8Array;
  /** The price list by slug, or a new list by name (the command line's --new-list). */
  listSlug?: string;
  newListName?: string;
  dryRun?: boolean;
  batchSize?: number;
  mode?: ImportMode;
  onProgress?: (progress: RunProgress) => void;
};

export type ImportFileResult =
  | { ok: true; summary: ImportSummary; rows: ImportRowResult[] }
  | { ok: false; rejection: Rejection; summary: null; rows: [] };

/**
 * Imports a whole file now (the command line; the benchmark): a refused file writes nothing (not
 * even a new list); a dry run reads the catalogue and writes nothing; otherwise a run is written
 * batch by batch and finished, and every row's result is returned.
 */
export async function importFile(input: ImportFileInput): Promise<ImportFileResult> {
  const batchSize = input.batchSize ?? DEFAULT_BATCH_SIZE;
  const read = await readImportFile(input.bytes, batchSize);
  if (!read.ok) return { ok: false, rejection: read.rejection, summary: null, rows: [] };
  const superseded = [...read.superseded];

  if (input.dryRun) return dryRun(input, read.rows, batchSize);

  let listSlug = input.listSlug?.trim() ?? "";
  if (input.newListName !== undefined) {
    const name = input.newListName.trim();
    if (!name) throw new ImportRunError("listRequired", 400);
    const created = await createPriceList(input.actor, {
      name,
      description: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      isPublic: false,
      isDefaultForCustomers: false,
      isTemplate: false,
    });
    listSlug = created.slug;
  }
  if (!listSlug) throw new ImportRunError("listRequired", 400);

  const created = await withTransaction((tx) =>
    insertRun(tx, {
      actor: input.actor,
      listSlug,
      fileName: input.fileName,
      format: read.format,
      encoding: read.encoding,
      totalRows: read.totalRows,
      batchSize,
      mode: input.mode ?? "cli",
      status: "pending",
      superseded,
    }),
  );
  const run = await loadRun(created.id);
  const results: ImportRowResult[] = [];
  await writeRunBatches(run, read.rows, duplicatesFrom(superseded), {
    onProgress: (progress) => {
      if (progress.outcome.status !== "retry") results.push(...progress.outcome.rows);
      input.onProgress?.(progress);
    },
  });
  const summary = await finishImportRun(run.id);
  return { ok: true, summary, rows: results };
}

/** The rows of a finished run, in order (for a run written elsewhere, e.g. by a background job). */
export async function allRunRows(runId: string) {
  const run = await loadRun(runId);
  const rows: ImportRowResult[] = [];
  for (let n = 1; n <= run.totalBatches; n++) rows.push(...(await storedRows(runId, n)));
  return rows;
}

/** What the list and catalogue hold for the plan: every product with a QuickBooks ID or SKU. */
async function existingProducts(listSlug: string | undefined): Promise<ExistingProduct[]> {
  let listId: string | null = null;
  if (listSlug) {
    const [list] = await db()
      .select({ id: priceList.id })
      .from(priceList)
      .where(and(eq(priceList.slug, listSlug), isNull(priceList.deletedAt)));
    if (!list) throw new ImportRunError("listNotFound", 404);
    listId = list.id;
  }
  const products = await db()
    .select({
      id: product.id,
      quickbooksId: product.quickbooksId,
      sku: product.sku,
      active: product.active,
      quantity: product.quantity,
    })
    .from(product);
  const prices = listId
    ? new Map(
        (
          await db()
            .select({ productId: priceListItem.productId, priceCents: priceListItem.priceCents })
            .from(priceListItem)
            .where(eq(priceListItem.priceListId, listId))
        ).map((i) => [i.productId, i.priceCents]),
      )
    : new Map<string, number | null>();
  return products.map((p) => ({
    id: p.id,
    quickbooksId: p.quickbooksId,
    sku: p.sku,
    active: p.active,
    quantity: p.quantity === null ? null : Number(p.quantity),
    priceCents: prices.get(p.id) ?? null,
  }));
}

const PLANNED_ACTION: Record<PlannedRow["action"], RowAction> = {
  create: "created",
  update: "updated",
  unchanged: "unchanged",
  skip: "skipped",
  error: "error",
};

/** A dry run: the plan against the catalogue as it is, and what each row would become. Nothing is written. */
async function dryRun(input: ImportFileInput, rows: UnderstoodRow[], batchSize: number): Promise<ImportFileResult> {
  const existing =
    input.newListName !== undefined ? await existingProducts(undefined) : await existingProducts(input.listSlug);
  if (input.newListName === undefined && !input.listSlug?.trim()) throw new ImportRunError("listRequired", 400);
  const plan = planImport(rows, indexExisting(existing));
  const planned = new Map(plan.rows.map((p) => [p.row, p]));
  const results = rows.map((row): ImportRowResult => {
    const p = planned.get(row.row)!;
    const action = p.action === "skip" && p.reason === "duplicate" ? "duplicate" : PLANNED_ACTION[p.action];
    const messages: ImportRowMessage[] = row.messages;
    return {
      row: row.row,
      batch: Math.ceil(row.row / batchSize),
      line: row.line,
      item: row.item,
      quickbooksId: row.quickbooksId,
      name: row.name,
      nameEs: row.nameEs,
      category: row.category,
      packValue: row.packValue,
      packUnit: row.packUnit,
      unit: row.unit,
      priceCents: row.priceCents,
      sku: row.sku,
      quantity: row.quantityOnHand,
      productId: "productId" in p ? p.productId : null,
      action,
      namedBy: row.importable ? "engine" : null,
      aiStatus: row.aiStatus,
      dbProductStatus: "pending",
      dbPriceStatus: "pending",
      finalStatus: row.importable
        ? finalStatusAfterWrite(row.status as "product" | "processed_inactive")
        : finalStatusBeforeWrite(row.status),
      messages,
      message: rowMessageText(messages),
    };
  });
  const c = plan.counts;
  const invalid = c.skipped.service_item + c.skipped.known_non_product_code + c.skipped.invalid_description;
  const summary: ImportSummary = {
    runId: null,
    listSlug: input.listSlug ?? "",
    listName: input.newListName ?? "",
    fileName: input.fileName,
    format: null,
    mode: input.mode ?? "cli",
    dryRun: true,
    totalRows: c.total,
    totalBatches: Math.ceil(c.total / batchSize),
    appliedBatches: 0,
    failedBatches: 0,
    totalProcessed: c.total,
    created: c.create,
    updated: c.update,
    unchanged: c.unchanged,
    duplicates: c.skipped.duplicate,
    skipped: c.unchanged + c.skipped.duplicate,
    errors: c.errors,
    processedInactive: c.inactive,
    invalidRowsSkipped: invalid,
    skippedBy: {
      service_item: c.skipped.service_item,
      known_non_product_code: c.skipped.known_non_product_code,
      invalid_description: c.skipped.invalid_description,
    },
    withoutPrice: c.withoutPrice,
    unrecognized: c.unrecognized,
    successCount: c.create + c.update + c.unchanged + c.skipped.duplicate,
    errorCount: c.errors,
    notProcessed: 0,
    pricesChanged: 0,
    nothingChanged: c.create + c.update === 0,
    namedByModel: 0,
    versionNumber: null,
    outcome: c.errors > 0 ? "warning" : "success",
    rejection: null,
  };
  if (input.listSlug) {
    const [list] = await db()
      .select({ name: priceList.name })
      .from(priceList)
      .where(eq(priceList.slug, input.listSlug));
    summary.listName = list?.name ?? "";
  }
  return { ok: true, summary, rows: results };
}
