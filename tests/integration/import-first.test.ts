/**
 * The first import into a catalogue that already exists (docs/decisions/027-first-import-matching.md):
 * the demo catalogue, typed without QuickBooks IDs, meets the shared qbo_small.csv. Its products
 * are linked, not duplicated; near matches are proposed, not applied; staff's choices are checked
 * before anything is written; a re-import changes nothing; the command line's dry run, the run
 * and the counts agree row by row.
 */
import { readFileSync } from "node:fs";
import { count, eq, isNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { appSetting, importRun, product } from "../../app/db/schema";
import { nameKey, packKey } from "../../app/features/imports/engine/plan/match";
import { applyImportBatch } from "../../app/features/imports/run/batch.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { finishImportRun, startImportRun } from "../../app/features/imports/run/run.server";
import { allRunRows } from "../../app/features/imports/run/import-file.server";
import { indexExisting, planImport, understandFile } from "../../app/features/imports/engine";
import { matchKeys } from "../../app/features/imports/engine/plan/plan";
import { asPlanned } from "../../app/features/imports/engine/results";
import { planRequestChunks, type ImportActionResult } from "../../app/features/imports/screen/schema";
import { action as screenAction } from "../../app/routes/import-quickbooks";
import type { SessionUser } from "../../app/context";
import { BASE_URL, callRoute, routeContext } from "../support/route-context";
import { Refusal } from "../../app/lib/refusal";
import { seedCatalog } from "../../app/setup/seed.server";
import { seedProducts } from "../../app/setup/seed-data";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();
const FILE = readFileSync("tests/fixtures/quickbooks/qbo_small.csv");

/** The demo products the file's items are, by the file's row: each must be linked, never duplicated. */
const LINKED: Record<number, string> = {
  1: "aguacates",
  5: "mangoes",
  10: "papaya",
  12: "bananas",
  13: "strawberries",
  17: "tomatoes",
  25: "potatoes",
  34: "cilantro",
  35: "parsley",
  37: "mint",
  38: "basil",
  45: "eggs",
};
/** Items of the same name but another pack: proposed with the demo product, not linked. */
const NEAR: Record<number, string> = {
  8: "limes",
  9: "pineapple",
  15: "sandia",
  29: "broccoli",
  33: "cilantro",
  43: "black-beans",
};

let seller: SessionUser;

async function slugs() {
  const rows = await db().select({ id: product.id, slug: product.slug }).from(product);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

async function importFile(options: { dryRun?: boolean; nameMatch?: boolean } = {}) {
  const result = await importQuickBooksFile({
    actor: seller,
    fileName: "qbo_small.csv",
    bytes: FILE,
    listSlug: "customers",
    collectRows: true,
    ...options,
  });
  if (!result.ok) throw new Error("qbo_small.csv was refused");
  const rows = options.dryRun || !result.summary.runId ? result.rows : await allRunRows(result.summary.runId);
  return { summary: result.summary, rows, row: (n: number) => rows.find((r) => r.row === n)! };
}

beforeEach(async () => {
  seller = await makeUser("seller");
  await freshImportData(seller, "Scratch");
  await db().delete(appSetting).where(eq(appSetting.key, "seeded_catalog"));
  await seedCatalog();
});

describe(`the first import of qbo_small.csv into the demo catalogue (${test.kind})`, { timeout: 120_000 }, () => {
  it("links the demo's products, proposes near matches, and creates no duplicate", async () => {
    const ids = await slugs();
    const dry = await importFile({ dryRun: true });
    for (const [row, slug] of Object.entries(LINKED)) {
      expect(dry.row(Number(row)), `row ${row}`).toMatchObject({ match: "name", productId: ids.get(slug) });
    }
    for (const [row, slug] of Object.entries(NEAR)) {
      const near = dry.row(Number(row));
      expect(near, `row ${row}`).toMatchObject({ action: "created", match: "new" });
      expect(near.candidates.map((c) => c.id)).toContain(ids.get(slug));
    }

    const done = await importFile();
    // The run did what the dry run said, row by row.
    expect(done.rows.map((r) => [r.row, r.action, r.match])).toEqual(dry.rows.map((r) => [r.row, r.action, r.match]));
    expect(done.summary.counts).toEqual(dry.summary.counts);
    const c = done.summary.counts;
    expect(c.new + c.linked + c.updated + c.unchanged + c.skipped.total + c.invalid.total + c.errors).toBe(69);
    expect(c).toMatchObject({ total: 69, linked: 12, errors: 0 });

    // A linked demo product got the item's QuickBooks ID and SKU, and kept its names, slug and picture.
    const [avocados] = await db().select().from(product).where(eq(product.slug, "aguacates"));
    const demo = seedProducts.find((p) => p.slug === "aguacates")!;
    expect(avocados).toMatchObject({ quickbooksId: "AVO48", sku: "AVO-48", nameEn: demo.en, nameEs: demo.es });
    expect(avocados.imageKey ?? avocados.imageUrl).not.toBeNull();

    // No new product has a demo product's name and pack.
    const created = await db()
      .select()
      .from(product)
      .where(
        sql`${product.id} = any(${sql.param(done.rows.filter((r) => r.action === "created").map((r) => r.productId!))}::uuid[])`,
      );
    const demoKeys = new Set(
      seedProducts.map((p) => `${nameKey(p.en)}|${packKey(p.packValue ?? null, p.packUnit ?? null)}`),
    );
    for (const p of created) {
      const key = `${nameKey(p.nameEn)}|${packKey(p.packValue === null ? null : Number(p.packValue), p.packUnit)}`;
      expect(demoKeys.has(key), p.nameEn).toBe(false);
    }
  });

  it("plans on the screen exactly as the command line's dry run does, row by row", async () => {
    // The screen: the keys and the name candidates asked of its action, the plan made as its worker makes it.
    const understood = await understandFile(FILE);
    if (!understood.ok) throw new Error("refused");
    const found = [];
    for (const body of planRequestChunks("customers", matchKeys(understood.rows))) {
      const request = new Request(new URL("/import-quickbooks", BASE_URL), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await callRoute<ImportActionResult>(screenAction, request, routeContext({ user: seller }));
      if (!answer.data?.ok) throw new Error(`plan answered ${answer.status}`);
      found.push(...answer.data.products);
    }
    const screen = planImport(understood.rows, indexExisting(found)).results.map((r) => asPlanned(r));
    const dry = await importFile({ dryRun: true });
    const fate = (r: (typeof screen)[number]) => [r.row, r.action, r.match, r.productId, r.candidates.map((c) => c.id)];
    expect(screen.map(fate)).toEqual(dry.rows.map(fate));
  });

  it("changes nothing when the same file is imported again", async () => {
    await importFile();
    const [{ n: before }] = await db().select({ n: count() }).from(product);
    const again = await importFile();
    expect(again.summary.nothingChanged).toBe(true);
    expect(again.summary.counts).toMatchObject({ new: 0, linked: 0, updated: 0 });
    expect(again.rows.filter((r) => r.match === "name")).toEqual([]);
    const [{ n: after }] = await db().select({ n: count() }).from(product);
    expect(after).toBe(before);
  });

  it("matches by QuickBooks ID and SKU only with name matching off", async () => {
    const dry = await importFile({ dryRun: true, nameMatch: false });
    expect(dry.rows.filter((r) => r.match === "name" || r.candidates.length > 0)).toEqual([]);
    expect(dry.summary.counts).toMatchObject({ linked: 0, new: 48 });
  });
});

describe(`staff's choices from the preview (${test.kind})`, { timeout: 120_000 }, () => {
  /** Starts a run of the file as the screen does, with these choices, and applies its batches. */
  async function runWithChoices(choices: Parameters<typeof startImportRun>[0]["choices"]) {
    const understood = await understandFile(FILE);
    if (!understood.ok) throw new Error("refused");
    const run = await startImportRun({
      actor: seller,
      listSlug: "customers",
      fileName: "qbo_small.csv",
      format: { headers: understood.format.headers, delimiter: understood.format.delimiter },
      totalRows: understood.totalRows,
      mode: "interactive",
      duplicates: [...understood.superseded],
      choices,
    });
    const rows = understood.rows.map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    for (let n = 1; n <= run.totalBatches; n++) {
      await applyImportBatch(run.id, n, rows.slice((n - 1) * run.batchSize, n * run.batchSize));
    }
    await finishImportRun(run.id);
    const stored = await allRunRows(run.id);
    return (n: number) => stored.find((r) => r.row === n)!;
  }

  it("links a near match, makes a confident match new, and leaves a row out", async () => {
    const ids = await slugs();
    const row = await runWithChoices([
      { row: 43, kind: "link", productId: ids.get("black-beans")! },
      { row: 12, kind: "new" },
      { row: 38, kind: "skip" },
    ]);
    expect(row(43)).toMatchObject({ action: "updated", match: "name", productId: ids.get("black-beans") });
    expect(row(12)).toMatchObject({ action: "created", match: "new" });
    expect(row(38)).toMatchObject({ action: "skipped", finalStatus: "skipped_by_staff" });
    const [beans] = await db().select().from(product).where(eq(product.slug, "black-beans"));
    expect(beans.quickbooksId).toBe("BLACK BEANS 25");
    const [basil] = await db().select().from(product).where(eq(product.slug, "basil"));
    expect(basil.quickbooksId).toBeNull();
  });

  it("refuses choices it cannot carry out, with the reason, and starts nothing", async () => {
    const ids = await slugs();
    const beans = ids.get("black-beans")!;
    const refusal = async (choices: Parameters<typeof startImportRun>[0]["choices"]) => {
      try {
        await runWithChoices(choices);
      } catch (error) {
        if (error instanceof Refusal) return { code: error.code, values: error.values };
        throw error;
      }
      return null;
    };
    expect(
      await refusal([
        { row: 43, kind: "link", productId: beans },
        { row: 44, kind: "link", productId: beans },
      ]),
    ).toEqual({ code: "run.errors.choiceTwice", values: { first: 43, second: 44 } });
    expect(await refusal([{ row: 70, kind: "new" }])).toEqual({ code: "run.errors.choiceRow", values: { row: 70 } });
    expect(await refusal([{ row: 43, kind: "link", productId: crypto.randomUUID() }])).toMatchObject({
      code: "run.errors.choiceMissing",
    });
    await db().update(product).set({ archivedAt: new Date() }).where(eq(product.id, beans));
    expect(await refusal([{ row: 43, kind: "link", productId: beans }])).toEqual({
      code: "run.errors.choiceArchived",
      values: { row: 43, product: "Black Beans" },
    });
    expect(await db().select({ n: count() }).from(importRun)).toEqual([{ n: 0 }]);
    expect(await db().select({ n: count() }).from(product).where(isNull(product.quickbooksId))).toEqual([
      { n: seedProducts.length },
    ]);
  });
});
