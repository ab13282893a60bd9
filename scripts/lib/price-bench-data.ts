import { eq } from "drizzle-orm";
import { initAuth, resetAuthForTests } from "../../app/auth/auth.server";
import { closeDatabase, db, openDatabase, type OpenOptions } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { product, user } from "../../app/db/schema";
import { searchKey } from "../../app/lib/search";
import { demoAccounts, seedProducts } from "../../app/setup/seed-data";
import { seedCatalog, seedDemoAccounts } from "../../app/setup/seed.server";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";

/** The size of the price list the price page benchmarks use. */
export const BENCH_PRODUCTS = 2_000;

export type PriceBenchList = { listId: string; slug: string; productIds: string[]; sellerId: string };

/**
 * Opens a database in this process (migrated, auth ready) for the length of `fn`, then closes it:
 * the embedded one in `dataDir` must be closed before a server opens it.
 */
export async function withBenchDatabase<T>(options: OpenOptions, fn: () => Promise<T>) {
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle);
    await initAuth();
    return await fn();
  } finally {
    resetAuthForTests();
    await closeDatabase();
  }
}

/**
 * The demo data (catalogue, price lists, the demo accounts) plus `count` more products, made from
 * the demo ones with numbered names, and one price list holding exactly those, created and filled
 * by the seller through the price list functions the screens use.
 */
export async function seedPriceBench(count = BENCH_PRODUCTS): Promise<PriceBenchList> {
  await seedCatalog();
  await seedDemoAccounts();
  const seller = demoAccounts.find((a) => a.role === "seller")!;
  const [sellerRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, seller.email));
  if (!sellerRow) throw new Error(`The demo seller ${seller.email} is missing.`);
  const rows = Array.from({ length: count }, (_, i) => {
    const base = seedProducts[i % seedProducts.length];
    const lot = Math.floor(i / seedProducts.length) + 1;
    return {
      slug: `${base.slug}-lot-${lot}`,
      nameEn: `${base.en} lot ${lot}`,
      nameEs: `${base.es} lote ${lot}`,
      searchKey: searchKey(`${base.en} lot ${lot}`, `${base.es} lote ${lot}`),
      category: base.category,
      basePriceCents: base.cents + lot,
      unit: base.unit,
      packValue: base.packValue?.toString() ?? null,
      packUnit: base.packUnit ?? null,
    };
  });
  const productIds: string[] = [];
  // Batched: one insert of 2,000 rows would bind more parameters than a statement is best given.
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db()
      .insert(product)
      .values(rows.slice(i, i + 500))
      .returning({ id: product.id });
    productIds.push(...inserted.map((r) => r.id));
  }
  const actor = { id: sellerRow.id };
  const list = await createPriceList(actor, {
    ...emptyListInput(`Benchmark ${count} products`),
    description: "Made by npm run bench.",
  });
  await addProductsToList(actor, list.id, productIds);
  return { listId: list.id, slug: list.slug, productIds, sellerId: sellerRow.id };
}
