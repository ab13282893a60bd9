import { asc, inArray } from "drizzle-orm";
import type { Lang } from "~/i18n/config";
import { can } from "~/auth/permissions";
import { db } from "~/db/client.server";
import { priceListItem, product } from "~/db/schema";
import { isCategory } from "~/features/catalog/categories";
import { isVisibleToBuyers, visibilityColumns } from "~/features/catalog/visibility.server";
import { findCustomerList, findFirstListForStaff, listPriceListNames } from "~/features/price-lists/lists.server";
import type { AssistantCatalog, AssistantList, AssistantProduct, AssistantRole } from "./engine/types";

/**
 * The catalogue as the person may read it, for the assistant's engine: products staff sell
 * (active, not archived; for a customer only those they may see, hidden ones and imported ones
 * their list does not price left out: docs/decisions/026-imported-products-review.md), the lists
 * the person may read (a customer: only their own) and the prices of those lists, in two queries
 * whatever the number of lists.
 */
export async function loadAssistantCatalog(
  user: { id: string; role: AssistantRole },
  lang: Lang,
): Promise<{ catalog: AssistantCatalog; defaultList: AssistantList | null }> {
  const staff = can(user, "prices:view-all-lists");
  const own = staff ? null : await findCustomerList(user.id);
  const lists: AssistantList[] = staff
    ? await listPriceListNames(lang)
    : own
      ? [{ id: own.id, slug: own.slug, name: own.name, nameEs: own.nameEs }]
      : [];
  const [productRows, itemRows] = await Promise.all([
    db()
      .select({
        id: product.id,
        slug: product.slug,
        nameEn: product.nameEn,
        nameEs: product.nameEs,
        category: product.category,
        unit: product.unit,
        packValue: product.packValue,
        packUnit: product.packUnit,
        ...visibilityColumns,
      })
      .from(product)
      .orderBy(asc(product.category), asc(product.nameEn), asc(product.id)),
    lists.length === 0
      ? Promise.resolve([])
      : db()
          .select({
            listId: priceListItem.priceListId,
            productId: priceListItem.productId,
            priceCents: priceListItem.priceCents,
          })
          .from(priceListItem)
          .where(
            inArray(
              priceListItem.priceListId,
              lists.map((l) => l.id),
            ),
          ),
  ]);
  // Filtered here rather than in SQL, as findBuyerItems does: with statistics lagging on a freshly
  // loaded catalogue, the extra conditions made PostgreSQL pick a far slower plan.
  const ownPrices = new Map(itemRows.map((i) => [i.productId, i.priceCents]));
  const products: AssistantProduct[] = productRows
    .filter((r) =>
      staff ? r.active && r.archivedAt === null : isVisibleToBuyers({ ...r, priceCents: ownPrices.get(r.id) ?? null }),
    )
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      nameEn: r.nameEn,
      nameEs: r.nameEs || null,
      category: isCategory(r.category) ? r.category : null,
      unit: r.unit,
      packValue: r.packValue === null ? null : Number(r.packValue),
      packUnit: r.packUnit,
    }));
  const sold = new Set(products.map((p) => p.id));
  const prices = new Map<string, Map<string, number | null>>(lists.map((l) => [l.id, new Map()]));
  for (const item of itemRows) {
    if (sold.has(item.productId)) prices.get(item.listId)?.set(item.productId, item.priceCents);
  }
  const defaultList = staff ? await staffDefaultList(lang) : (lists[0] ?? null);
  return { catalog: { products, lists, prices }, defaultList };
}

async function staffDefaultList(lang: Lang): Promise<AssistantList | null> {
  const first = await findFirstListForStaff(lang);
  return first ? { id: first.id, slug: first.slug, name: first.name, nameEs: first.nameEs } : null;
}
