import { existsSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import { seedProducts } from "../../app/setup/seed-data";
import { demoImageKey } from "../../app/setup/seed-images.server";
import { seedPriceBench, type PriceBenchList } from "./price-bench-data";

export type PrintBenchList = PriceBenchList & { imageKeys: string[] };

/**
 * The price benchmarks' list, with every product carrying the demo picture of the demo product it
 * was made from: a sheet with pictures is only as slow as the pictures it really draws. The server
 * renders the demo pictures into its DATA_DIR when it starts on a seeded database.
 */
export async function seedPrintBench(): Promise<PrintBenchList> {
  const list = await seedPriceBench();
  const keyOfBase = new Map(seedProducts.map((p) => [p.slug, demoImageKey(p.emoji)]));
  const rows = await db()
    .select({ id: product.id, slug: product.slug })
    .from(product)
    .where(inArray(product.id, list.productIds));
  const idsByKey = new Map<string, string[]>();
  for (const row of rows) {
    // Benchmark products are named `<demo slug>-lot-<n>` by seedPriceBench.
    const key = keyOfBase.get(row.slug.replace(/-lot-\d+$/, ""));
    if (!key) throw new Error(`The benchmark product ${row.slug} was not made from a demo product.`);
    idsByKey.set(key, [...(idsByKey.get(key) ?? []), row.id]);
  }
  for (const [imageKey, ids] of idsByKey) {
    await db().update(product).set({ imageKey }).where(inArray(product.id, ids));
  }
  return { ...list, imageKeys: [...idsByKey.keys()] };
}

/** The pictures a sheet of the list draws must be files of the server's uploads, or it draws empty frames. */
export function assertPicturesExist(dataDir: string, imageKeys: string[]) {
  const missing = imageKeys.filter((key) => !existsSync(path.join(dataDir, "uploads", key)));
  if (missing.length > 0) {
    throw new Error(
      `${missing.length} of the ${imageKeys.length} demo pictures are missing from ${path.join(dataDir, "uploads")}, e.g. ${missing[0]}.`,
    );
  }
}
