import { eq, sql } from "drizzle-orm";
import { unnestRows } from "../../app/db/bulk.server";
import { db } from "../../app/db/client.server";
import { priceList, priceListItem, product } from "../../app/db/schema";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { searchKey } from "../../app/lib/search";
import { seedProducts } from "../../app/setup/seed-data";

/** The size of list every page that shows a list must open (docs/decisions/030-price-desk.md). */
export const BIG_LIST_ITEMS = 60_000;

/** One product of the big list as it was written, for a test to work out what a page must show. */
export type BigListProduct = {
  id: string;
  nameEn: string;
  nameEs: string;
  searchKey: string;
  category: string;
  priceCents: number;
  inStock: boolean;
  pricedToday: boolean;
};

export type BigList = { listId: string; slug: string; products: BigListProduct[] };

/**
 * `count` products made from the demo catalogue's with numbered names ("Mangos lot 7", "Mango
 * lote 7"), in its categories, one in seven out of stock, and one list holding them all, priced
 * from the product's price, one in ten priced today and the rest three days ago. Written with one
 * statement a table (app/db/bulk.server.ts): the list's own write path would add 60,000 products
 * with a history row and a parameter each.
 */
export async function insertBigList(actorId: string, count = BIG_LIST_ITEMS): Promise<BigList> {
  const rows = Array.from({ length: count }, (_, i) => {
    const base = seedProducts[i % seedProducts.length];
    const lot = Math.floor(i / seedProducts.length) + 1;
    const nameEn = `${base.en} lot ${lot}`;
    const nameEs = `${base.es} lote ${lot}`;
    return {
      slug: `${base.slug}-big-${lot}`,
      nameEn,
      nameEs,
      searchKey: searchKey(nameEn, nameEs),
      category: base.category,
      priceCents: base.cents + (lot % 500),
      unit: base.unit,
      packValue: base.packValue ?? null,
      packUnit: base.packUnit ?? null,
      inStock: i % 7 !== 3,
      pricedToday: i % 10 === 0,
    };
  });
  const inserted = await db().execute<{ id: string }>(sql`
    insert into ${product} (slug, name_en, name_es, search_key, category, base_price_cents, unit, pack_value,
      pack_unit, availability)
    ${unnestRows([
      [rows.map((r) => r.slug), "text"],
      [rows.map((r) => r.nameEn), "text"],
      [rows.map((r) => r.nameEs), "text"],
      [rows.map((r) => r.searchKey), "text"],
      [rows.map((r) => r.category), "text"],
      [rows.map((r) => r.priceCents), "integer"],
      [rows.map((r) => r.unit), "text"],
      [rows.map((r) => r.packValue), "numeric"],
      [rows.map((r) => r.packUnit), "text"],
      [rows.map((r) => (r.inStock ? "in_stock" : "out_of_stock")), "text"],
    ])}
    returning id`);
  // Both drivers return the rows in the order unnest gave them.
  const ids = ("rows" in inserted ? inserted.rows : (inserted as unknown as { id: string }[])).map((r) => r.id);
  const list = await createPriceList(
    { id: actorId },
    { ...emptyListInput(`Big list ${count.toLocaleString("en-US")}`), description: null },
  );
  const now = Date.now();
  const threeDaysAgo = now - 3 * 86_400_000;
  await db().execute(sql`
    insert into ${priceListItem} (price_list_id, product_id, price_cents, created_at, updated_at)
    select ${list.id}::uuid, v.product_id, v.price, v.at, v.at
    from ${unnestRows(
      [
        [ids, "uuid"],
        [rows.map((r) => r.priceCents), "integer"],
        [rows.map((r) => new Date(r.pricedToday ? now : threeDaysAgo)), "timestamptz"],
      ],
      ["product_id", "price", "at"],
    )}`);
  // As autovacuum would after a load this size: the planner needs to know the tables grew.
  await db().execute(sql`analyze ${product}`);
  await db().execute(sql`analyze ${priceListItem}`);
  const [{ slug }] = await db().select({ slug: priceList.slug }).from(priceList).where(eq(priceList.id, list.id));
  return {
    listId: list.id,
    slug,
    products: rows.map((r, i) => ({
      id: ids[i],
      nameEn: r.nameEn,
      nameEs: r.nameEs,
      searchKey: r.searchKey,
      category: r.category,
      priceCents: r.priceCents,
      inStock: r.inStock,
      pricedToday: r.pricedToday,
    })),
  };
}
