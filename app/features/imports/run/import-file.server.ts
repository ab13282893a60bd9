import { and, eq, isNull } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { priceList } from "~/db/schema";
import type { Actor } from "~/features/price-lists/internal.server";
import { createPriceList, emptyListInput } from "~/features/price-lists/lists.server";
import { checkFileSize, decodeFile, type TextEncodingName } from "../engine/read/decode";
import { detectFormat } from "../engine/read/detect";
import { DEFAULT_BATCH_SIZE } from "../engine/limits";
import { parseRows } from "../engine/read/parse";
import { understandText } from "../engine/pipeline";
import { indexExisting } from "../engine/plan/decide";
import { matchKeys, planImport } from "../engine/plan/plan";
import { asPlanned } from "../engine/results";
import { countRows } from "../engine/plan/counts";
import { findExistingProducts, findNameCandidates } from "./existing.server";
import { duplicatesFrom, nameAndPrepare, type Duplicates } from "../engine/prepare";
import { applyPreparedBatchWithRetries, namerFor, recordedBatches, type BatchOutcome } from "./batch.server";
import { finishImportRun, insertRun, loadRun, runRefusal, type LoadedRun } from "./run.server";
import type { ImportMode, ImportSummary } from "./run-messages";
import type { DetectedFormat, Rejection } from "../engine/types";
import { storedRows, withText, type StoredRowResult } from "./rows.server";
import { identifyRow, understandRow } from "../engine/understand/understand";

/**
 * The whole import on the server (background mode and the command line run the same
 * modules as the screen). Two passes over the text: a quick one that refuses a bad file before
 * anything is written and finds the items the file repeats (the last row of an item wins), then
 * the real one, which understands each batch and writes it through the same batch writer as the
 * screen's batches, with retries, while the next batch is being read. Memory stays bounded: no
 * more than two batches of understood rows are held at once.
 */

export type ScannedFile = {
  ok: true;
  text: string;
  encoding: TextEncodingName;
  format: DetectedFormat;
  totalRows: number;
  /** [earlier row, later row of the same item that wins over it]. */
  superseded: Array<[number, number]>;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The first pass: size, decoding, format, every record parsed (an unclosed quote anywhere refuses
 * the whole file) and each row's QuickBooks ID, to find repeated items. Names nothing, writes nothing.
 */
export async function scanImportFile(bytes: Uint8Array): Promise<ScannedFile | { ok: false; rejection: Rejection }> {
  const tooLarge = checkFileSize(bytes.byteLength);
  if (tooLarge) return { ok: false, rejection: tooLarge };
  const decoded = decodeFile(bytes);
  if (!decoded.ok) return { ok: false, rejection: decoded.rejection };
  const detected = detectFormat(decoded.text);
  if (!detected.ok) return { ok: false, rejection: detected.rejection };
  const { format } = detected;
  const lastRow = new Map<string, number>();
  const superseded: Array<[number, number]> = [];
  const parsed = await parseRows(decoded.text, format, {
    batchSize: 2_000,
    onBatch: (raws) => {
      for (const raw of raws) {
        const { quickbooksId, importable } = identifyRow(raw, format);
        if (!importable || quickbooksId === null) continue;
        const previous = lastRow.get(quickbooksId);
        if (previous !== undefined) superseded.push([previous, raw.row]);
        lastRow.set(quickbooksId, raw.row);
      }
      return nextTurn();
    },
  });
  if (!parsed.ok) return { ok: false, rejection: parsed.rejection };
  return { ok: true, text: decoded.text, encoding: decoded.encoding, format, totalRows: parsed.rows, superseded };
}

export type RunProgress = { batchNumber: number; totalBatches: number; outcome: BatchOutcome };

class Stopped extends Error {}

/**
 * The second pass: reads the text again a batch at a time, understands and names each batch and
 * writes the batches of the run not recorded yet, in order, each tried up to three times; batches
 * already recorded (applied or failed, e.g. before a restart) are never written again. One batch
 * is written while the next is understood. `shouldStop` is asked between batches, never inside
 * one. Returns false when it stopped early.
 */
export async function writeRunFromText(
  run: LoadedRun,
  text: string,
  duplicates: Duplicates,
  options: { shouldStop?: () => boolean; onProgress?: (progress: RunProgress) => void } = {},
): Promise<boolean> {
  const recorded = await recordedBatches(run.id);
  const namer = namerFor(run.id);
  const { format } = run.context;
  let batchNumber = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = async (n: number, rows: ReturnType<typeof understandRow>[]) => {
    const prepared = await nameAndPrepare(rows, duplicates, namer);
    await applyPreparedBatchWithRetries(run, n, prepared, (outcome) =>
      options.onProgress?.({ batchNumber: n, totalBatches: run.totalBatches, outcome }),
    );
  };
  try {
    const parsed = await parseRows(text, format, {
      batchSize: run.batchSize,
      onBatch: async (raws) => {
        const n = ++batchNumber;
        const rows = recorded.has(n) ? null : raws.map((raw) => understandRow(raw, format));
        await writing;
        if (!rows) return nextTurn();
        if (options.shouldStop?.()) throw new Stopped();
        writing = write(n, rows);
      },
    });
    await writing;
    if (!parsed.ok) throw new Error(`the stored file no longer reads: ${parsed.rejection.code}`);
    return true;
  } catch (error) {
    await writing.catch(() => {});
    if (error instanceof Stopped) return false;
    throw error;
  }
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
  /** Match items by name too (default true; the command line's --no-name-match turns it off). */
  nameMatch?: boolean;
  /** Publish the products the run creates rather than keep them for review (the default). */
  publishNew?: boolean;
  /** Return every row's result (default false: read them with findImportRows or allRunRows). */
  collectRows?: boolean;
  onProgress?: (progress: RunProgress) => void;
};

export type ImportFileResult =
  | {
      ok: true;
      summary: ImportSummary;
      /** Every row's result with `collectRows` (always for a dry run); else empty. */
      rows: StoredRowResult[];
    }
  | { ok: false; rejection: Rejection; summary: null; rows: [] };

/**
 * Imports a whole file now (the command line; the benchmark): a refused file writes nothing (not
 * even a new list); a dry run reads the catalogue and writes nothing; otherwise a run is written
 * batch by batch and finished.
 */
export async function importQuickBooksFile(input: ImportFileInput): Promise<ImportFileResult> {
  const batchSize = input.batchSize ?? DEFAULT_BATCH_SIZE;
  const scan = await scanImportFile(input.bytes);
  if (!scan.ok) return { ok: false, rejection: scan.rejection, summary: null, rows: [] };
  if (input.newListName === undefined && !input.listSlug?.trim()) throw runRefusal("listRequired", 400);
  if (input.dryRun) return dryRun(input, scan, batchSize);

  let listSlug = input.listSlug?.trim() ?? "";
  if (input.newListName !== undefined) {
    const name = input.newListName.trim();
    if (!name) throw runRefusal("listRequired", 400);
    const created = await createPriceList(input.actor, emptyListInput(name));
    listSlug = created.slug;
  }

  const created = await withTransaction((tx) =>
    insertRun(tx, {
      actor: input.actor,
      listSlug,
      fileName: input.fileName,
      format: scan.format,
      encoding: scan.encoding,
      totalRows: scan.totalRows,
      batchSize,
      mode: input.mode ?? "cli",
      status: "pending",
      superseded: scan.superseded,
      nameMatch: input.nameMatch,
      publishNew: input.publishNew ?? false,
    }),
  );
  const run = await loadRun(created.id);
  const results: StoredRowResult[] = [];
  await writeRunFromText(run, scan.text, duplicatesFrom(scan.superseded), {
    onProgress: (progress) => {
      if (input.collectRows && progress.outcome.status !== "retry") results.push(...progress.outcome.rows);
      input.onProgress?.(progress);
    },
  });
  const summary = await finishImportRun(run.id);
  return { ok: true, summary, rows: results };
}

/** The rows of a run, in order (e.g. for the command line's --json). */
export async function allRunRows(runId: string) {
  const run = await loadRun(runId);
  const rows: StoredRowResult[] = [];
  for (let n = 1; n <= run.totalBatches; n++) rows.push(...(await storedRows(runId, n)));
  return rows;
}

/** The list a dry run plans against (none for a list the import would create). */
async function planListId(listSlug: string | undefined): Promise<string | null> {
  if (!listSlug) return null;
  const [list] = await db()
    .select({ id: priceList.id })
    .from(priceList)
    .where(and(eq(priceList.slug, listSlug), isNull(priceList.deletedAt)));
  if (!list) throw runRefusal("listNotFound", 404);
  return list.id;
}

/** A dry run: the plan against the catalogue as it is, and what each row would become. Nothing is written. */
async function dryRun(input: ImportFileInput, scan: ScannedFile, batchSize: number): Promise<ImportFileResult> {
  const listId = await planListId(input.newListName !== undefined ? undefined : input.listSlug?.trim());
  const understood = await understandText(scan.text, { batchSize, onBatch: nextTurn }, scan.encoding);
  if (!understood.ok) return { ok: false, rejection: understood.rejection, summary: null, rows: [] };
  // The products the file may meet, found as the screen finds them for its preview.
  const nameMatch = input.nameMatch !== false;
  const existing = [
    ...(await findExistingProducts(listId, matchKeys(understood.rows))),
    ...(nameMatch ? await findNameCandidates(listId) : []),
  ];
  const plan = planImport(understood.rows, indexExisting(existing), batchSize, { nameMatch });
  const results = plan.results.map((result) => withText(asPlanned(result, { finalStatus: "as-written" })));
  const c = plan.counts;
  let listName = input.newListName?.trim() ?? "";
  if (input.newListName === undefined && input.listSlug) {
    const [list] = await db()
      .select({ name: priceList.name })
      .from(priceList)
      .where(eq(priceList.slug, input.listSlug.trim()));
    listName = list?.name ?? "";
  }
  const summary: ImportSummary = {
    runId: null,
    listSlug: input.listSlug?.trim() ?? "",
    listName,
    fileName: input.fileName,
    format: scan.format.id,
    mode: input.mode ?? "cli",
    dryRun: true,
    totalRows: c.total,
    totalBatches: Math.ceil(c.total / batchSize),
    appliedBatches: 0,
    failedBatches: 0,
    totalProcessed: c.total,
    counts: countRows(plan.results),
    created: c.new,
    updated: c.updated + c.linked,
    unchanged: c.unchanged,
    duplicates: c.skipped.duplicate,
    skipped: c.unchanged + c.skipped.total,
    errors: c.errors,
    processedInactive: c.inactive,
    invalidRowsSkipped: c.invalid.total,
    skippedBy: {
      service_item: c.invalid.serviceItem,
      known_non_product_code: c.invalid.knownNonProductCode,
      invalid_description: c.invalid.invalidDescription,
    },
    withoutPrice: c.withoutPrice,
    unrecognized: c.unrecognized,
    successCount: c.new + c.linked + c.updated + c.unchanged + c.skipped.duplicate,
    errorCount: c.errors,
    notProcessed: 0,
    pricesChanged: 0,
    nothingChanged: c.new + c.linked + c.updated === 0,
    namedByModel: 0,
    versionNumber: null,
    outcome: c.errors > 0 ? "warning" : "success",
    rejection: null,
  };
  return { ok: true, summary, rows: results };
}
