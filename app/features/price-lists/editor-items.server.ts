import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { priceList, priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { businessDayOf, categoryRank } from "~/features/catalog/sql.server";
import { isVisibleToBuyers, visibilityColumns } from "~/features/catalog/visibility.server";
import type { EditorItem } from "./editor-items";
import { findListPage } from "./list-page.server";
import type { ListQuery } from "./list-query";

const parentItem = alias(priceListItem, "parent_item");

/**
 * The list's items as the price editor shows them: both names, pack, SKU, category,
 * availability, the parent list's price beside it, and when its price last changed.
 */
function selectEditorItems(listId: string, lang: Lang, where: SQL) {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const other = lang === "es" ? product.nameEn : product.nameEs;
  const parentId = sql`(select ${priceList.parentId} from ${priceList} where ${priceList.id} = ${listId})`;
  return db()
    .select({
      productId: product.id,
      slug: product.slug,
      name,
      otherName: other,
      sku: product.sku,
      category: product.category,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      availability: product.availability,
      ...visibilityColumns,
      priceCents: priceListItem.priceCents,
      parentCents: parentItem.priceCents,
      pricedDay: businessDayOf(priceListItem.updatedAt),
    })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .leftJoin(parentItem, and(eq(parentItem.productId, product.id), eq(parentItem.priceListId, parentId)))
    .where(where)
    .$dynamic();
}

type EditorRow = Awaited<ReturnType<ReturnType<typeof selectEditorItems>["execute"]>>[number];

function toEditorItem(r: EditorRow): EditorItem {
  return {
    productId: r.productId,
    slug: r.slug,
    name: r.name,
    otherName: r.otherName === r.name ? null : r.otherName,
    sku: r.sku,
    category: r.category,
    unit: r.unit,
    packValue: r.packValue === null ? null : Number(r.packValue),
    packUnit: r.packUnit,
    available: r.availability !== "out_of_stock",
    visible: isVisibleToBuyers(r),
    priceCents: r.priceCents,
    parentCents: r.parentCents,
    pricedDay: r.pricedDay,
  };
}

/** Every item of the list, by category and name. */
export async function findEditorItems(listId: string, lang: Lang): Promise<EditorItem[]> {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const rows = await selectEditorItems(listId, lang, eq(priceListItem.priceListId, listId)).orderBy(
    asc(categoryRank(lang)),
    alphabetical(name, lang),
    asc(product.id),
  );
  // Archived products are left out here rather than in SQL, for the reason findPriceItems gives.
  return rows.filter((r) => r.archivedAt === null).map(toEditorItem);
}

/** One page of a long list's items, searched, filtered and ordered by the database. */
export async function findEditorPage(listId: string, lang: Lang, query: ListQuery) {
  return findListPage(
    { listId, lang, query, buyersOnly: false, staffSearch: true },
    async (where, order, limit, offset) =>
      (
        await selectEditorItems(listId, lang, where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toEditorItem),
  );
}

/** The items of these products still in the list (and not archived): a draft's edits typed on other pages. */
export async function findEditorItemsOf(listId: string, lang: Lang, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  const rows = await selectEditorItems(
    listId,
    lang,
    and(
      eq(priceListItem.priceListId, listId),
      sql`${priceListItem.productId} = any(${sql.param([...productIds])}::uuid[])`,
    )!,
  );
  return rows.filter((r) => r.archivedAt === null).map(toEditorItem);
}
