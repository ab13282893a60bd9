/**
 * Rows the database's rules refuse (`error_db_product` and `error_db_price`), and rows
 * the server could not read (`unknown_error`): each such row is stored with its reason, in English
 * and Spanish, while the rest of its batch is written and nothing of the refused row is.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refusal } from "../../app/lib/refusal";
import { db } from "../../app/db/client.server";
import { importBatch, priceHistory, priceList, priceListItem, product } from "../../app/db/schema";
import { indexExisting, planImport, understandText } from "../../app/features/imports/engine";
import { findExistingProducts } from "../../app/features/imports/run/existing.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import type { PreparedRow } from "../../app/features/imports/engine/prepare";
import { applyImportBatch, applyPreparedBatch } from "../../app/features/imports/run/batch.server";
import { finishImportRun, loadRun, startImportRun } from "../../app/features/imports/run/run.server";
import type { StoredRowResult } from "../../app/features/imports/run/rows.server";
import { rowMessageText } from "../../app/features/imports/run/texts.server";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const HEADER = "Product/Service Name,Sales Description,SKU,Type,Sales Price / Rate,Quantity On Hand";
type Item = [name: string, description: string, sku: string, price: string, quantity: string];
const csv = (items: Item[]) =>
  Buffer.from([HEADER, ...items.map((i) => [i[0], i[1], i[2], "Inventory", i[3], i[4]].join(","))].join("\r\n"));

const AVOCADO: Item = ["AVO48", "AGUACATE HASS 48CT", "AVO-48", "54.00", "120"];
const MANGO: Item = ["MANGO ATA", "MANGO ATAULFO 12CT", "MAN-12", "18.50", "40"];
const LIME: Item = ["LIME175", "LIMON PERSA 175CT 40#", "LIM-175", "32.00", "75"];

let seller: { id: string };
let listSlug: string;
let listId: string;

async function newList(name: string) {
  const created = await createPriceList(seller, emptyListInput(name));
  const [row] = await db().select().from(priceList).where(eq(priceList.slug, created.slug));
  return row;
}

async function run(items: Item[], slug = listSlug) {
  const result = await importQuickBooksFile({
    collectRows: true,
    actor: seller,
    fileName: "items.csv",
    bytes: csv(items),
    listSlug: slug,
  });
  if (!result.ok) throw new Error("refused");
  return result;
}

/** The command line's `--dry-run` of these items. */
async function dryRun(items: Item[]) {
  const dry = await importQuickBooksFile({
    dryRun: true,
    collectRows: true,
    actor: seller,
    fileName: "items.csv",
    bytes: csv(items),
    listSlug,
  });
  if (!dry.ok) throw new Error("refused");
  return dry;
}

/** The screen's way: the products the file may meet, then the plan in the browser's worker. */
async function screenPlan(items: Item[]) {
  const understood = await understandText(csv(items).toString("utf8"));
  if (!understood.ok) throw new Error("refused");
  const existing = await findExistingProducts(listId, {
    quickbooksIds: understood.rows.map((r) => r.quickbooksId!),
    skus: understood.rows.map((r) => r.sku!),
  });
  return planImport(understood.rows, indexExisting(existing));
}

const rowOf = (rows: StoredRowResult[], item: string) => rows.find((r) => r.item === item)!;
const productOf = async (quickbooksId: string) =>
  (await db().select().from(product).where(eq(product.quickbooksId, quickbooksId)))[0];
const priceOf = async (productId: string) =>
  (
    await db()
      .select({ cents: priceListItem.priceCents })
      .from(priceListItem)
      .where(and(eq(priceListItem.priceListId, listId), eq(priceListItem.productId, productId)))
  )[0]?.cents;

beforeAll(async () => {
  seller = await makeUser("seller");
});

beforeEach(async () => {
  const list = await freshImportData(seller, "Row Errors");
  listSlug = list.slug;
  listId = list.id;
});

describe(`rows the database refuses (${test.kind})`, () => {
  it("a SKU held by another product: error_db_product with the reason; the rest of the batch is written", async () => {
    await run([AVOCADO, MANGO]);
    const mangoBefore = await productOf("MANGO ATA");

    const second = await run([
      // Renamed in QuickBooks: a new item name with the SKU the first product holds.
      ["AVO48-HASS", "AGUACATE HASS 48CT", "AVO-48", "55.00", "100"],
      ["PAPAYA MAR", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"],
      // A known item whose SKU would become one another product holds: refused whole.
      ["MANGO ATA", "MANGO ATAULFO 12CT", "AVO-48", "19.75", "41"],
      LIME,
      // Two new items of one file with one SKU: the first is created, the second refused.
      ["LIME200", "LIMON PERSA 200CT 40#", "LIM-175", "30.00", "5"],
    ]);

    const renamed = rowOf(second.rows, "AVO48-HASS");
    expect(renamed).toMatchObject({
      action: "error",
      aiStatus: "success",
      dbProductStatus: "error",
      dbPriceStatus: "skipped",
      finalStatus: "error_db_product",
      productId: null,
    });
    expect(renamed.message).toContain(
      "Not written: SKU AVO-48 already belongs to another product, Hass Avocado (QuickBooks ID AVO48).",
    );
    expect(rowMessageText(renamed.messages, "es")).toContain(
      "No se guardó: el SKU AVO-48 ya pertenece a otro producto, Hass Avocado (ID de QuickBooks AVO48).",
    );

    const mango = rowOf(second.rows, "MANGO ATA");
    expect(mango).toMatchObject({
      finalStatus: "error_db_product",
      dbProductStatus: "error",
      dbPriceStatus: "skipped",
      productId: mangoBefore.id,
    });
    // Nothing of the refused row: not its SKU, quantity or price.
    const mangoAfter = await productOf("MANGO ATA");
    expect(mangoAfter).toMatchObject({ sku: "MAN-12", quantity: mangoBefore.quantity, revision: mangoBefore.revision });
    expect(await priceOf(mangoBefore.id)).toBe(1850);

    expect(rowOf(second.rows, "LIME200")).toMatchObject({ finalStatus: "error_db_product" });
    expect(rowOf(second.rows, "LIME200").message).toContain("already belongs to another product, Persian Lime");
    for (const item of ["PAPAYA MAR", "LIME175"])
      expect(rowOf(second.rows, item)).toMatchObject({ action: "created", finalStatus: "success" });
    expect(await productOf("AVO48-HASS")).toBeUndefined();
    expect(await productOf("LIME200")).toBeUndefined();
    expect(second.summary).toMatchObject({
      created: 2,
      updated: 0,
      errors: 3,
      errorCount: 3,
      successCount: 2,
      failedBatches: 0,
      appliedBatches: 1,
      outcome: "warning",
    });
    // History only for the two new products.
    const history = await db().select({ productId: priceHistory.productId }).from(priceHistory);
    expect(history).toHaveLength(4);

    // Importing the same file again gives the same answer and changes nothing.
    const again = await run([
      ["AVO48-HASS", "AGUACATE HASS 48CT", "AVO-48", "55.00", "100"],
      ["MANGO ATA", "MANGO ATAULFO 12CT", "AVO-48", "19.75", "41"],
    ]);
    expect(again.rows.map((r) => r.finalStatus)).toEqual(["error_db_product", "error_db_product"]);
    expect((await db().select({ n: count() }).from(priceHistory))[0].n).toBe(4);
  });

  it("a product matched by its SKU keeps working, and a SKU given up in the batch may be taken", async () => {
    // Staff's product without a QuickBooks ID: matched by SKU, not a conflict.
    await db()
      .insert(product)
      .values({ slug: "staff-mango", nameEn: "Staff Mango", nameEs: "Mango", sku: "MAN-12", category: "fruits" });
    const first = await run([MANGO, AVOCADO]);
    expect(rowOf(first.rows, "MANGO ATA")).toMatchObject({ action: "updated", finalStatus: "success" });
    expect(rowOf(first.rows, "MANGO ATA").message).toContain("Matched an existing product by its SKU (MAN-12)");
    // The avocado gives up AVO-48 for AVO-48B; a new item then takes AVO-48 in the same batch.
    const second = await run([
      ["AVO48", "AGUACATE HASS 48CT", "AVO-48B", "54.00", "120"],
      ["AVO48 ORG", "AGUACATE HASS ORGANICO 48CT", "AVO-48", "64.00", "10"],
    ]);
    expect(second.rows.map((r) => [r.action, r.finalStatus])).toEqual([
      ["updated", "success"],
      ["created", "success"],
    ]);
    expect((await productOf("AVO48 ORG")).sku).toBe("AVO-48");
  });

  it("an archived product's price is refused (error_db_price) and its product left as it was", async () => {
    await run([AVOCADO, MANGO, LIME]);
    const archivedAt = new Date();
    await db()
      .update(product)
      .set({ archivedAt })
      .where(inArray(product.quickbooksId, ["AVO48", "LIME175"]));
    const avocado = await productOf("AVO48");

    const result = await run([
      ["AVO48", "AGUACATE HASS 48CT", "AVO-48", "60.00", "90"],
      ["MANGO ATA", "MANGO ATAULFO 12CT", "MAN-12", "19.00", "40"],
      // Archived too, but its row changes no price: nothing to refuse.
      LIME,
    ]);
    const row = rowOf(result.rows, "AVO48");
    expect(row).toMatchObject({
      action: "error",
      dbProductStatus: "skipped",
      dbPriceStatus: "error",
      finalStatus: "error_db_price",
      productId: avocado.id,
    });
    expect(row.message).toContain(
      "Not written: Hass Avocado is archived on this site, so its price in this list cannot change.",
    );
    expect(rowMessageText(row.messages, "es")).toContain("Hass Avocado está archivado en este sitio");
    expect(await productOf("AVO48")).toMatchObject({ quantity: avocado.quantity, revision: avocado.revision });
    expect(await priceOf(avocado.id)).toBe(5400);
    expect(rowOf(result.rows, "MANGO ATA")).toMatchObject({ action: "updated", finalStatus: "success" });
    expect(rowOf(result.rows, "LIME175")).toMatchObject({ action: "unchanged", finalStatus: "success" });
    expect(result.summary).toMatchObject({ updated: 1, unchanged: 1, errors: 1, outcome: "warning" });
    const history = await db().select().from(priceHistory).where(eq(priceHistory.productId, avocado.id));
    expect(history).toHaveLength(1);
  });

  it("values the columns cannot hold: that row is refused, the rest of its batch written", async () => {
    const view = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "handmade.csv",
      format: { headers: HEADER.split(","), delimiter: "," },
      totalRows: 4,
    });
    const base: PreparedRow = {
      row: 1,
      line: 2,
      item: "",
      quickbooksId: null,
      status: "product",
      aiStatus: "success",
      importable: true,
      active: true,
      name: "Papaya",
      nameEs: "Papaya",
      category: "fruits",
      packValue: 35,
      packUnit: "lb",
      unit: "case",
      priceCents: 2900,
      sku: null,
      quantity: 12,
      recognized: true,
      supersededBy: null,
      namedBy: "engine",
      matchName: "Papaya",
      matchNameEs: "Papaya",
      matchCategory: "fruits",
      messages: [],
    };
    const rows: PreparedRow[] = [
      { ...base, row: 1, item: "PAPAYA", quickbooksId: "PAPAYA" },
      { ...base, row: 2, item: "HUGE PACK", quickbooksId: "HUGE PACK", packValue: 50_000_000 },
      { ...base, row: 3, item: "HUGE PRICE", quickbooksId: "HUGE PRICE", priceCents: 3_000_000_000 },
      { ...base, row: 4, item: "HUGE STOCK", quickbooksId: "HUGE STOCK", quantity: 1e12 },
    ];
    const outcome = await applyPreparedBatch(await loadRun(view.id), 1, rows, 1);
    if (outcome.status !== "applied") throw new Error(`not applied: ${outcome.status}`);
    expect(outcome.rows.map((r) => [r.item, r.finalStatus, r.dbProductStatus, r.dbPriceStatus])).toEqual([
      ["PAPAYA", "success", "success", "success"],
      ["HUGE PACK", "error_db_product", "error", "skipped"],
      ["HUGE PRICE", "error_db_price", "skipped", "error"],
      ["HUGE STOCK", "error_db_product", "error", "skipped"],
    ]);
    expect(outcome.rows[1].message).toBe(
      "Not written: 50000000 lb is more than the catalogue can store. Correct the item in QuickBooks, then import again.",
    );
    expect(outcome.rows[2].message).toContain(
      "Not written: the price $30,000,000.00 is more than a price list can store.",
    );
    expect(rowMessageText(outcome.rows[3].messages, "es")).toContain("es más de lo que el catálogo puede guardar");
    const stored = await db().select({ q: product.quickbooksId }).from(product);
    expect(stored.map((p) => p.q)).toEqual(["PAPAYA"]);
    const summary = await finishImportRun(view.id);
    expect(summary).toMatchObject({ created: 1, errors: 3, outcome: "warning" });
  });
});

describe(`the dry run plans the same refusals (${test.kind})`, () => {
  it("the command line's dry run and the screen's plan say what the run then does", async () => {
    await run([AVOCADO, MANGO, LIME]);
    await db().update(product).set({ archivedAt: new Date() }).where(eq(product.quickbooksId, "LIME175"));
    const items: Item[] = [
      ["AVO48-HASS", "AGUACATE HASS 48CT", "AVO-48", "55.00", "100"],
      ["PAPAYA MAR", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"],
      ["PAPAYA 2", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"],
      ["MANGO ATA", "MANGO ATAULFO 12CT", "MAN-12", "19.00", "40"],
      ["LIME175", "LIMON PERSA 175CT 40#", "LIM-175", "33.00", "75"],
    ];
    const dry = await dryRun(items);

    const plan = await screenPlan(items);

    const real = await run(items);
    const statuses = (rows: StoredRowResult[]) =>
      rows.map((r) => [r.item, r.finalStatus, r.dbProductStatus, r.dbPriceStatus]);
    expect(statuses(real.rows)).toEqual([
      ["AVO48-HASS", "error_db_product", "error", "skipped"],
      ["PAPAYA MAR", "success", "success", "success"],
      ["PAPAYA 2", "error_db_product", "error", "skipped"],
      ["MANGO ATA", "success", "skipped", "success"],
      ["LIME175", "error_db_price", "skipped", "error"],
    ]);
    expect(dry.rows.map((r) => [r.item, r.finalStatus])).toEqual(real.rows.map((r) => [r.item, r.finalStatus]));
    // The refusals' reasons too (the dry run writes no "created" or "updated" notes).
    const reasons = (rows: StoredRowResult[]) =>
      rows.filter((r) => r.finalStatus.startsWith("error_db")).map((r) => r.message);
    expect(reasons(dry.rows)).toEqual(reasons(real.rows));
    // What the run would save is still pending in the dry run.
    expect(dry.rows.find((r) => r.item === "PAPAYA MAR")).toMatchObject({
      dbProductStatus: "pending",
      dbPriceStatus: "pending",
      message: "",
    });
    expect(dry.summary).toMatchObject({ errors: 3, created: 1, updated: 1, outcome: "warning" });
    expect(plan.results.map((p) => (p.action === "error" ? p.finalStatus : p.action))).toEqual([
      "error_db_product",
      "created",
      "error_db_product",
      "updated",
      "error_db_price",
    ]);
  });
});

describe(`the dry run matches by SKU as the run does (${test.kind})`, () => {
  it("takes products without a QuickBooks ID oldest first, each for one item of the file", async () => {
    const made = (slug: string, sku: string, minutesAgo: number, quickbooksId: string | null = null) => ({
      slug,
      nameEn: slug,
      nameEs: slug,
      sku,
      quickbooksId,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const inserted = await db()
      .insert(product)
      .values([
        made("papaya-by-hand", "PAP-35", 30),
        // Stored newer first: only the creation time says which is older.
        made("kiwi-newer", "KIW-1", 10),
        made("kiwi-older", "KIW-1", 20),
        // An item of QuickBooks holds the guava SKU too, and it is the older one.
        made("guava-of-quickbooks", "GUA-9", 40, "GUAVA OLD"),
        made("guava-by-hand", "GUA-9", 5),
      ])
      .returning({ id: product.id, slug: product.slug });
    const id = (slug: string) => inserted.find((p) => p.slug === slug)!.id;
    const items: Item[] = [
      ["PAPAYA MAR", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"],
      // Another item with the same SKU: the product now belongs to the first one.
      ["PAPAYA 2", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"],
      ["KIWI A", "KIWI 33CT", "KIW-1", "20.00", "5"],
      ["KIWI B", "KIWI 36CT", "KIW-1", "21.00", "5"],
      ["GUAVA NEW", "GUAYABA 10#", "GUA-9", "15.00", "3"],
    ];
    const plan = await screenPlan(items);
    const dry = await dryRun(items);

    const real = await run(items);
    const outcome = (rows: StoredRowResult[]) => rows.map((r) => [r.item, r.finalStatus, r.productId]);
    expect(outcome(dry.rows)).toEqual(outcome(real.rows));
    expect(real.rows.map((r) => [r.item, r.finalStatus])).toEqual([
      ["PAPAYA MAR", "success"],
      ["PAPAYA 2", "error_db_product"],
      ["KIWI A", "success"],
      ["KIWI B", "success"],
      ["GUAVA NEW", "success"],
    ]);
    const owners = await db()
      .select({ slug: product.slug, quickbooksId: product.quickbooksId })
      .from(product)
      .where(
        inArray(
          product.id,
          inserted.map((p) => p.id),
        ),
      );
    expect(Object.fromEntries(owners.map((o) => [o.slug, o.quickbooksId]))).toEqual({
      "papaya-by-hand": "PAPAYA MAR",
      "kiwi-older": "KIWI A",
      "kiwi-newer": "KIWI B",
      "guava-of-quickbooks": "GUAVA OLD",
      "guava-by-hand": "GUAVA NEW",
    });

    expect(plan.results.map((p) => (p.action === "error" ? p.finalStatus : [p.action, p.productId]))).toEqual([
      ["updated", id("papaya-by-hand")],
      "error_db_product",
      ["updated", id("kiwi-older")],
      ["updated", id("kiwi-newer")],
      ["updated", id("guava-by-hand")],
    ]);
    // The preview's row is the row the run stored, notes and all.
    const { message: _text, ...stored } = real.rows[1];
    expect(plan.results[1]).toEqual(stored);
  });
});

describe(`rows the server could not read (${test.kind})`, () => {
  it("a batch whose reading fails unexpectedly: its rows are unknown_error, nothing of them written", async () => {
    const file = csv([AVOCADO, MANGO, LIME]).toString("utf8");
    const understood = await understandText(file);
    if (!understood.ok) throw new Error("refused");
    const view = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "items.csv",
      format: understood.format,
      totalRows: 3,
      batchSize: 2,
    });
    setImportFaultsForTests({
      beforeUnderstand: ({ batchNumber }) => {
        if (batchNumber === 2) throw new Error("injected reading fault");
      },
    });
    const cells = understood.rows.map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    const first = await applyImportBatch(view.id, 1, cells.slice(0, 2));
    const second = await applyImportBatch(view.id, 2, cells.slice(2));
    expect(first.status).toBe("applied");
    if (second.status !== "applied") throw new Error("not applied");
    expect(second.rows[0]).toMatchObject({
      item: "LIME175",
      aiStatus: "pending",
      dbProductStatus: "skipped",
      dbPriceStatus: "skipped",
      finalStatus: "unknown_error",
    });
    expect(second.rows[0].message).toBe(
      "This row could not be read because of an unexpected error; nothing was written for it. Please import the file again.",
    );
    expect(rowMessageText(second.rows[0].messages, "es")).toContain("no se pudo leer por un error inesperado");
    expect(await productOf("LIME175")).toBeUndefined();
    const summary = await finishImportRun(view.id);
    expect(summary).toMatchObject({ created: 2, errors: 1, errorCount: 1, outcome: "warning" });
  });

  it("a cell holding a NUL character is refused as a bad batch, and nothing is written", async () => {
    const view = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "nul.csv",
      format: { headers: HEADER.split(","), delimiter: "," },
      totalRows: 1,
    });
    await expect(
      applyImportBatch(view.id, 1, [
        { row: 1, line: 2, cells: ["AVO\u000048", "AGUACATE", "", "Inventory", "1", "1"] },
      ]),
    ).rejects.toBeInstanceOf(Refusal);
    expect((await db().select({ n: count() }).from(importBatch))[0].n).toBe(0);
    expect((await db().select({ n: count() }).from(product))[0].n).toBe(0);
  });
});

describe(`imports at the same time (${test.kind})`, () => {
  it("two imports into two lists take turns on the catalogue: no retry, no duplicate SKU", async () => {
    const other = await newList("Other List");
    const [a, b] = await Promise.all([
      run([AVOCADO, MANGO, ["PAPAYA A", "PAPAYA MARADOL 35#", "PAP-35", "29.00", "12"]]),
      run([AVOCADO, MANGO, ["PAPAYA B", "PAPAYA MARADOL 35#", "PAP-35", "28.00", "12"]], other.slug),
    ]);
    // The same new items in both: one run creates them, the other finds them (never a unique violation).
    expect((await db().select({ n: count() }).from(product))[0].n).toBe(3);
    const batches = await db().select().from(importBatch);
    expect(batches.map((x) => [x.status, x.attempts])).toEqual([
      ["applied", 1],
      ["applied", 1],
    ]);
    // One SKU, two new items, two runs: the second to write is refused.
    const papayas = [rowOf(a.rows, "PAPAYA A"), rowOf(b.rows, "PAPAYA B")].map((r) => r.finalStatus).sort();
    expect(papayas).toEqual(["error_db_product", "success"]);
    expect(a.summary.errors + b.summary.errors).toBe(1);
  });
});
