import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { isCategory } from "./categories";
import type { PrivateCatalogQuery } from "./private-query";
import { orderTerms } from "./query";
import {
  availabilityCondition,
  categoryCondition,
  nameColumn,
  numberOrNull,
  orderByTerms,
  productSearch,
} from "./sql.server";
import type { CustomerProductRow, StaffProductRow } from "./types";
import { visibleToBuyers } from "./visibility.server";

/** Large tables paginate rather than render thousands of rows. */
export const PRIVATE_PAGE_SIZE = 50;

export type PrivateProductsPage<Row> = { products: Row[]; total: number; page: number; pageCount: number };

type Audience = {
  staff: boolean;
  /** The list whose prices are shown; without one staff see the base price and a customer none. */
  priceListId: string | null;
};

function filters(
  query: PrivateCatalogQuery,
  { staff, priceListId }: Audience,
  search: ReturnType<typeof productSearch>,
) {
  // Archived products are gone for everyone; inactive and hidden ones are staff business only.
  const conditions: SQL[] = [isNull(product.archivedAt)];
  if (!staff) conditions.push(visibleToBuyers(priceListId));
  else if (query.status === "active") conditions.push(eq(product.active, true));
  else if (query.status === "inactive") conditions.push(eq(product.active, false));
  const category = categoryCondition(query.category);
  if (category) conditions.push(category);
  const availability = availabilityCondition(query.availability);
  if (availability) conditions.push(availability);
  // Either language's name finds the product; staff also find it by SKU or QuickBooks ID.
  if (search) conditions.push(search.where);
  return and(...conditions);
}

/**
 * The products of one page, filtered and ordered by the price the page shows, with every column
 * either view needs; the callers keep only what their reader may see.
 */
async function findPage(query: PrivateCatalogQuery, lang: Lang, audience: Audience, pageSize: number) {
  const { priceListId, staff } = audience;
  const price: SQL<number | null> = priceListId
    ? sql`${priceListItem.priceCents}`
    : staff
      ? sql`${product.basePriceCents}`
      : sql`null::integer`;
  const search = productSearch(query.search, { staffFields: staff });
  const where = filters(query, audience, search);
  const [{ total }] = await db().select({ total: count() }).from(product).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db()
    .select({
      slug: product.slug,
      name: nameColumn(lang),
      category: product.category,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      imageKey: product.imageKey,
      imageUrl: product.imageUrl,
      availability: product.availability,
      priceCents: price,
      active: product.active,
      hidden: product.hidden,
      importReview: product.importReview,
      quantity: product.quantity,
      quickbooksId: product.quickbooksId,
      sku: product.sku,
    })
    .from(product)
    .leftJoin(
      priceListItem,
      priceListId
        ? and(eq(priceListItem.productId, product.id), eq(priceListItem.priceListId, priceListId))
        : sql`false`,
    )
    .where(where)
    .orderBy(...(search ? [search.order] : []), ...orderByTerms(orderTerms(query.sort), lang, price))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

type Row = Awaited<ReturnType<typeof findPage>>["rows"][number];

/** Only what a customer may see, built field by field so a staff column can never slip through. */
function toCustomerRow(row: Row): CustomerProductRow {
  return {
    slug: row.slug,
    name: row.name,
    category: isCategory(row.category) ? row.category : null,
    unit: row.unit,
    packValue: numberOrNull(row.packValue),
    packUnit: row.packUnit,
    imageKey: row.imageKey,
    imageUrl: row.imageUrl,
    inStock: row.availability !== "out_of_stock",
    priceCents: row.priceCents === null ? null : Number(row.priceCents),
  };
}

function toStaffRow(row: Row): StaffProductRow {
  return {
    ...toCustomerRow(row),
    active: row.active,
    hidden: row.hidden,
    importReview: row.importReview,
    quantity: numberOrNull(row.quantity),
    quickbooksId: row.quickbooksId,
    sku: row.sku,
  };
}

/**
 * One page of the catalogue as a customer sees it: the products they may see, each with the
 * price of the customer's own list (none when the product is not on it), and no staff field.
 */
export async function findCustomerProducts(
  query: PrivateCatalogQuery,
  lang: Lang,
  { priceListId }: { priceListId: string | null },
  { pageSize = PRIVATE_PAGE_SIZE } = {},
): Promise<PrivateProductsPage<CustomerProductRow>> {
  const { rows, ...rest } = await findPage(query, lang, { staff: false, priceListId }, pageSize);
  return { products: rows.map(toCustomerRow), ...rest };
}

/**
 * One page of the catalogue as staff see it: inactive products too (unless filtered out), with
 * quantity, QuickBooks ID, SKU and status, priced from the base price or the chosen list.
 */
export async function findStaffProducts(
  query: PrivateCatalogQuery,
  lang: Lang,
  { priceListId }: { priceListId: string | null },
  { pageSize = PRIVATE_PAGE_SIZE } = {},
): Promise<PrivateProductsPage<StaffProductRow>> {
  const { rows, ...rest } = await findPage(query, lang, { staff: true, priceListId }, pageSize);
  return { products: rows.map(toStaffRow), ...rest };
}
