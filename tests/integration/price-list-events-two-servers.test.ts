import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { product, user } from "../../app/db/schema";
import { seedDemoAccounts } from "../../app/setup/seed.server";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { PriceEventStream, saveEditedPrice } from "../../scripts/lib/price-event-stream";
import { demoEmails, signIn, startAppServer, type AppServer } from "../support/server";
import { useTestDatabase } from "../support/test-db";

/**
 * The scale path (docs/decisions/024-budgets-and-rules.md): two app processes on one PostgreSQL. A
 * page that follows a list on server B hears a price saved through server A's editor (NOTIFY in A's
 * transaction, B's own LISTEN connection), B's listener comes back after its connection is cut and
 * tells the page to resynchronise, and the session made on A is good on B.
 */
const onPostgres = process.env.TEST_DB === "postgres";
const test = onPostgres ? await useTestDatabase() : null;

let serverA: AppServer;
let serverB: AppServer;
let cookie: string;
let slug: string;
let productId: string;

beforeAll(async () => {
  if (!test) return;
  await seedDemoAccounts();
  const [seller] = await db()
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.email} = ${demoEmails.seller}`);
  const [row] = await db()
    .insert(product)
    .values({ slug: "papaya", nameEn: "Papaya", nameEs: "Papaya", basePriceCents: 150, category: "fruits" })
    .returning({ id: product.id });
  productId = row.id;
  const list = await createPriceList(seller, emptyListInput("Two servers"));
  slug = list.slug;
  await addProductsToList(seller, list.id, [productId]);
  [serverA, serverB] = await Promise.all([
    startAppServer({ databaseUrl: test.url, trustProxy: true }),
    startAppServer({ databaseUrl: test.url, trustProxy: true }),
  ]);
  cookie = await signIn(serverA.url, demoEmails.seller);
}, 300_000);

afterAll(async () => {
  await Promise.all([serverA?.stop(), serverB?.stop()]);
});

// Skipped on PGlite: two processes cannot open one embedded database
// (docs/decisions/008-data-dir-lock.md), so there is nothing to share.
describe.skipIf(!onPostgres)(
  "price list events across two server processes on one PostgreSQL (skipped unless TEST_DB=postgres)",
  () => {
    it("delivers a price saved through server A to a page following the list on server B", async () => {
      // Signed in on A: the session lives in the database, so B knows it too.
      const stream = await PriceEventStream.open(serverB.url, slug, { cookie });
      try {
        const arrival = stream.nextChange();
        await saveEditedPrice(serverA.url, cookie, slug, { productId, price: "3.25" });
        await arrival;
        // The page's reload on B then shows what was saved on A.
        const page = await fetch(`${serverB.url}/pricesprivate/${slug}`, { headers: { cookie } });
        expect(page.status).toBe(200);
        const row = (await page.text()).match(/<tr[^>]*data-product="papaya"[\s\S]*?<\/tr>/)?.[0];
        expect(row).toContain("$3.25");
      } finally {
        stream.close();
      }
      expect(serverA.errors()).toEqual([]);
      expect(serverB.errors()).toEqual([]);
    });

    it("resynchronises B's page after B's listening connection is cut, then hears A again", async () => {
      const stream = await PriceEventStream.open(serverB.url, slug, { cookie });
      try {
        // Each server listens (its public page cache does from the start); cut both connections
        // from the database's side.
        const cut = await db().execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen price_list_changed%' and pid <> pg_backend_pid()`,
        );
        expect(cut.rows).toHaveLength(2);
        // B listens again (after its first back-off step) and tells the page it may have missed changes.
        await stream.nextChange(15_000);
        const arrival = stream.nextChange();
        await saveEditedPrice(serverA.url, cookie, slug, { productId, price: "4.10" });
        await arrival;
      } finally {
        stream.close();
      }
    }, 30_000);
  },
);
