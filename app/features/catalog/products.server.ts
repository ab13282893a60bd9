import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db } from "~/db/client.server";
import { priceList, priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { groupOf, isCategory } from "./categories";
import { orderTerms, type CatalogQuery } from "./query";
import { categoryCondition, nameColumn, numberOrNull, orderByTerms, productSearch } from "./sql.server";
import type { CatalogProduct, ProductDetail } from "./types";
import { visibleToBuyers } from "./visibility.server";

export const PAGE_SIZE = 48;
const RELATED_LIMIT = 4;
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** The one list flagged public, or null when none is. */
export async function findPublicPriceListId() {
  const [row] = await db()
    .select({ id: priceList.id })
    .from(priceList)
    .where(and(eq(priceList.isPublic, true), isNull(priceList.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** Joins each product to its price in the public list; without a public list nothing matches. */
function publicPriceJoin(listId: string | null) {
  return and(eq(priceListItem.productId, product.id), listId ? eq(priceListItem.priceListId, listId) : sql`false`);
}

function productColumns(lang: Lang) {
  return {
    id: product.id,
    slug: product.slug,
    name: nameColumn(lang),
    category: product.category,
    unit: product.unit,
    packValue: product.packValue,
    packUnit: product.packUnit,
    imageKey: product.imageKey,
    imageUrl: product.imageUrl,
    availability: product.availability,
    priceCents: priceListItem.priceCents,
  };
}

type ProductRow = {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  unit: string | null;
  packValue: string | null;
  packUnit: string | null;
  imageKey: string | null;
  imageUrl: string | null;
  availability: string;
  priceCents: number | null;
};

function toCatalogProduct(row: ProductRow): CatalogProduct {
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
    priceCents: row.priceCents,
  };
}

function filters(query: CatalogQuery, listId: string | null, search: ReturnType<typeof productSearch>) {
  const conditions: SQL[] = [visibleToBuyers(listId)];
  const category = categoryCondition(query.category);
  if (category) conditions.push(category);
  // Either language's name finds the product, whichever language the page is in.
  if (search) conditions.push(search.where);
  return and(...conditions);
}

/**
 * One page of the public catalogue: filtered by category and search, in the chosen order, with
 * each product's price from the public list. A page past the end shows the last page.
 */
export async function findPublicProducts(query: CatalogQuery, lang: Lang, { pageSize = PAGE_SIZE } = {}) {
  const listId = await findPublicPriceListId();
  const search = productSearch(query.search);
  const where = filters(query, listId, search);
  const [{ total }] = await db().select({ total: count() }).from(product).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db()
    .select(productColumns(lang))
    .from(product)
    .leftJoin(priceListItem, publicPriceJoin(listId))
    .where(where)
    .orderBy(...(search ? [search.order] : []), ...orderByTerms(orderTerms(query.sort), lang, priceListItem.priceCents))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    products: rows.map(toCatalogProduct),
    total,
    page,
    pageCount,
    hasPublicPrices: listId !== null,
  };
}

/**
 * A product page: null for an unknown or archived product, and for one the reader may not see
 * (visibility.server.ts) unless `inactiveToo` (staff, whose products table lists inactive and
 * hidden products and links to them). `readerListId` is a signed-in customer's list, which decides
 * whether they see an imported product; the page's price is the public list's for everyone.
 */
export async function findPublicProduct(
  slug: string,
  lang: Lang,
  { inactiveToo = false, readerListId }: { inactiveToo?: boolean; readerListId?: string | null } = {},
): Promise<ProductDetail | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const listId = await findPublicPriceListId();
  const visible = visibleToBuyers(readerListId === undefined ? listId : readerListId);
  const [row] = await db()
    .select({
      ...productColumns(lang),
      nameEn: product.nameEn,
      nameEs: product.nameEs,
      description: lang === "es" ? product.descriptionEs : product.descriptionEn,
      sku: product.sku,
      active: product.active,
      hidden: product.hidden,
      importReview: product.importReview,
    })
    .from(product)
    .leftJoin(priceListItem, publicPriceJoin(listId))
    .where(and(eq(product.slug, slug), inactiveToo ? isNull(product.archivedAt) : visible))
    .limit(1);
  if (!row) return null;
  const related = await db()
    .select(productColumns(lang))
    .from(product)
    .leftJoin(priceListItem, publicPriceJoin(listId))
    .where(
      and(
        visible,
        ne(product.id, row.id),
        row.category === null ? isNull(product.category) : eq(product.category, row.category),
      ),
    )
    .orderBy(desc(product.popularity), alphabetical(nameColumn(lang), lang), asc(product.id))
    .limit(RELATED_LIMIT);
  return {
    ...toCatalogProduct(row),
    names: { en: row.nameEn, es: row.nameEs },
    description: row.description,
    sku: row.sku,
    active: row.active,
    hidden: row.hidden,
    importReview: row.importReview,
    group: groupOf(row.category),
    related: related.map(toCatalogProduct),
  };
}
