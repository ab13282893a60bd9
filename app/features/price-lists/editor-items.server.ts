import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { priceList, priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { businessDayOf } from "~/features/catalog/sql.server";
import { isVisibleToBuyers, visibilityColumns } from "~/features/catalog/visibility.server";
import type { EditorItem } from "./editor-items";

const parentItem = alias(priceListItem, "parent_item");

/**
 * Every item of the list as the price editor shows it: both names, pack, SKU, category,
 * availability, the parent list's price beside it, and when its price last changed.
 */
export async function findEditorItems(listId: string, lang: Lang): Promise<EditorItem[]> {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const other = lang === "es" ? product.nameEn : product.nameEs;
  const parentId = sql`(select ${priceList.parentId} from ${priceList} where ${priceList.id} = ${listId})`;
  const rows = await db()
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
    .where(eq(priceListItem.priceListId, listId))
    .orderBy(asc(sql`coalesce(${product.category}, 'zzz')`), asc(sql`lower(${name})`), asc(product.id));
  // Archived products are left out here rather than in SQL, for the reason findPriceItems gives.
  return rows
    .filter((r) => r.archivedAt === null)
    .map((r) => ({
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
    }));
}
