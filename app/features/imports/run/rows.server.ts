import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import { db, type Tx } from "~/db/client.server";
import { importRow, product } from "~/db/schema";
import { compileSearch, searchKey } from "~/lib/search";
import { searchMatches, searchRank } from "~/lib/search.server";
import type { ImportRowResult } from "../engine/results";
import type { FinalStatus } from "../engine/statuses";
import { loadRun } from "./run.server";
import { rowMessageText } from "./texts.server";

/** Each row's result of a run, as stored in import_row and read back by batch or by page. */

/** A row's result as stored and as the command line prints it: with its messages as English text. */
export type StoredRowResult = ImportRowResult & { message: string };

export const withText = (result: ImportRowResult): StoredRowResult => ({
  ...result,
  message: rowMessageText(result.messages),
});

/**
 * The product a row created or matched, as the screens show it: its names and where its page is
 * (archived products have none on the site).
 */
export type RowProduct = { slug: string; name: string; nameEs: string; archived: boolean };

/** A stored row as a run's page lists it, with its product when the row has one. */
export type ListedRowResult = StoredRowResult & { product: RowProduct | null };

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
  | "match"
  | "candidates"
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
  "match",
  "candidates",
  "namedBy",
  "messages",
] as const satisfies ReadonlyArray<keyof StoredRaw>;

function resultFromStored(stored: typeof importRow.$inferSelect): StoredRowResult {
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
    match: raw.match ?? null,
    candidates: raw.candidates ?? [],
    namedBy: raw.namedBy ?? null,
    aiStatus: stored.aiStatus as ImportRowResult["aiStatus"],
    dbProductStatus: stored.dbProductStatus as ImportRowResult["dbProductStatus"],
    dbPriceStatus: stored.dbPriceStatus as ImportRowResult["dbPriceStatus"],
    finalStatus: stored.finalStatus as ImportRowResult["finalStatus"],
    messages: raw.messages ?? [],
    message: stored.finalMessage ?? "",
  };
}

export async function storeRows(tx: Tx, runId: string, results: StoredRowResult[]) {
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
      db_product_status, db_price_status, final_status, final_message, raw, search_key)
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
        [results.map((r) => searchKey(r.item, r.name, r.nameEs, r.quickbooksId, r.sku)), "text"],
      ],
      ["r", "b", "s", "p", "pid", "ai", "dp", "dpr", "f", "m", "raw", "k"],
    )}`);
}

export async function storedRows(runId: string, batchNumber: number) {
  const rows = await db()
    .select()
    .from(importRow)
    .where(and(eq(importRow.runId, runId), eq(importRow.batchNumber, batchNumber)))
    .orderBy(asc(importRow.rowNumber));
  return rows.map(resultFromStored);
}

export type ImportRowsPage = {
  rows: ListedRowResult[];
  total: number;
  page: number;
  pageCount: number;
  /** Rows of the whole run by final status (for the filter's counts). */
  statusCounts: Partial<Record<FinalStatus, number>>;
};

/**
 * A run's row results in row order, filtered by final status and by a search (app/lib/search.ts)
 * of the row's names, QuickBooks ID and SKU and its product's names, best matches first, a page
 * at a time.
 */
export async function findImportRows(
  runId: string,
  {
    statuses,
    search: query = "",
    page = 1,
    pageSize = 50,
  }: { statuses?: FinalStatus[]; search?: string; page?: number; pageSize?: number } = {},
): Promise<ImportRowsPage> {
  await loadRun(runId);
  const search = compileSearch(query);
  const where = and(
    eq(importRow.runId, runId),
    statuses && statuses.length > 0 ? inArray(importRow.finalStatus, statuses) : undefined,
    // A row stored before rows had keys is found by its product's names alone.
    search ? or(searchMatches(importRow.searchKey, search), searchMatches(product.searchKey, search)) : undefined,
  );
  const byStatus = await db()
    .select({ status: importRow.finalStatus, n: count() })
    .from(importRow)
    .where(eq(importRow.runId, runId))
    .groupBy(importRow.finalStatus);
  const statusCounts = Object.fromEntries(
    byStatus.map((r) => [r.status, Number(r.n)]),
  ) as ImportRowsPage["statusCounts"];
  const total = search
    ? (
        await db()
          .select({ n: count() })
          .from(importRow)
          .leftJoin(product, eq(product.id, importRow.productId))
          .where(where)
      )[0].n
    : statuses && statuses.length > 0
      ? statuses.reduce((sum, s) => sum + (statusCounts[s] ?? 0), 0)
      : Object.values(statusCounts).reduce((sum, n) => sum + (n ?? 0), 0);
  const size = Math.max(1, Math.min(pageSize, 60_000));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await db()
    .select({
      row: importRow,
      product: { slug: product.slug, name: product.nameEn, nameEs: product.nameEs, archivedAt: product.archivedAt },
    })
    .from(importRow)
    .leftJoin(product, eq(product.id, importRow.productId))
    .where(where)
    .orderBy(
      ...(search ? [asc(searchRank(search, importRow.searchKey, product.searchKey))] : []),
      asc(importRow.rowNumber),
    )
    .limit(size)
    .offset((current - 1) * size);
  return {
    rows: rows.map(({ row, product: found }) => ({
      ...resultFromStored(row),
      product: found && {
        slug: found.slug,
        name: found.name,
        nameEs: found.nameEs,
        archived: found.archivedAt !== null,
      },
    })),
    total,
    page: current,
    pageCount,
    statusCounts,
  };
}
