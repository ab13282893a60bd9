import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { checkData, PROBLEMS_LISTED, type DataCheckId, type DataCheckResult } from "../../app/db/check-data.server";
import { db, withTransaction, type Tx } from "../../app/db/client.server";
import { importBatch, importRow, importRun, priceHistory, priceList, priceListItem, product } from "../../app/db/schema";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import {
  addProductsToList,
  reapplyFromParent,
  removeProductsFromList,
  savePriceEdits,
} from "../../app/features/price-lists/items.server";
import {
  createPriceList,
  deletePriceList,
  restoreDeletedPriceList,
  updatePriceList,
} from "../../app/features/price-lists/lists.server";
import { restoreVersion, saveVersion } from "../../app/features/price-lists/versions.server";
import { seedProducts } from "../../app/setup/seed-data";
import { seedCatalog } from "../../app/setup/seed.server";
import { runScript } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

let seller: SessionUser;
let wholesale: typeof priceList.$inferSelect;
let hotels: { id: string; slug: string };

const idOf = async (slug: string) =>
  (await db().select({ id: product.id }).from(product).where(eq(product.slug, slug)))[0].id;
const listBySlug = async (slug: string) => (await db().select().from(priceList).where(eq(priceList.slug, slug)))[0];

/** The checks that found something, by id. */
const failing = (results: DataCheckResult[]) => results.filter((r) => r.count > 0).map((r) => r.id);
const problemsOf = (results: DataCheckResult[], id: DataCheckId) => results.find((r) => r.id === id)!.problems;

class Undo extends Error {}

/** Breaks the data inside a transaction, checks it there, and rolls the breakage back. */
async function checkBroken(breakIt: (tx: Tx) => Promise<unknown>) {
  let results: DataCheckResult[] = [];
  await withTransaction(async (tx) => {
    await breakIt(tx);
    results = await checkData(tx);
    throw new Undo();
  }).catch((error: unknown) => {
    if (!(error instanceof Undo)) throw error;
  });
  return results;
}

beforeAll(async () => {
  await seedCatalog();
  seller = await makeUser("seller");
  wholesale = await listBySlug("wholesale");
});

describe(`the seed (${test.kind})`, () => {
  it("writes an initial history row for every seeded price, in each list's first revision", async () => {
    const items = await db().select().from(priceListItem);
    const initial = await db().select().from(priceHistory).where(eq(priceHistory.source, "initial"));
    expect(items).toHaveLength(seedProducts.length * 3);
    expect(initial).toHaveLength(items.length);
    const key = (listId: string | null, productId: string) => `${listId}:${productId}`;
    const rows = new Map(initial.map((h) => [key(h.priceListId, h.productId), h]));
    for (const item of items) {
      expect(rows.get(key(item.priceListId, item.productId))).toMatchObject({
        oldPriceCents: null,
        newPriceCents: item.priceCents,
        listRevision: 1,
        authorId: null,
      });
    }
    expect((await db().select({ revision: priceList.revision }).from(priceList)).map((l) => l.revision)).toEqual([
      1, 1, 1,
    ]);
  });
});

describe(`the data check (${test.kind})`, () => {
  it("passes on a freshly seeded database", async () => {
    const results = await checkData();
    expect(results.map((r) => r.id)).toEqual(["price-items", "list-revisions", "slugs", "import-batches"]);
    expect(results.filter((r) => r.count > 0)).toEqual([]);
  });

  it(
    "passes after prices went through every write path: edits, a copy, add, remove, re-apply, versions, rename, delete and restore, an import",
    { timeout: 120_000 },
    async () => {
      const mango = await idOf("mangoes");
      const avocado = await idOf("aguacates");
      await savePriceEdits(seller, wholesale.id, [{ productId: mango, priceCents: 1999 }], {
        expectedRevision: wholesale.revision,
      });
      hotels = await createPriceList(seller, {
        name: "Hotels",
        nameEs: "Hoteles",
        description: null,
        descriptionEs: null,
        sourceId: wholesale.id,
        adjustmentType: "percentage",
        adjustmentValue: 1000,
        isPublic: false,
        isDefaultForCustomers: false,
        isTemplate: false,
      });
      await removeProductsFromList(seller, hotels.id, [avocado]);
      await addProductsToList(seller, hotels.id, [avocado]);
      const version = await saveVersion(seller, hotels.id, "before the morning");
      await savePriceEdits(seller, wholesale.id, [{ productId: avocado, priceCents: 5500 }]);
      await reapplyFromParent(seller, hotels.id);
      await restoreVersion(seller, hotels.id, version.number);
      const hotelList = await listBySlug(hotels.slug);
      await updatePriceList(seller, hotels.id, {
        name: "Hotels and resorts",
        nameEs: "Hoteles y resorts",
        description: null,
        descriptionEs: null,
        isPublic: false,
        isDefaultForCustomers: false,
        isTemplate: false,
        revision: hotelList.revision,
      });
      await deletePriceList(seller, hotels.id);
      await restoreDeletedPriceList(seller, hotels.id);
      // Renaming, deleting and restoring moved the revision with no price changed: ahead of its history is right.
      const [{ latest }] = await db()
        .select({ latest: sql<number>`max(${priceHistory.listRevision})` })
        .from(priceHistory)
        .where(eq(priceHistory.priceListId, hotels.id));
      expect((await listBySlug(hotels.slug)).revision).toBe(Number(latest) + 3);
      expect(failing(await checkData())).toEqual([]);
      const imported = await importQuickBooksFile({
        actor: seller,
        fileName: "qbo_small.csv",
        bytes: readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_small.csv")),
        listSlug: hotels.slug,
        batchSize: 20,
        mode: "cli",
      });
      if (!imported.ok) throw new Error("qbo_small.csv refused");
      expect((await db().select({ n: count() }).from(importBatch))[0].n).toBeGreaterThan(1);

      const results = await checkData();
      expect(results.filter((r) => r.count > 0)).toEqual([]);
    },
  );

  describe("says what is wrong when a price is not its history's", () => {
    it("a price changed beside the history", async () => {
      const mango = await idOf("mangoes");
      const results = await checkBroken((tx) =>
        tx
          .update(priceListItem)
          .set({ priceCents: 1234 })
          .where(and(eq(priceListItem.priceListId, wholesale.id), eq(priceListItem.productId, mango))),
      );
      expect(failing(results)).toEqual(["price-items"]);
      expect(problemsOf(results, "price-items")).toEqual([
        "In “Wholesale”, “Tommy Atkins Mangoes” (SKU MNG-T9) is priced $12.34, but its latest history row (screen) says $19.99.",
      ]);
    });

    it("a price without any history", async () => {
      const sandia = await idOf("sandia");
      const customers = await listBySlug("customers");
      const results = await checkBroken((tx) =>
        tx
          .delete(priceHistory)
          .where(and(eq(priceHistory.priceListId, customers.id), eq(priceHistory.productId, sandia))),
      );
      expect(failing(results)).toEqual(["price-items"]);
      expect(problemsOf(results, "price-items")).toEqual([
        "In “Customers”, “Seedless Watermelon” is priced $23.28 and has no price history row at all.",
      ]);
    });

    it("a product gone from a list whose history still prices it", async () => {
      const sandia = await idOf("sandia");
      const results = await checkBroken((tx) =>
        tx
          .delete(priceListItem)
          .where(and(eq(priceListItem.priceListId, wholesale.id), eq(priceListItem.productId, sandia))),
      );
      expect(failing(results)).toEqual(["price-items"]);
      expect(problemsOf(results, "price-items")).toEqual([
        "In “Wholesale”, “Seedless Watermelon” is not in the list, but its latest history row (initial) gives it $24.50.",
      ]);
    });

    it("lists the first few and counts them all", async () => {
      const results = await checkBroken((tx) => tx.update(priceListItem).set({ priceCents: 1 }));
      const items = (await db().select({ n: count() }).from(priceListItem))[0].n;
      const check = results.find((r) => r.id === "price-items")!;
      expect(check.count).toBe(items);
      expect(check.problems).toHaveLength(PROBLEMS_LISTED);
    });
  });

  describe("says what is wrong when a list's revision does not match its history", () => {
    it("a list behind its history", async () => {
      const results = await checkBroken((tx) =>
        tx.update(priceList).set({ revision: 1 }).where(eq(priceList.id, wholesale.id)),
      );
      expect(failing(results)).toEqual(["list-revisions"]);
      expect(problemsOf(results, "list-revisions")).toEqual([
        "“Wholesale” is at revision 1, but its price history records a change that made revision 3.",
      ]);
    });

    it("a history row that names no revision", async () => {
      const results = await checkBroken((tx) =>
        tx.execute(sql`update ${priceHistory} set list_revision = null
          where id = (select min(id) from ${priceHistory} where price_list_id = ${wholesale.id})`),
      );
      expect(failing(results)).toEqual(["list-revisions"]);
      expect(problemsOf(results, "list-revisions")).toEqual([
        "“Wholesale”: 1 price history row(s) name no list revision.",
      ]);
    });

    it("one revision written by two changes", async () => {
      const results = await checkBroken((tx) =>
        tx.execute(sql`update ${priceHistory} set list_revision = 1
          where price_list_id = ${wholesale.id} and list_revision = 2`),
      );
      expect(failing(results)).toEqual(["list-revisions"]);
      const [problem] = problemsOf(results, "list-revisions");
      expect(problem).toContain("“Wholesale”, revision 1:");
      expect(problem).toContain(`its ${seedProducts.length + 1} price history rows were written by more than one change`);
      expect(problem).toContain("sources initial, screen");
    });
  });

  describe("says what is wrong when a slug is missing or malformed", () => {
    it("a product without a slug, one with a reserved slug, a list with a malformed one", async () => {
      const results = await checkBroken(async (tx) => {
        await tx.update(product).set({ slug: "" }).where(eq(product.slug, "mangoes"));
        await tx.update(product).set({ slug: "manage", sku: "SW-60" }).where(eq(product.slug, "sandia"));
        await tx.update(priceList).set({ slug: "Whole Sale" }).where(eq(priceList.id, wholesale.id));
      });
      expect(failing(results)).toEqual(["slugs"]);
      expect(problemsOf(results, "slugs")).toEqual([
        "Product “Seedless Watermelon” (SKU SW-60) has the slug “manage”: a word an address of the site already uses.",
        "Product “Tommy Atkins Mangoes” (SKU MNG-T9) has no slug.",
        "Price list “Wholesale” has the slug “Whole Sale”: not lowercase letters and digits joined by single hyphens.",
      ]);
    });
  });

  describe("says what is wrong when an import batch was applied twice", () => {
    const firstBatch = async () => {
      const [run] = await db().select().from(importRun).limit(1);
      return { run, where: and(eq(importBatch.runId, run.id), eq(importBatch.number, 1)) };
    };

    it("a batch's rows stored twice", async () => {
      const { run } = await firstBatch();
      const results = await checkBroken((tx) =>
        tx.execute(sql`insert into ${importRow} (run_id, row_number, batch_number, source_name, raw)
          select run_id, row_number, batch_number, source_name, raw from ${importRow}
          where run_id = ${run.id} and batch_number = 1`),
      );
      expect(failing(results)).toEqual(["import-batches"]);
      expect(problemsOf(results, "import-batches")).toEqual([
        `Import ${run.id} of “qbo_small.csv” into “Hotels and resorts”, batch 1: 20 row(s) stored up to 2 times, so the batch was applied more than once.`,
      ]);
    });

    it("a batch's rows stored while the batch is not recorded applied", async () => {
      const { run, where } = await firstBatch();
      const retrying = await checkBroken((tx) => tx.update(importBatch).set({ status: "retrying" }).where(where));
      expect(failing(retrying)).toEqual(["import-batches"]);
      expect(problemsOf(retrying, "import-batches")).toEqual([
        `Import ${run.id} of “qbo_small.csv” into “Hotels and resorts”, batch 1: 20 row(s) stored, but the batch is recorded as retrying, not applied or failed.`,
      ]);
      const missing = await checkBroken((tx) => tx.delete(importBatch).where(where));
      expect(problemsOf(missing, "import-batches")[0]).toContain("but the batch is not recorded, not applied or failed.");
    });
  });

  it("accepts a database seeded before the seed wrote history, once migrated", async () => {
    const migration = readFileSync(path.resolve("drizzle/0012_initial_price_history.sql"), "utf8");
    const results = await checkBroken(async (tx) => {
      // The seed's lists as an earlier seed left them: items, no history.
      await tx.delete(priceHistory).where(eq(priceHistory.source, "initial"));
      expect(failing(await checkData(tx))).toEqual(["price-items"]);
      await tx.execute(sql.raw(migration));
    });
    expect(failing(results)).toEqual([]);
  });
});

describe(`npm run check-data (${test.kind})`, () => {
  const dataDir = path.resolve(".tmp", `check-data-${test.kind}-${process.pid}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: test.kind === "postgres" ? test.url : undefined };

  /** Changes the database the command reads, outside this process's connection when it is PGlite. */
  async function alter(statement: string) {
    if (test.kind === "postgres") return db().execute(sql.raw(statement));
    const pglite = await PGlite.create(path.join(dataDir, "pg"));
    try {
      await pglite.exec(statement);
    } finally {
      await pglite.close();
    }
  }

  it(
    "prints each check and exits 0 when all pass, 1 with what is wrong when one fails",
    { timeout: 180_000 },
    async () => {
      if (test.kind === "pglite") {
        const seeded = await runScript("scripts/seed.ts", [], env);
        expect(seeded.code, seeded.output).toBe(0);
      }
      const passed = await runScript("scripts/check-data.ts", [], env);
      expect(passed.code, passed.output).toBe(0);
      expect(passed.stdout).toContain(
        test.kind === "postgres" ? "Checked PostgreSQL (DATABASE_URL):" : `Checked the embedded database in ${dataDir}:`,
      );
      expect(passed.stdout).toContain("ok    Every price in a list is the one its latest price history row gives.");
      expect(passed.stdout).toContain("All 4 checks passed.");

      await alter(`update product set slug = 'Bad Slug' where slug = 'limes'`);
      try {
        const failed = await runScript("scripts/check-data.ts", [], env);
        expect(failed.code, failed.output).toBe(1);
        expect(failed.stdout).toContain("FAIL  Every product and price list has a slug");
        expect(failed.stdout).toContain(
          "- Product “Persian Limes” has the slug “Bad Slug”: not lowercase letters and digits joined by single hyphens.",
        );
        expect(failed.stdout).toContain("1 of 4 checks failed.");
      } finally {
        await alter(`update product set slug = 'limes' where slug = 'Bad Slug'`);
      }
    },
  );

  it.skipIf(test.kind === "postgres")(
    "says so and changes nothing when the site holds the embedded database, or there is none",
    { timeout: 60_000 },
    async () => {
      writeFileSync(
        path.join(dataDir, "app.lock"),
        JSON.stringify({ pid: process.pid, holder: "the web server (npm start)" }),
      );
      try {
        const locked = await runScript("scripts/check-data.ts", [], env);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain(`is in use by the web server (npm start) (process ${process.pid})`);
        expect(locked.stderr).toContain("Stop that process first");
        expect(locked.output).not.toMatch(/\n\s+at /);
      } finally {
        rmSync(path.join(dataDir, "app.lock"), { force: true });
      }
      const none = await runScript("scripts/check-data.ts", [], { DATA_DIR: path.join(dataDir, "none") });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain("There is no embedded database in");
      expect(none.output).not.toMatch(/\n\s+at /);
    },
  );
});
