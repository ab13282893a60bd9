/**
 * The server side of the QuickBooks import (docs/decisions/014-import-runs.md) on a real database:
 * runs and batches as the screen drives them, the whole-file path of the command line and
 * background jobs, idempotent re-imports, a failing batch retried then skipped, and the bad files.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refusal } from "../../app/lib/refusal";
import { db } from "../../app/db/client.server";
import {
  activity,
  importBatch,
  importRow,
  importRun,
  priceHistory,
  priceList,
  priceListItem,
  priceListVersion,
  product,
} from "../../app/db/schema";
import Papa from "papaparse";
import { understandFile } from "../../app/features/imports/engine";
import { exportImportRowsCsv } from "../../app/features/imports/run/export.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { applyImportBatch, recordFailedBatch } from "../../app/features/imports/run/batch.server";
import {
  finishImportRun,
  getImportRun,
  listImportRuns,
  startImportRun,
} from "../../app/features/imports/run/run.server";
import { findImportRows } from "../../app/features/imports/run/rows.server";
import type { StoredRowResult } from "../../app/features/imports/run/rows.server";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const DIR = path.resolve("tests/fixtures/quickbooks");
const read = (name: string) => readFileSync(path.join(DIR, name));
const EXPECTED = readFileSync(path.join(DIR, "EXPECTED.md"), "utf8");

/** The rows of the first table after `heading` in EXPECTED.md, keyed by its header cells. */
function expectedTable(heading: string) {
  const lines = EXPECTED.slice(EXPECTED.indexOf(heading)).split("\n");
  const start = lines.findIndex((l) => l.startsWith("| "));
  const header = lines[start].split("|").map((c) => c.trim());
  const rows: Array<Record<string, string>> = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line.split("|").map((c) => c.trim());
    rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]])));
  }
  return rows;
}

/** EXPECTED.md calls a product row "product"; its final status is `success`. */
const finalOf = (expected: string) => (expected === "product" ? "success" : expected);

function compareWithExpected(rows: StoredRowResult[], heading: string) {
  const expected = expectedTable(heading);
  expect(rows.map((r) => r.row)).toEqual(expected.map((e) => Number(e["#"])));
  for (const [i, row] of rows.entries()) {
    const e = expected[i];
    const where = `${heading} row ${row.row} (${row.item})`;
    expect(row.finalStatus, where).toBe(finalOf(e.Expected));
    if (e.Category) expect(row.category, where).toBe(e.Category);
    if (e["Pack value"])
      expect([row.packValue, row.packUnit], where).toEqual([Number(e["Pack value"]), e["Pack unit"]]);
    if (e["Display name (EN)"]) expect(row.name, where).toBe(e["Display name (EN)"]);
  }
}

let seller: { id: string };
let listSlug: string;
let listId: string;

async function newList(name: string) {
  const created = await createPriceList(seller, emptyListInput(name));
  const [row] = await db().select().from(priceList).where(eq(priceList.slug, created.slug));
  return row;
}

/** What the import screen does: read and understand in the browser, then send raw cells in batches. */
async function importLikeTheScreen(file: string, slug: string, batchSize = 500) {
  const understood = await understandFile(read(file));
  if (!understood.ok) throw new Error(`${file} refused`);
  const run = await startImportRun({
    actor: seller,
    listSlug: slug,
    fileName: file,
    format: understood.format,
    totalRows: understood.totalRows,
    batchSize,
    duplicates: [...understood.superseded],
    encoding: understood.encoding,
  });
  const rows: StoredRowResult[] = [];
  for (let n = 1; n <= run.totalBatches; n++) {
    const batch = understood.rows
      .slice((n - 1) * batchSize, n * batchSize)
      .map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    let attempt = 1;
    for (;;) {
      const outcome = await applyImportBatch(run.id, n, batch, { attempt });
      if (outcome.status === "retry") {
        attempt++;
        continue;
      }
      rows.push(...outcome.rows);
      break;
    }
  }
  const summary = await finishImportRun(run.id);
  return { run, rows, summary, understood };
}

// eslint-disable-next-line no-control-regex
const MISDECODED = /Ã|\uFFFD|\u0000/;

const total = async (table: typeof product | typeof priceHistory | typeof priceListVersion | typeof activity) =>
  (await db().select({ n: count() }).from(table))[0].n;

beforeAll(async () => {
  seller = await makeUser("seller");
});

beforeEach(async () => {
  const list = await freshImportData(seller, "Wholesale Import");
  listSlug = list.slug;
  listId = list.id;
});

afterEach(() => setImportFaultsForTests(undefined));

describe(`the import screen's path (${test.kind})`, () => {
  it("qbo_small.csv: every row's final status as EXPECTED.md says, products and prices written", async () => {
    const { rows, summary, run } = await importLikeTheScreen("qbo_small.csv", listSlug, 20);
    expect(run.totalBatches).toBe(4);
    compareWithExpected(rows, "## qbo_small.csv");
    expect(summary).toMatchObject({
      totalProcessed: 69,
      created: 48,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      skipped: 1,
      errors: 0,
      processedInactive: 2,
      invalidRowsSkipped: 20,
      successCount: 49,
      errorCount: 0,
      outcome: "success",
      nothingChanged: false,
      listSlug,
    });
    expect(await total(product)).toBe(48);

    // TOMATILLO twice: one product, the last row's values, and the warning in its message.
    const tomatillos = rows.filter((r) => r.quickbooksId === "TOMATILLO");
    expect(tomatillos.map((r) => [r.row, r.action, r.finalStatus])).toEqual([
      [19, "duplicate", "success"],
      [32, "created", "success"],
    ]);
    expect(tomatillos[1].message).toContain("TOMATILLO also appears on row 19: this later row wins.");
    expect(tomatillos[0].message).toContain("appears again on row 32");
    const [tomatillo] = await db().select().from(product).where(eq(product.quickbooksId, "TOMATILLO"));
    expect([Number(tomatillo.packValue), tomatillo.packUnit]).toEqual([25, "lb"]);
    const [item] = await db()
      .select()
      .from(priceListItem)
      .where(and(eq(priceListItem.priceListId, listId), eq(priceListItem.productId, tomatillo.id)));
    expect(item.priceCents).toBe(2100);

    // Inactive items are kept as inactive products; a created product has every field.
    const [kent] = await db().select().from(product).where(eq(product.quickbooksId, "MANGO KENT 8"));
    expect(kent).toMatchObject({ active: false, nameEn: "Kent Mango", category: "fruits", packUnit: "ct" });
    const [avocado] = await db().select().from(product).where(eq(product.quickbooksId, "AVO48"));
    expect(avocado).toMatchObject({
      nameEn: "Hass Avocado",
      slug: "hass-avocado",
      category: "fruits",
      unit: expect.any(String),
    });
    expect(avocado.nameEs).toBeTruthy();
    const [avocado60] = await db().select().from(product).where(eq(product.quickbooksId, "AVO60"));
    expect(avocado60.slug).toBe("hass-avocado-avo60");

    // Every price with history (source import); one version before the first change; one activity
    // entry.
    const history = await db().select().from(priceHistory).where(eq(priceHistory.priceListId, listId));
    expect(history.length).toBe(48);
    expect(new Set(history.map((h) => h.source))).toEqual(new Set(["import"]));
    const versions = await db().select().from(priceListVersion).where(eq(priceListVersion.priceListId, listId));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      automatic: true,
      reason: `import:${run.id}`,
      snapshot: expect.objectContaining({ items: [] }),
    });
    expect(summary.versionNumber).toBe(versions[0].number);
    const entries = await db().select().from(activity).where(eq(activity.entityType, "import_run"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityId: run.id, action: "created", actorId: seller.id });
    expect((entries[0].changes as { counts: object }).counts).toEqual({
      totalProcessed: 69,
      created: 48,
      updated: 0,
      skipped: 1,
      errors: 0,
      processedInactive: 2,
    });
    expect(await db().select({ n: count() }).from(activity).where(eq(activity.entityType, "price_item"))).toEqual([
      { n: 0 },
    ]);

    // The stored rows, filtered by status, as the results table and the export read them.
    const page = await findImportRows(run.id, { statuses: ["skipped_known_non_product_code"] });
    expect(page.total).toBe(7);
    expect(page.rows.map((r) => r.item)).toContain("PALLET DEPOSIT");
    expect(page.statusCounts).toMatchObject({ success: 47, processed_inactive: 2, skipped_service_item: 5 });
    const view = await getImportRun(run.id);
    expect(view).toMatchObject({
      status: "finished",
      outcome: "success",
      listSlug,
      progress: { appliedBatches: 4, failedBatches: 0, processedRows: 69 },
    });
    const listed = await listImportRuns();
    expect(listed.runs.map((r) => r.id)).toEqual([run.id]);
  });

  it("qbd_small.csv and the newer QBO header wording, sent by the screen: every row as EXPECTED.md says", async () => {
    const qbd = await importLikeTheScreen("qbd_small.csv", listSlug, 25);
    compareWithExpected(qbd.rows, "## qbd_small.csv");
    expect(qbd.summary).toMatchObject({ created: 50, processedInactive: 3, errors: 0, outcome: "success" });
    const other = await newList("Newer Headers");
    const newer = await importLikeTheScreen("variants/qbo_small_new_headers.csv", other.slug);
    compareWithExpected(newer.rows, "## qbo_small.csv");
  });

  it("a batch sent again answers its stored results and writes nothing twice", async () => {
    const understood = await understandFile(read("qbo_small.csv"));
    if (!understood.ok) throw new Error("refused");
    const run = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      format: understood.format,
      totalRows: 69,
      batchSize: 50,
    });
    const batch = understood.rows.slice(0, 50).map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    const first = await applyImportBatch(run.id, 1, batch);
    const again = await applyImportBatch(run.id, 1, batch);
    expect(first).toMatchObject({ status: "applied", repeated: false });
    expect(again).toMatchObject({ status: "applied", repeated: true });
    if (first.status !== "applied" || again.status !== "applied") throw new Error("not applied");
    expect(again.rows).toEqual(first.rows);
    const rows = await db().select({ n: count() }).from(importRow).where(eq(importRow.runId, run.id));
    expect(rows[0].n).toBe(50);
    expect(await total(priceHistory)).toBe(first.rows.filter((r) => r.dbPriceStatus === "success").length);

    // Rows that do not belong to the batch, or a batch beyond the run, are refused.
    await expect(applyImportBatch(run.id, 2, batch)).rejects.toMatchObject({ code: "run.errors.badBatch" });
    await expect(applyImportBatch(run.id, 3, [])).rejects.toBeInstanceOf(Refusal);
  });

  it("the server reads the cells itself: what a browser claims about a row is not used", async () => {
    const understood = await understandFile(read("qbo_small.csv"));
    if (!understood.ok) throw new Error("refused");
    const run = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      // Columns claimed by the browser are ignored: the server maps the header cells again.
      format: { ...understood.format, columns: { name: 5, description: 0, price: 1 } } as typeof understood.format,
      totalRows: 1,
    });
    const [row] = understood.rows;
    const outcome = await applyImportBatch(run.id, 1, [
      { row: 1, line: 2, cells: row.raw.cells, fields: { name: "EVIL", price: "0.01" } } as never,
    ]);
    if (outcome.status !== "applied") throw new Error("not applied");
    expect(outcome.rows[0]).toMatchObject({ item: "AVO48", name: "Hass Avocado", finalStatus: "success" });
  });

  it("refuses a start without a list, a user or readable columns, and writes nothing", async () => {
    const format = {
      headers: ["Product/Service Name", "Sales Description", "Sales Price / Rate"],
      delimiter: "," as const,
    };
    const base = { actor: seller, listSlug, fileName: "x.csv", format, totalRows: 3 };
    await expect(startImportRun({ ...base, listSlug: " " })).rejects.toMatchObject({
      code: "run.errors.listRequired",
    });
    await expect(startImportRun({ ...base, actor: null })).rejects.toMatchObject({
      code: "run.errors.notAuthenticated",
    });
    await expect(startImportRun({ ...base, listSlug: "no-such-list" })).rejects.toMatchObject({
      code: "run.errors.listNotFound",
    });
    await expect(startImportRun({ ...base, format: { headers: ["a", "b"], delimiter: "," } })).rejects.toMatchObject({
      code: "run.errors.badFormat",
    });
    expect((await db().select({ n: count() }).from(importRun))[0].n).toBe(0);
  });
});

describe(`the server's whole-file path (${test.kind})`, () => {
  it("qbd_small.csv: every row as EXPECTED.md says; importing it again changes nothing and says so", async () => {
    const first = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbd_small.csv",
      bytes: read("qbd_small.csv"),
      listSlug,
    });
    if (!first.ok) throw new Error("refused");
    compareWithExpected(first.rows, "## qbd_small.csv");
    expect(first.summary).toMatchObject({ created: 50, processedInactive: 3, outcome: "success", errors: 0 });
    const limes = await db()
      .select({ id: product.quickbooksId })
      .from(product)
      .where(sql`${product.quickbooksId} like '%LIMON 175'`);
    expect(limes.map((r) => r.id).sort()).toEqual(["FRUTAS:CITRICOS:LIMON 175", "OFERTAS:LIMON 175"]);

    const before = {
      products: await total(product),
      history: await total(priceHistory),
      versions: await total(priceListVersion),
      revision: (await db().select({ r: priceList.revision }).from(priceList).where(eq(priceList.id, listId)))[0].r,
    };
    const again = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbd_small.csv",
      bytes: read("qbd_small.csv"),
      listSlug,
    });
    if (!again.ok) throw new Error("refused");
    expect(again.summary).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 50,
      skipped: 50,
      nothingChanged: true,
      outcome: "success",
      versionNumber: null,
    });
    compareWithExpected(again.rows, "## qbd_small.csv");
    expect(
      again.rows.filter((r) => r.action === "unchanged").every((r) => r.message.startsWith("Already up to date")),
    ).toBe(true);
    expect({
      products: await total(product),
      history: await total(priceHistory),
      versions: await total(priceListVersion),
      revision: (await db().select({ r: priceList.revision }).from(priceList).where(eq(priceList.id, listId)))[0].r,
    }).toEqual(before);
    expect((await db().select({ n: count() }).from(activity).where(eq(activity.entityType, "import_run")))[0].n).toBe(
      2,
    );
  });

  it("updates only what an import owns: staff names, category and slug survive; prices change with history", async () => {
    await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      listSlug,
    });
    await db()
      .update(product)
      .set({ nameEn: "Staff Avocado", category: "others", slug: "staff-avocado", quantity: "3.00" })
      .where(eq(product.quickbooksId, "AVO48"));
    const changed = Buffer.from(
      read("qbo_small.csv")
        .toString("utf8")
        .replace("AVO48,AGUACATE HASS 48CT,", "AVO48,AGUACATE HASS 48CT,")
        .replace(/^(AVO48,[^\r\n]*?),"?\$?[\d,.]+"?,/m, (_, head: string) => `${head},99.99,`),
    );
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: changed,
      listSlug,
    });
    if (!result.ok) throw new Error("refused");
    const avo = result.rows.find((r) => r.quickbooksId === "AVO48")!;
    expect(avo.action).toBe("updated");
    const [row] = await db().select().from(product).where(eq(product.quickbooksId, "AVO48"));
    expect(row).toMatchObject({ nameEn: "Staff Avocado", category: "others", slug: "staff-avocado" });
    const history = await db()
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, row.id))
      .orderBy(asc(priceHistory.id));
    expect(history.at(-1)).toMatchObject({ newPriceCents: 9999, source: "import" });
    expect(result.summary.versionNumber).not.toBeNull();
  });

  it("a batch that fails is tried three times, then recorded failed and its rows skipped; nothing of it is written", async () => {
    const attempts: number[] = [];
    setImportFaultsForTests({
      beforeCommit: ({ batchNumber, attempt }) => {
        if (batchNumber === 2) {
          attempts.push(attempt);
          throw new Error("injected fault");
        }
      },
    });
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      listSlug,
      batchSize: 20,
    });
    if (!result.ok) throw new Error("refused");
    expect(attempts).toEqual([1, 2, 3]);
    const failed = result.rows.filter((r) => r.batch === 2);
    expect(failed).toHaveLength(20);
    for (const row of failed) {
      expect(row).toMatchObject({ finalStatus: "error_system", dbProductStatus: "skipped", dbPriceStatus: "skipped" });
      expect(row.message).toBe("Skipped due to batch processing error.");
    }
    // Not half-applied: none of batch 2's items exists.
    const items = failed.map((r) => r.quickbooksId).filter((id): id is string => id !== null);
    const found = await db().select({ id: product.quickbooksId }).from(product);
    expect(found.map((r) => r.id).filter((id) => items.includes(id!))).toEqual([]);
    const [batch] = await db()
      .select()
      .from(importBatch)
      .where(and(eq(importBatch.runId, result.summary.runId!), eq(importBatch.number, 2)));
    expect(batch).toMatchObject({ status: "failed", attempts: 3 });
    expect(result.summary).toMatchObject({ outcome: "warning", failedBatches: 1, errorCount: 20, appliedBatches: 3 });
  });

  it("a batch that fails once is applied on its second attempt", async () => {
    setImportFaultsForTests({
      beforeCommit: ({ batchNumber, attempt }) => {
        if (batchNumber === 1 && attempt === 1) throw new Error("injected fault");
      },
    });
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      listSlug,
    });
    if (!result.ok) throw new Error("refused");
    expect(result.summary).toMatchObject({ outcome: "success", created: 48, errors: 0 });
    const [batch] = await db().select().from(importBatch).where(eq(importBatch.runId, result.summary.runId!));
    expect(batch).toMatchObject({ status: "applied", attempts: 2 });
  });

  it("the screen's retries: 'retry' until the third attempt, then failed; a batch the browser gave up on is skipped", async () => {
    setImportFaultsForTests({
      beforeCommit: () => {
        throw new Error("injected fault");
      },
    });
    const understood = await understandFile(read("qbo_small.csv"));
    if (!understood.ok) throw new Error("refused");
    const run = await startImportRun({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      format: understood.format,
      totalRows: 69,
      batchSize: 40,
    });
    const raw = (from: number, to: number) =>
      understood.rows.slice(from, to).map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    const outcomes = [];
    for (let attempt = 1; attempt <= 3; attempt++)
      outcomes.push(await applyImportBatch(run.id, 1, raw(0, 40), { attempt }));
    expect(outcomes.map((o) => [o.status, o.attempt])).toEqual([
      ["retry", 1],
      ["retry", 2],
      ["failed", 3],
    ]);
    expect(outcomes[2]).toMatchObject({ maxAttempts: 3, error: { key: "run.errors.unknownBatchFailure" } });
    const gaveUp = await recordFailedBatch(run.id, 2, raw(40, 69));
    expect(gaveUp).toMatchObject({ status: "failed", batchNumber: 2 });
    const summary = await finishImportRun(run.id);
    expect(summary).toMatchObject({ outcome: "failed", failedBatches: 2, errorCount: 69, created: 0 });
    expect(await total(product)).toBe(0);
    expect(await finishImportRun(run.id)).toEqual(summary);
    await expect(applyImportBatch(run.id, 1, raw(0, 40))).resolves.toMatchObject({ status: "failed", repeated: true });
  });
});

describe(`bad files (${test.kind}): a clear rejection that writes nothing, or a correct import`, () => {
  const rejected: Array<[string, string]> = [
    ["empty.csv", "empty_file"],
    ["bom_only.csv", "empty_file"],
    ["unclosed_quote.csv", "unclosed_quote"],
    ["semicolon_delimiter.csv", "columns_not_found"],
    ["binary_xlsx_renamed.csv", "spreadsheet_not_csv"],
    ["binary_random.csv", "not_text"],
  ];

  it.each(rejected)("bad/%s is refused (%s); not even the new list is created", async (file, code) => {
    const lists = await db().select({ n: count() }).from(priceList);
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: file,
      bytes: read(`bad/${file}`),
      newListName: "Should not exist",
    });
    expect(result).toMatchObject({ ok: false, rejection: { code } });
    expect(await db().select({ n: count() }).from(priceList)).toEqual(lists);
    expect(await total(product)).toBe(0);
    expect((await db().select({ n: count() }).from(importRun))[0].n).toBe(0);
  });

  it("a file over 10 MB is refused before it is read", async () => {
    const bytes = new Uint8Array(11 * 1024 * 1024 + 1);
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "big.csv",
      bytes,
      listSlug,
    });
    expect(result).toMatchObject({ ok: false, rejection: { code: "file_too_large" } });
    expect(await total(product)).toBe(0);
  });

  it("header_only.csv: accepted with no data rows", async () => {
    const result = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "h.csv",
      bytes: read("bad/header_only.csv"),
      listSlug,
    });
    expect(result).toMatchObject({ ok: true, summary: { totalRows: 0, totalProcessed: 0, outcome: "success" } });
  });

  it("UTF-16 and Windows-1252 files import the same items, never NUL-ridden or mis-decoded text", async () => {
    for (const file of ["bad/utf16le_bom.csv", "bad/utf16le_tab_unicode_text.csv"]) {
      const result = await importQuickBooksFile({
        collectRows: true,
        actor: seller,
        fileName: file,
        bytes: read(file),
        listSlug,
      });
      if (!result.ok) throw new Error(`${file} refused`);
      expect(result.summary.totalProcessed).toBe(15);
    }
    const cp1252 = await importQuickBooksFile({
      collectRows: true,
      actor: seller,
      fileName: "w.csv",
      bytes: read("bad/windows1252_accents.csv"),
      listSlug,
    });
    if (!cp1252.ok) throw new Error("refused");
    expect(cp1252.rows.map((r) => [r.name, r.packValue, r.packUnit])).toEqual([
      ["Golden Pineapple", 6, "ct"],
      ["Jicama", 40, "lb"],
      ["Dried Arbol Chile", 1, "kg"],
      ["Güero Pepper", 10, "lb"],
      ["Papalo", 24, "ct"],
      ["Persian Lime", 200, "ct"],
    ]);
    const names = await db().select({ q: product.quickbooksId, es: product.nameEs }).from(product);
    expect(names.some((n) => MISDECODED.test(`${n.q}${n.es}`))).toBe(false);
  });

  it("markup, formulas and very long names are stored as text, never evaluated, with no database error", async () => {
    for (const file of ["bad/xss_name.csv", "bad/csv_injection.csv", "bad/long_name_5000.csv"]) {
      const result = await importQuickBooksFile({
        collectRows: true,
        actor: seller,
        fileName: file,
        bytes: read(file),
        listSlug,
      });
      if (!result.ok) throw new Error(`${file} refused`);
      expect(result.summary.outcome, file).not.toBe("failed");
      expect(result.summary.failedBatches, file).toBe(0);
    }
    const stored = await db().select({ q: product.quickbooksId, name: product.nameEn }).from(product);
    expect(stored.some((p) => p.q?.includes("<img src=x onerror=alert(1)>"))).toBe(true);
    expect(stored.every((p) => p.name.length <= 120 && (p.q ?? "").length <= 200)).toBe(true);
  });

  it("the results export as CSV in the reader's language, spreadsheet formulas neutralised", async () => {
    const result = await importQuickBooksFile({
      actor: seller,
      fileName: "csv_injection.csv",
      bytes: read("bad/csv_injection.csv"),
      listSlug,
    });
    if (!result.ok) throw new Error("refused");
    const { csv, fileName } = await exportImportRowsCsv(result.summary.runId!, { lang: "es" });
    expect(fileName).toBe("csv_injection-results.csv");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const cells = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(cells[0].slice(0, 4)).toEqual(["Fila", "Línea", "Artículo de QuickBooks", "Nombre (inglés)"]);
    // Without a model the engine read every row, and the column does not say AI.
    expect(cells[0][13]).toBe("Estado");
    const items = cells.slice(1).map((row) => row[2]);
    expect(items.length).toBe(result.summary.totalRows);
    for (const cell of cells.slice(1).flat()) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(items.some((item) => item.startsWith("'=") || item.startsWith("'+") || item.startsWith("'@"))).toBe(true);
    const only = await exportImportRowsCsv(result.summary.runId!, { lang: "en", statuses: ["success"] });
    const onlyRows = Papa.parse<string[]>(only.csv.slice(1), { skipEmptyLines: true }).data.slice(1);
    expect(onlyRows.every((row) => row[16] === "Success")).toBe(true);
  });
});
