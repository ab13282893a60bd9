import { and, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { product } from "~/db/schema";
import { findPublicPriceListId } from "~/features/catalog/products.server";
import { visibleToBuyers } from "~/features/catalog/visibility.server";
import { popularProducts } from "./content";

/**
 * The landing page's popular products a visitor can open: one staff hid (or archived) is left out
 * rather than linked to a missing page (docs/decisions/026-imported-products-review.md).
 */
export async function findVisiblePopularSlugs(): Promise<string[]> {
  const listId = await findPublicPriceListId();
  const rows = await db()
    .select({ slug: product.slug })
    .from(product)
    .where(
      and(
        inArray(
          product.slug,
          popularProducts.map((p) => p.slug),
        ),
        visibleToBuyers(listId),
      ),
    );
  return rows.map((r) => r.slug);
}
