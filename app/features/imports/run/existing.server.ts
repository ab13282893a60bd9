import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { priceListItem, product } from "~/db/schema";
import type { Category } from "~/features/catalog/categories";
import type { ExistingProduct } from "../engine/plan/decide";
import type { RowProduct } from "./rows.server";

/** A product an import would match, with what the screen links its rows to it by. */
export type MatchedProduct = ExistingProduct & RowProduct;

/** Keys per query: well under PostgreSQL's 65,535 parameters, and a short query each. */
const KEYS_PER_QUERY = 1_000;

function chunks<T>(values: readonly T[], size: number) {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

const columns = {
  id: product.id,
  quickbooksId: product.quickbooksId,
  sku: product.sku,
  active: product.active,
  quantity: product.quantity,
  priceCents: priceListItem.priceCents,
  inList: sql<boolean>`${priceListItem.productId} is not null`,
  archived: sql<boolean>`${product.archivedAt} is not null`,
  name: product.nameEn,
  nameEs: product.nameEs,
  category: product.category,
  packValue: product.packValue,
  packUnit: product.packUnit,
  slug: product.slug,
};

/** Products with what a decision compares: the price in the chosen list (null when the list has none). */
async function readProducts(priceListId: string | null, where: SQL | undefined): Promise<MatchedProduct[]> {
  const rows = await db()
    .select(columns)
    .from(product)
    // Without a list (one the import would create) no product has a price in it.
    .leftJoin(
      priceListItem,
      and(
        eq(priceListItem.productId, product.id),
        priceListId ? eq(priceListItem.priceListId, priceListId) : sql`false`,
      ),
    )
    .where(where)
    .orderBy(product.createdAt, product.id);
  return rows.map((row) => ({
    ...row,
    priceCents: row.priceCents ?? null,
    quantity: row.quantity === null ? null : Number(row.quantity),
    inList: Boolean(row.inList),
    archived: Boolean(row.archived),
    category: row.category as Category | null,
    packValue: row.packValue === null ? null : Number(row.packValue),
  }));
}

/**
 * The catalogue's products an import of these keys would match (the QuickBooks ID, then the
 * SKU), with what the dry run compares: the price in the chosen list (null when the list has none),
 * active, and quantity on hand. Archived products are included: a QuickBooks ID belongs to one
 * product for good. Every product holding one of the SKUs comes back, so the plan can tell a SKU
 * another product holds (docs/decisions/017-import-row-errors-and-upkeep.md). Reads only.
 */
export async function findExistingProducts(
  priceListId: string | null,
  keys: { quickbooksIds: readonly string[]; skus: readonly string[] },
): Promise<MatchedProduct[]> {
  const found = new Map<string, MatchedProduct>();
  const lookups = [
    ...chunks([...new Set(keys.quickbooksIds)], KEYS_PER_QUERY).map((ids) => inArray(product.quickbooksId, ids)),
    ...chunks([...new Set(keys.skus)], KEYS_PER_QUERY).map((skus) => inArray(product.sku, skus)),
  ];
  for (const where of lookups) {
    for (const row of await readProducts(priceListId, where)) if (!found.has(row.id)) found.set(row.id, row);
  }
  return [...found.values()];
}

/**
 * The products a row may match by name: those without a QuickBooks ID that are not archived
 * (docs/decisions/027-first-import-matching.md), oldest first.
 */
export async function findNameCandidates(priceListId: string | null): Promise<MatchedProduct[]> {
  return readProducts(priceListId, and(isNull(product.quickbooksId), isNull(product.archivedAt)));
}
