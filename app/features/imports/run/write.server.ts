import { and, eq, like, sql } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import type { Tx } from "~/db/client.server";
import { importBatch, importRow, importRun, priceListItem, priceListVersion, product } from "~/db/schema";
import {
  applyPriceChanges,
  lockList,
  takeVersion,
  type Actor,
  type PriceChange,
} from "~/features/price-lists/internal.server";
import { firstFreeSlug, RESERVED_SLUGS, slugify } from "~/lib/slug";
import {
  batchFailed,
  createDecider,
  indexExisting,
  type ExistingProduct,
  type ProductState,
} from "../engine/plan/decide";
import type { PreparedRow } from "../engine/prepare";
import { toRowResult, type ImportRowResult } from "../engine/results";
import { rowMessageText } from "./texts.server";

/**
 * Writing one batch of an import (docs/decisions/014-import-runs.md), inside the caller's
 * transaction: the batch's number is recorded first (so a batch is applied once, whole or not at
 * all), products are matched by QuickBooks ID then SKU, created with every field or updated in the
 * fields an import owns (quantity on hand, active, SKU, QuickBooks ID; never names, category, slug
 * or image), prices go through the one price write path with history (source "import") after an
 * automatic version of the list (once per run), and each row's result is stored. A few statements
 * per batch, not one per row (PGlite is about 15 times slower row by row). A row the database's
 * rules would refuse (a SKU another product holds, a value a column cannot hold, an archived
 * product's price) is found before anything is written and stored as `error_db_product` or
 * `error_db_price`, and the rest of its batch is written
 * (docs/decisions/017-import-row-errors-and-upkeep.md).
 */

/** Another call already recorded this batch (applied or failed): its stored results stand. */
export class BatchAlreadyRecorded extends Error {
  constructor() {
    super("batch already recorded");
  }
}

/**
 * Seams the tests control to make a batch fail (an injected fault, a process killed mid-batch).
 * Nothing a user can reach sets them.
 */
export type ImportFaultHooks = {
  /** Inside the batch's transaction, after every write and before the commit; throwing fails the attempt. */
  beforeCommit?: (context: { runId: string; batchNumber: number; attempt: number }) => void | Promise<void>;
  /** Before the server reads a batch the screen sent; throwing makes its rows unreadable (`unknown_error`). */
  beforeUnderstand?: (context: { runId: string; batchNumber: number }) => void | Promise<void>;
};
let faults: ImportFaultHooks = {};
export function setImportFaultsForTests(hooks: ImportFaultHooks | undefined) {
  faults = hooks ?? {};
}
export const importFaults = () => faults;

export type BatchWrite = {
  runId: string;
  listId: string;
  actor: Actor;
  batchNumber: number;
  attempt: number;
  rows: PreparedRow[];
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Records the batch, or learns that another call did. First in the transaction: a concurrent twin waits here. */
async function claimBatch(
  tx: Tx,
  runId: string,
  batchNumber: number,
  attempt: number,
  status: "applied" | "failed",
  error?: string,
) {
  const claimed = await tx
    .insert(importBatch)
    .values({ runId, number: batchNumber, status, attempts: attempt, error: error ?? null })
    .onConflictDoUpdate({
      target: [importBatch.runId, importBatch.number],
      set: { status, attempts: attempt, error: error ?? null, appliedAt: sql`now()` },
      setWhere: eq(importBatch.status, "retrying"),
    })
    .returning({ number: importBatch.number });
  if (claimed.length === 0) throw new BatchAlreadyRecorded();
}

/** Notes that an attempt failed and the batch will be tried again (outside any batch transaction). */
export async function recordRetry(tx: Tx, runId: string, batchNumber: number, attempt: number, error: string) {
  await tx
    .insert(importBatch)
    .values({ runId, number: batchNumber, status: "retrying", attempts: attempt, error })
    .onConflictDoUpdate({
      target: [importBatch.runId, importBatch.number],
      set: { attempts: attempt, error, appliedAt: sql`now()` },
      setWhere: eq(importBatch.status, "retrying"),
    });
}

/** The run was closed (finished, or ended by the sweep as abandoned) before this batch could be written. */
export class RunAlreadyClosed extends Error {
  constructor() {
    super("run already closed");
  }
}

/**
 * Holds the run's row to the commit and marks it running; a closed run refuses the batch. The
 * sweep that ends abandoned runs takes the same row, so a batch and the sweep never cross: a run
 * is never closed under a batch being written, nor written to once closed.
 */
async function holdOpenRun(tx: Tx, runId: string) {
  const [run] = await tx
    .select({ status: importRun.status })
    .from(importRun)
    .where(eq(importRun.id, runId))
    .for("no key update");
  if (!run || run.status === "finished" || run.status === "failed") throw new RunAlreadyClosed();
  if (run.status === "pending" || run.status === "queued") {
    await tx.update(importRun).set({ status: "running" }).where(eq(importRun.id, runId));
  }
}

/**
 * Import batches take turns on the catalogue (whatever their list), held to the commit: the SKUs
 * and QuickBooks IDs a batch checks before writing cannot be taken meanwhile by another import
 * (another list, another server process), so a conflict is found and reported, never raced.
 * Only imports write those columns. A batch is short (docs/decisions/024-budgets-and-rules.md), so
 * the wait is too.
 */
const IMPORT_CATALOGUE_LOCK = 7_200_114;
async function lockCatalogue(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_CATALOGUE_LOCK})`);
}

/**
 * Products the rows may be (by QuickBooks ID, or by SKU among products without one), and
 * every other product that holds one of the rows' SKUs (a conflict the row is refused for), in
 * the order the decisions take them: by QuickBooks ID, then oldest first.
 */
async function findProducts(tx: Tx, listId: string, rows: PreparedRow[]): Promise<ExistingProduct[]> {
  const keys = [...new Set(rows.map((r) => r.quickbooksId!))];
  const skus = [...new Set(rows.map((r) => r.sku).filter((s): s is string => s !== null))];
  if (keys.length === 0) return [];
  // Index lookups with the rows' keys as array parameters (plans that stay good without table
  // statistics, which PGlite never gathers). Not locked: the update writes the file's values for
  // the fields an import owns whatever a concurrent edit did, and bumps the revision; only
  // imports write QuickBooks IDs and SKUs, and their batches take turns (lockCatalogue).
  type Found = {
    id: string;
    quickbooks_id: string | null;
    sku: string | null;
    active: boolean;
    quantity: string | null;
    archived: boolean;
    name_en: string;
  };
  const columns = sql`id, quickbooks_id, sku, active, quantity, archived_at is not null as archived, name_en`;
  const found = (
    await tx.execute<Found>(sql`
      select ${columns} from ${product}
      where quickbooks_id = any(${sql.param(keys)}::text[])
      order by id`)
  ).rows;
  if (skus.length > 0) {
    // Products found by their key above are left out: a re-import reads each product once.
    const bySku = await tx.execute<Found>(sql`
      select ${columns} from ${product}
      where sku = any(${sql.param(skus)}::text[])
        and (quickbooks_id is null or not (quickbooks_id = any(${sql.param(keys)}::text[])))
      order by created_at, id`);
    found.push(...bySku.rows);
  }
  const prices = new Map<string, number | null>();
  if (found.length > 0) {
    const items = await tx.execute<{ product_id: string; price_cents: number | null }>(sql`
      select product_id, price_cents from ${priceListItem}
      where price_list_id = ${listId} and product_id = any(${sql.param(found.map((p) => p.id))}::uuid[])`);
    for (const item of items.rows)
      prices.set(item.product_id, item.price_cents === null ? null : Number(item.price_cents));
  }
  return found.map((p) => ({
    id: p.id,
    quickbooksId: p.quickbooks_id,
    sku: p.sku,
    active: p.active,
    quantity: numberOrNull(p.quantity),
    inList: prices.has(p.id),
    priceCents: prices.get(p.id) ?? null,
    archived: Boolean(p.archived),
    name: p.name_en,
  }));
}

/** Readable, unique slugs/** Readable, unique slugs: the name, else the name with the item's code, else numbered. */
async function assignSlugs(tx: Tx, creates: NewProduct[]) {
  if (creates.length === 0) return;
  const options = creates.map((c) => {
    const base = slugify(c.nameEn, "product");
    return [base, slugify(`${c.nameEn} ${c.quickbooksId}`, "product")] as const;
  });
  const candidates = [...new Set(options.flat())];
  const taken = new Set(
    (
      await tx.execute<{ slug: string }>(
        sql`select slug from ${product} where slug = any(${sql.param(candidates)}::text[])`,
      )
    ).rows.map((r) => r.slug),
  );
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug);
  for (const [i, create] of creates.entries()) {
    const [base, withCode] = options[i];
    let slug = free(base) ? base : free(withCode) ? withCode : null;
    if (!slug) {
      const numbered = await tx
        .select({ slug: product.slug })
        .from(product)
        .where(like(product.slug, `${withCode.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`));
      slug = firstFreeSlug(withCode, new Set([...taken, ...numbered.map((r) => r.slug)]));
    }
    taken.add(slug);
    create.slug = slug;
  }
}

/** A row's result as stored and as the command line prints it: with its messages as English text. */
export type StoredRowResult = ImportRowResult & { message: string };

export const withText = (result: ImportRowResult): StoredRowResult => ({
  ...result,
  message: rowMessageText(result.messages),
});

/**
 * Writes one prepared batch in `tx` and returns each row's result. Throws `BatchAlreadyRecorded`
 * when another call recorded it first; any other error rolls the whole batch back.
 */
export async function writeBatch(tx: Tx, input: BatchWrite): Promise<StoredRowResult[]> {
  const { runId, batchNumber, attempt } = input;
  await claimBatch(tx, runId, batchNumber, attempt, "applied");
  await holdOpenRun(tx, runId);
  await lockCatalogue(tx);
  const list = await lockList(tx, input.listId);

  const toWrite = input.rows.filter((r) => r.importable && r.supersededBy === null && r.quickbooksId !== null);
  const decide = createDecider(indexExisting(await findProducts(tx, list.id, toWrite)));
  const decisions = input.rows.map((row) => ({ row, decision: decide(row) }));

  // Products: one insert for the new ones, one update for the changed ones.
  const created = decisions.filter((d) => d.decision.action === "created").map((d) => d.decision.product!);
  const creates = created.map(newProduct);
  await assignSlugs(tx, creates);
  if (creates.length > 0) {
    const now = new Date();
    const column = <K extends keyof (typeof creates)[number]>(key: K) => creates.map((c) => c[key] ?? null);
    const inserted = await tx.execute<{ id: string; quickbooks_id: string }>(sql`
      insert into ${product} (slug, name_en, name_es, category, base_price_cents, quantity, unit, pack_value,
        pack_unit, active, quickbooks_id, sku, created_at, updated_at)
      select v.*, ${now}::timestamptz, ${now}::timestamptz from ${unnestRows(
        [
          [column("slug"), "text"],
          [column("nameEn"), "text"],
          [column("nameEs"), "text"],
          [column("category"), "text"],
          [column("basePriceCents"), "integer"],
          [column("quantity"), "numeric"],
          [column("unit"), "text"],
          [column("packValue"), "numeric"],
          [column("packUnit"), "text"],
          [column("active"), "boolean"],
          [column("quickbooksId"), "text"],
          [column("sku"), "text"],
        ],
        [
          "slug",
          "name_en",
          "name_es",
          "category",
          "base_price_cents",
          "quantity",
          "unit",
          "pack_value",
          "pack_unit",
          "active",
          "quickbooks_id",
          "sku",
        ],
      )}
      returning id, quickbooks_id`);
    const ids = new Map(inserted.rows.map((r) => [r.quickbooks_id, r.id]));
    for (const state of created) state.id = ids.get(state.quickbooksId!)!;
  }
  const updates = [
    ...new Set(
      decisions
        .map((d) => d.decision)
        .filter((d) => d.action === "updated" && d.productStatus === "success" && !d.product!.createdBy)
        .map((d) => d.product!),
    ),
  ];
  if (updates.length > 0) {
    await tx.execute(sql`
      update ${product} as p
      set active = v.active, quantity = coalesce(v.quantity, p.quantity), sku = v.sku, quickbooks_id = v.quickbooks_id,
          revision = p.revision + 1, updated_at = now()
      from ${unnestRows(
        [
          [updates.map((s) => s.id), "uuid"],
          [updates.map((s) => s.active), "boolean"],
          [updates.map((s) => (s.quantity === null ? null : s.quantity.toFixed(2))), "numeric"],
          [updates.map((s) => s.sku), "text"],
          [updates.map((s) => s.quickbooksId), "text"],
        ],
        ["id", "active", "quantity", "sku", "quickbooks_id"],
      )}
      where p.id = v.id`);
  }

  // Prices: the one price write path, after an automatic version of the list, once per run.
  const changes = new Map<string, PriceChange>();
  for (const { decision } of decisions) {
    if (!decision.priceChange) continue;
    const id = decision.product!.id!;
    const previous = changes.get(id);
    changes.set(id, {
      productId: id,
      oldCents: previous ? previous.oldCents : decision.priceChange.oldCents,
      newCents: decision.priceChange.newCents,
    });
  }
  if (changes.size > 0) {
    const reason = `import:${runId}`;
    const [version] = await tx
      .select({ id: priceListVersion.id })
      .from(priceListVersion)
      .where(and(eq(priceListVersion.priceListId, list.id), eq(priceListVersion.reason, reason)))
      .limit(1);
    if (!version) await takeVersion(tx, list, { actor: input.actor, reason, automatic: true });
    await applyPriceChanges(tx, list, [...changes.values()], {
      actor: input.actor,
      source: "import",
      itemActivity: false,
    });
  }

  const results = decisions.map(({ row, decision }) => withText(toRowResult(row, decision, batchNumber)));
  await storeRows(tx, runId, results);
  await faults.beforeCommit?.({ runId, batchNumber, attempt });
  return results;
}

type NewProduct = typeof product.$inferInsert & { quickbooksId: string };

/** The insert of a product the batch creates: its row's values, and what later rows of its item changed. */
function newProduct(state: ProductState): NewProduct {
  const row = state.createdBy!;
  const key = state.quickbooksId!;
  return {
    slug: "",
    nameEn: row.name ?? key,
    nameEs: row.nameEs ?? row.name ?? key,
    category: row.category,
    basePriceCents: row.priceCents,
    quantity: state.quantity === null ? null : state.quantity.toFixed(2),
    unit: row.unit,
    packValue: row.packValue === null ? null : String(row.packValue),
    packUnit: row.packUnit,
    active: state.active,
    quickbooksId: key,
    sku: state.sku,
  };
}

/** What import_row.raw holds besides its columns: enough to show and export the row again. */
type StoredRaw = Pick<
  ImportRowResult,
  | "line"
  | "quickbooksId"
  | "nameEs"
  | "category"
  | "packValue"
  | "packUnit"
  | "unit"
  | "priceCents"
  | "sku"
  | "quantity"
  | "action"
  | "namedBy"
  | "messages"
>;

const STORED_KEYS = [
  "line",
  "quickbooksId",
  "nameEs",
  "category",
  "packValue",
  "packUnit",
  "unit",
  "priceCents",
  "sku",
  "quantity",
  "namedBy",
  "messages",
] as const satisfies ReadonlyArray<keyof StoredRaw>;

export function resultFromStored(stored: typeof importRow.$inferSelect): StoredRowResult {
  const raw = (stored.raw ?? {}) as Partial<StoredRaw>;
  return {
    row: stored.rowNumber,
    batch: stored.batchNumber,
    line: raw.line ?? null,
    item: stored.sourceName ?? "",
    quickbooksId: raw.quickbooksId ?? null,
    name: stored.processedName,
    nameEs: raw.nameEs ?? null,
    category: raw.category ?? null,
    packValue: raw.packValue ?? null,
    packUnit: raw.packUnit ?? null,
    unit: raw.unit ?? null,
    priceCents: raw.priceCents ?? null,
    sku: raw.sku ?? null,
    quantity: raw.quantity ?? null,
    productId: stored.productId,
    action: raw.action ?? "error",
    namedBy: raw.namedBy ?? null,
    aiStatus: stored.aiStatus as ImportRowResult["aiStatus"],
    dbProductStatus: stored.dbProductStatus as ImportRowResult["dbProductStatus"],
    dbPriceStatus: stored.dbPriceStatus as ImportRowResult["dbPriceStatus"],
    finalStatus: stored.finalStatus as ImportRowResult["finalStatus"],
    messages: raw.messages ?? [],
    message: stored.finalMessage ?? "",
  };
}

async function storeRows(tx: Tx, runId: string, results: StoredRowResult[]) {
  if (results.length === 0) return;
  // Only what is set: tens of thousands of these are written per import.
  const raws = results.map((r) => {
    const raw: Partial<StoredRaw> = { action: r.action };
    for (const key of STORED_KEYS) {
      const value = r[key];
      if (value !== null && !(Array.isArray(value) && value.length === 0))
        (raw as Record<string, unknown>)[key] = value;
    }
    return raw;
  });
  await tx.execute(sql`
    insert into ${importRow} (run_id, row_number, batch_number, source_name, processed_name, product_id, ai_status,
      db_product_status, db_price_status, final_status, final_message, raw)
    select ${runId}::uuid, v.* from ${unnestRows(
      [
        [results.map((r) => r.row), "integer"],
        [results.map((r) => r.batch), "integer"],
        [results.map((r) => r.item), "text"],
        [results.map((r) => r.name), "text"],
        [results.map((r) => r.productId), "uuid"],
        [results.map((r) => r.aiStatus), "text"],
        [results.map((r) => r.dbProductStatus), "text"],
        [results.map((r) => r.dbPriceStatus), "text"],
        [results.map((r) => r.finalStatus), "text"],
        [results.map((r) => r.message), "text"],
        [raws, "jsonb"],
      ],
      ["r", "b", "s", "p", "pid", "ai", "dp", "dpr", "f", "m", "raw"],
    )}`);
}

/**
 * Records a batch that failed every attempt: the batch as failed, and each of its rows
 * as 'Skipped due to batch processing error.' with nothing else written. Rows that were never
 * understood (the failure came first) keep the AI status `pending`.
 */
export async function writeFailedBatch(
  tx: Tx,
  input: { runId: string; batchNumber: number; attempt: number; error: string; rows: PreparedRow[] },
): Promise<StoredRowResult[]> {
  await claimBatch(tx, input.runId, input.batchNumber, input.attempt, "failed", input.error);
  await holdOpenRun(tx, input.runId);
  // Its rows say only that: nothing of what the engine noted about them was acted on.
  const failed = batchFailed();
  const results = input.rows.map((row) =>
    withText({ ...toRowResult(row, failed, input.batchNumber), messages: failed.notes }),
  );
  await storeRows(tx, input.runId, results);
  return results;
}
