import { sql } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import { db } from "~/db/client.server";
import { product } from "~/db/schema";
import { searchKey } from "~/lib/search";

const BATCH = 1_000;

/**
 * Writes the search key (docs/decisions/028-search.md) of every product whose stored key is not
 * what app/lib/search.ts makes of its names today: products from before the key existed, all of
 * them after the normaliser or the aliases change, and any written by a path that left it out.
 * Run at every start; a second run finds nothing to do. A product renamed meanwhile is left to
 * the write that renamed it, which keyed it.
 */
export async function refreshProductSearchKeys() {
  const rows = await db()
    .select({ id: product.id, nameEn: product.nameEn, nameEs: product.nameEs, stored: product.searchKey })
    .from(product);
  const stale = rows.flatMap((r) => {
    const key = searchKey(r.nameEn, r.nameEs);
    return key === r.stored ? [] : [{ ...r, key }];
  });
  for (let i = 0; i < stale.length; i += BATCH) {
    const part = stale.slice(i, i + BATCH);
    await db().execute(sql`
      update ${product} as p set search_key = v.key
      from ${unnestRows(
        [
          [part.map((r) => r.id), "uuid"],
          [part.map((r) => r.nameEn), "text"],
          [part.map((r) => r.nameEs), "text"],
          [part.map((r) => r.key), "text"],
        ],
        ["id", "name_en", "name_es", "key"],
      )}
      where p.id = v.id and p.name_en = v.name_en and p.name_es = v.name_es`);
  }
  return stale.length;
}
