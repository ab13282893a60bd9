/**
 * The import screen's routes on a real database (docs/decisions/016-import-screen-runs.md): the run
 * API's intents (start, batch, fail-batch, finish as JSON; a background import as multipart), the
 * progress the run page polls, the run page's loader and the results CSV — who may call them, and
 * bad bodies refused with a translated key and nothing written.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, importBatch, importRow, importRun, job, priceHistory, product } from "../../app/db/schema";
import { understandFile } from "../../app/features/imports/engine";
import { runDueImportJobs } from "../../app/features/imports/run/jobs.server";
import type { RunAnswer, RunProgressAnswer, StartRunRequest } from "../../app/features/imports/screen/schema";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import type { Lang } from "../../app/i18n/config";
import { en, es } from "../../app/i18n/resources";
import { loader as screenLoader } from "../../app/routes/import-quickbooks";
import { loader as runPageLoader } from "../../app/routes/import-quickbooks-run";
import { loader as progressLoader } from "../../app/routes/import-quickbooks-run-progress";
import { loader as csvLoader } from "../../app/routes/import-quickbooks-run-results";
import { action as runApi, loader as runsLoader } from "../../app/routes/import-quickbooks-runs";
import { BASE_URL, routeContext } from "../support/route-context";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

// Spanish has the English file's shape (app/i18n/resources.test.ts checks it).
const esImport = es.import as typeof en.import;

const test = await useTestDatabase();

const DIR = path.resolve("tests/fixtures/quickbooks");
const fixture = (name: string) => readFileSync(path.join(DIR, name));

type Called = { status: number; location: string | null; body: unknown; headers: Headers };
type Handler = (args: {
  request: Request;
  context: ReturnType<typeof routeContext>;
  params: Record<string, string>;
}) => unknown;

/** Calls a loader or action as React Router would, and reads what it answers or throws. */
async function call(
  handler: unknown,
  request: Request,
  user: SessionUser | null,
  params: Record<string, string> = {},
  lang: Lang = "en",
): Promise<Called> {
  let value: unknown;
  try {
    value = await (handler as Handler)({ request, context: routeContext({ user, lang }), params });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    // The CSV's byte order mark is kept (text() would drop it).
    const body = type.includes("json")
      ? await value.json()
      : new TextDecoder("utf-8", { ignoreBOM: true }).decode(await value.arrayBuffer());
    return { status: value.status, location: value.headers.get("location"), body, headers: value.headers };
  }
  const init = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (init?.type === "DataWithResponseInit") {
    return { status: init.init?.status ?? 200, location: null, body: init.data, headers: new Headers() };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, headers: new Headers() };
}

const url = (p: string) => new URL(p, BASE_URL);
const postJson = (body: unknown, raw?: string) =>
  new Request(url("/import-quickbooks/runs"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });

async function api(body: unknown, user: SessionUser | null = seller) {
  const called = await call(runApi, postJson(body), user);
  return { status: called.status, answer: called.body as RunAnswer };
}

function upload(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(url("/import-quickbooks/runs"), { method: "POST", body: form });
}

const csvFile = (name: string, bytes: Uint8Array | string = fixture(name)) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], path.basename(name), { type: "text/csv" });

let seller: SessionUser;
let otherSeller: SessionUser;
let admin: SessionUser;
let customer: SessionUser;
let listSlug: string;

async function tableCounts() {
  const n = async (
    table:
      | typeof product
      | typeof importRun
      | typeof importRow
      | typeof importBatch
      | typeof priceHistory
      | typeof activity
      | typeof job,
  ) => (await db().select({ n: count() }).from(table))[0].n;
  return {
    products: await n(product),
    runs: await n(importRun),
    rows: await n(importRow),
    batches: await n(importBatch),
    history: await n(priceHistory),
    activity: await n(activity),
    jobs: await n(job),
  };
}

/** What the screen's worker has after reading a file: the start request and each batch's rows. */
async function readLikeTheWorker(name: string, list = listSlug) {
  const understood = await understandFile(fixture(name));
  if (!understood.ok) throw new Error(`${name} refused`);
  const start: StartRunRequest = {
    intent: "start",
    list,
    fileName: path.basename(name),
    format: {
      headers: understood.format.headers,
      delimiter: understood.format.delimiter,
      headerRecord: understood.format.headerRecord,
      headerLine: understood.format.headerLine,
    },
    encoding: understood.encoding,
    totalRows: understood.totalRows,
    duplicates: [...understood.superseded],
  };
  const rowsOf = (batch: number, size: number) =>
    understood.rows
      .slice((batch - 1) * size, batch * size)
      .map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
  return { start, rowsOf, totalRows: understood.totalRows };
}

async function startRun(name = "qbo_small.csv", batchSize?: number, user = seller) {
  const file = await readLikeTheWorker(name);
  const started = await api({ ...file.start, ...(batchSize ? { batchSize } : {}) }, user);
  if (!started.answer.ok || started.answer.intent !== "start") throw new Error(`start answered ${started.status}`);
  return {
    ...file,
    runId: started.answer.runId,
    totalBatches: started.answer.totalBatches,
    batchSize: started.answer.batchSize,
  };
}

beforeAll(async () => {
  seller = await makeUser("seller", { name: "Sam Seller" });
  otherSeller = await makeUser("seller");
  admin = await makeUser("admin");
  customer = await makeUser("customer");
});

beforeEach(async () => {
  const list = await freshImportData(seller, "Screen imports");
  listSlug = list.slug;
});

describe(`the run API: an interactive run as the screen drives it (${test.kind})`, () => {
  it("starts, takes qbo_small.csv in batches, finishes, and the run page shows its summary and rows", async () => {
    const run = await startRun("qbo_small.csv", 20);
    expect(run.totalBatches).toBe(4);
    for (let batch = 1; batch <= run.totalBatches; batch++) {
      const { answer } = await api({
        intent: "batch",
        runId: run.runId,
        batch,
        attempt: 1,
        rows: run.rowsOf(batch, 20),
      });
      expect(answer).toEqual({ ok: true, intent: "batch", status: "applied", batch, attempt: 1 });
    }
    const finished = await api({ intent: "finish", runId: run.runId });
    expect(finished.answer).toEqual({ ok: true, intent: "finish", runId: run.runId, outcome: "success" });

    const page = await call(runPageLoader, new Request(url(`/import-quickbooks/runs/${run.runId}`)), seller, {
      runId: run.runId,
    });
    const data = page.body as Awaited<ReturnType<typeof runPageLoader>>;
    expect(data.run).toMatchObject({
      status: "finished",
      outcome: "success",
      mode: "interactive",
      userName: "Sam Seller",
    });
    // EXPECTED.md: 47 products, 2 inactive, 5 services, 7 fee codes, 8 invalid descriptions; TOMATILLO twice.
    expect(data.run.summary).toMatchObject({
      totalProcessed: 69,
      created: 48,
      updated: 0,
      skipped: 1,
      errors: 0,
      processedInactive: 2,
      invalidRowsSkipped: 20,
      successCount: 49,
      errorCount: 0,
    });
    expect(data.failedBatches).toEqual([]);
    expect(data.modelConfigured).toBe(false);
    expect(data.results).toMatchObject({ total: 69, page: 1, pageCount: 2 });
    expect(data.results?.statusCounts).toEqual({
      success: 47,
      processed_inactive: 2,
      skipped_service_item: 5,
      skipped_known_non_product_code: 7,
      skipped_invalid_description: 8,
    });
    expect(data.results?.rows[0]).toMatchObject({
      row: 1,
      item: "AVO48",
      name: "Hass Avocado",
      aiStatus: "success",
      dbProductStatus: "success",
      dbPriceStatus: "success",
      finalStatus: "success",
    });
    expect(data.results?.rows[0].messages.map((m) => m.code)).toEqual(["product_created", "price_set"]);
    // The product it created, by its names and address, for the page's link.
    expect(data.results?.rows[0].product).toEqual({
      slug: "hass-avocado",
      name: "Hass Avocado",
      nameEs: "Aguacate Hass",
      archived: false,
    });
    const skipped = data.results?.rows.find((r) => r.finalStatus === "skipped_service_item");
    expect(skipped?.product).toBeNull();
  });

  it("filters the run page's rows by final status and pages them", async () => {
    const run = await startRun();
    await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: run.rowsOf(1, 500) });
    await api({ intent: "finish", runId: run.runId });
    const load = async (query: string) =>
      (
        await call(runPageLoader, new Request(url(`/import-quickbooks/runs/${run.runId}${query}`)), seller, {
          runId: run.runId,
        })
      ).body as Awaited<ReturnType<typeof runPageLoader>>;
    const services = await load("?status=skipped_service_item");
    expect(services.filter).toBe("skipped_service_item");
    expect(services.results?.rows.map((r) => r.finalStatus)).toEqual(Array(5).fill("skipped_service_item"));
    const second = await load("?page=2");
    expect(second.results?.rows.map((r) => r.row)).toEqual(Array.from({ length: 19 }, (_, i) => 51 + i));
    // An unknown status is no filter; a page past the end is the last.
    expect((await load("?status=nope&page=99")).results).toMatchObject({ page: 2, total: 69 });
  });

  it("answers 'retry' for a failed attempt, then applies the batch once", async () => {
    setImportFaultsForTests({
      beforeCommit: ({ attempt }) => {
        if (attempt < 2) throw new Error("injected fault");
      },
    });
    const run = await startRun();
    const rows = run.rowsOf(1, 500);
    const first = await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows });
    expect(first.answer).toEqual({ ok: true, intent: "batch", status: "retry", batch: 1, attempt: 1 });
    expect(await tableCounts()).toMatchObject({ products: 0, rows: 0 });
    const second = await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 2, rows });
    expect(second.answer).toMatchObject({ status: "applied", attempt: 2 });
    // A repeated request answers what is stored and writes nothing.
    const before = await tableCounts();
    const again = await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 3, rows });
    expect(again.answer).toMatchObject({ status: "applied" });
    expect(await tableCounts()).toEqual(before);
  });

  it("records a batch the server could not write in three attempts as failed, and the run goes on", async () => {
    setImportFaultsForTests({
      beforeCommit: ({ batchNumber }) => {
        if (batchNumber === 2) throw new Error("injected fault");
      },
    });
    const run = await startRun("qbo_small.csv", 20);
    for (let batch = 1; batch <= run.totalBatches; batch++) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const { answer } = await api({
          intent: "batch",
          runId: run.runId,
          batch,
          attempt,
          rows: run.rowsOf(batch, 20),
        });
        if (!answer.ok || answer.intent !== "batch") throw new Error("refused");
        if (batch === 2) expect(answer.status).toBe(attempt < 3 ? "retry" : "failed");
        if (answer.status !== "retry") break;
      }
    }
    const finished = await api({ intent: "finish", runId: run.runId });
    expect(finished.answer).toMatchObject({ outcome: "warning" });
    const page = (
      await call(runPageLoader, new Request(url(`/import-quickbooks/runs/${run.runId}?status=error_system`)), seller, {
        runId: run.runId,
      })
    ).body as Awaited<ReturnType<typeof runPageLoader>>;
    expect(page.failedBatches).toEqual([{ batch: 2, reason: "server" }]);
    expect(page.run.summary).toMatchObject({ failedBatches: 1, errors: 20 });
    expect(page.results?.rows.map((r) => r.row)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    expect(page.results?.rows[0].messages).toEqual([{ code: "batch_failed", severity: "error" }]);
  });

  it("records a batch the browser could not deliver ('fail-batch'): its rows 'Skipped due to batch processing error.'", async () => {
    const run = await startRun("qbo_small.csv", 50);
    const failed = await api({ intent: "fail-batch", runId: run.runId, batch: 1, rows: run.rowsOf(1, 50) });
    expect(failed.answer).toMatchObject({ ok: true, intent: "fail-batch", status: "failed", batch: 1 });
    await api({ intent: "batch", runId: run.runId, batch: 2, attempt: 1, rows: run.rowsOf(2, 50) });
    expect((await api({ intent: "finish", runId: run.runId })).answer).toMatchObject({ outcome: "warning" });
    const page = (
      await call(
        runPageLoader,
        new Request(url(`/import-quickbooks/runs/${run.runId}`)),
        seller,
        { runId: run.runId },
        "es",
      )
    ).body as Awaited<ReturnType<typeof runPageLoader>>;
    expect(page.failedBatches).toEqual([{ batch: 1, reason: "network" }]);
    expect(page.results?.statusCounts.error_system).toBe(50);
    expect(page.results?.rows[0]).toMatchObject({
      row: 1,
      item: "AVO48",
      finalStatus: "error_system",
      productId: null,
    });
    expect(en.import.run.messages.batchFailed).toBe("Skipped due to batch processing error.");
    expect(esImport.run.messages.batchFailed).toBe("Omitido por un error al procesar el lote.");
  });

  it("a run whose every batch failed ends 'failed'", async () => {
    const run = await startRun();
    await api({ intent: "fail-batch", runId: run.runId, batch: 1, rows: run.rowsOf(1, 500) });
    expect((await api({ intent: "finish", runId: run.runId })).answer).toMatchObject({ outcome: "failed" });
    // Finishing again answers the same.
    expect((await api({ intent: "finish", runId: run.runId })).answer).toMatchObject({ outcome: "failed" });
  });

  it("refuses batches for a run that has ended, another person's run and a background run", async () => {
    const run = await startRun();
    await api({ intent: "finish", runId: run.runId });
    const rows = run.rowsOf(1, 500);
    expect(await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows })).toEqual({
      status: 409,
      answer: { ok: false, error: "run.errors.runClosed", values: {} },
    });
    const theirs = await startRun("qbo_small.csv", undefined, otherSeller);
    for (const body of [
      { intent: "batch", runId: theirs.runId, batch: 1, attempt: 1, rows },
      { intent: "fail-batch", runId: theirs.runId, batch: 1, rows },
      { intent: "finish", runId: theirs.runId },
    ]) {
      expect(await api(body)).toEqual({
        status: 404,
        answer: { ok: false, error: "run.errors.runNotFound", values: {} },
      });
    }
    const background = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("qbo_small.csv") }),
      seller,
    );
    const runId = (background.body as { runId: string }).runId;
    expect(await api({ intent: "batch", runId, batch: 1, attempt: 1, rows })).toMatchObject({ status: 404 });
    expect(await api({ intent: "finish", runId })).toMatchObject({ status: 404 });
  });
});

describe(`the run API refuses bad bodies with a translated key and writes nothing (${test.kind})`, () => {
  it.each([
    ["not JSON", null, "{nope", 400, "run.errors.badRequest"],
    ["an array", [], undefined, 400, "run.errors.badRequest"],
    ["an unknown intent", { intent: "write" }, undefined, 400, "run.errors.badRequest"],
    ["a start without a list", { list: undefined }, undefined, 400, "run.errors.listRequired"],
    ["a start with a blank list", { list: "  " }, undefined, 400, "run.errors.listRequired"],
    ["a start into a list that does not exist", { list: "nope" }, undefined, 404, "run.errors.listNotFound"],
    [
      "a start whose header has no QuickBooks columns",
      { format: { headers: ["a", "b"], delimiter: ",", headerRecord: 0, headerLine: 1 } },
      undefined,
      400,
      "run.errors.badFormat",
    ],
    ["a start without rows", { totalRows: 0 }, undefined, 400, "run.errors.badRequest"],
    ["a start with batches over 500 rows", { batchSize: 501 }, undefined, 400, "run.errors.badRequest"],
    [
      "a start with a bad delimiter",
      { format: { headers: ["x"], delimiter: ";", headerRecord: 0, headerLine: 1 } },
      undefined,
      400,
      "run.errors.badRequest",
    ],
    ["a file name too long", { fileName: "x".repeat(256) }, undefined, 400, "run.errors.badRequest"],
  ])("refuses %s", async (_what, change, raw, status, error) => {
    const { start } = await readLikeTheWorker("qbo_small.csv");
    const body = change === null || Array.isArray(change) ? change : { ...start, ...change };
    const before = await tableCounts();
    const called = await call(runApi, postJson(body, raw), seller);
    expect(called.status).toBe(status);
    expect((called.body as { error: string }).error).toBe(error);
    expect(await tableCounts()).toEqual(before);
    if (error.startsWith("run.")) {
      const key = error.split(".").slice(1) as ["errors", string];
      expect(en.import.run.errors[key[1] as keyof typeof en.import.run.errors]).toBeTruthy();
      expect(esImport.run.errors[key[1] as keyof typeof esImport.run.errors]).toBeTruthy();
    }
  });

  it("refuses batches that do not fit the run, with the batch named", async () => {
    const run = await startRun("qbo_small.csv", 20);
    const before = await tableCounts();
    const rows = run.rowsOf(1, 20);
    const cases: Array<[unknown, number, string]> = [
      [{ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: rows.slice(1) }, 400, "run.errors.badBatch"],
      [{ intent: "batch", runId: run.runId, batch: 2, attempt: 1, rows }, 400, "run.errors.badBatch"],
      [{ intent: "batch", runId: run.runId, batch: 9, attempt: 1, rows }, 400, "run.errors.badBatch"],
      [{ intent: "batch", runId: run.runId, batch: 1, attempt: 4, rows }, 400, "run.errors.badRequest"],
      [{ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: [] }, 400, "run.errors.badRequest"],
      [{ intent: "batch", runId: "not-a-uuid", batch: 1, attempt: 1, rows }, 400, "run.errors.badRequest"],
      [{ intent: "batch", runId: crypto.randomUUID(), batch: 1, attempt: 1, rows }, 404, "run.errors.runNotFound"],
      [
        { intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: [{ row: 1, cells: "x" }] },
        400,
        "run.errors.badRequest",
      ],
      [
        {
          intent: "batch",
          runId: run.runId,
          batch: 1,
          attempt: 1,
          rows: Array.from({ length: 501 }, (_, i) => ({ row: i + 1, line: null, cells: [] })),
        },
        400,
        "run.errors.badRequest",
      ],
      [{ intent: "fail-batch", runId: run.runId, batch: 3, rows }, 400, "run.errors.badBatch"],
      [{ intent: "finish", runId: "x" }, 400, "run.errors.badRequest"],
    ];
    for (const [body, status, error] of cases) {
      const { status: got, answer } = await api(body);
      expect([got, !answer.ok && answer.error], JSON.stringify(body).slice(0, 120)).toEqual([status, error]);
    }
    const badBatch = await api({ intent: "batch", runId: run.runId, batch: 2, attempt: 1, rows });
    expect(badBatch.answer).toMatchObject({ values: { n: 2 } });
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a form post that is neither JSON nor multipart", async () => {
    const form = new Request(url("/import-quickbooks/runs"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=start&list=x",
    });
    const called = await call(runApi, form, seller);
    expect([called.status, called.body]).toEqual([400, { ok: false, error: "run.errors.badRequest" }]);
  });
});

describe(`who may use the run API and the run's routes (${test.kind})`, () => {
  it("answers 'User not authenticated.' to the screen when the session has gone, and sends a form post to /login", async () => {
    const { start } = await readLikeTheWorker("qbo_small.csv");
    expect(await api(start, null)).toEqual({
      status: 401,
      answer: { ok: false, error: "run.errors.notAuthenticated" },
    });
    const multipart = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("qbo_small.csv") }),
      null,
    );
    expect(multipart.status).toBe(401);
    const form = new Request(url("/import-quickbooks/runs"), { method: "POST", body: new URLSearchParams({ a: "b" }) });
    const anonymous = await call(runApi, form, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent("/import-quickbooks/runs")}`);
    expect(await tableCounts()).toMatchObject({ runs: 0 });
  });

  it("refuses a customer everything: 403 for the API, /unauthorized for the pages, and nothing written or read", async () => {
    const run = await startRun();
    const before = await tableCounts();
    const { start } = await readLikeTheWorker("qbo_small.csv");
    for (const body of [start, { intent: "finish", runId: run.runId }]) {
      const called = await call(runApi, postJson(body), customer);
      expect(called.status).toBe(403);
      expect(called.body).toEqual({ error: "forbidden" });
    }
    const multipart = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("qbo_small.csv") }),
      customer,
    );
    expect(multipart.status).toBe(403);
    const params = { runId: run.runId };
    for (const [handler, address] of [
      [runPageLoader, `/import-quickbooks/runs/${run.runId}`],
      [progressLoader, `/import-quickbooks/runs/${run.runId}/progress`],
      [csvLoader, `/import-quickbooks/runs/${run.runId}/results.csv`],
      [runsLoader, "/import-quickbooks/runs"],
    ] as const) {
      const called = await call(handler, new Request(url(address)), customer, params);
      expect([called.status, called.location], address).toEqual([302, "/unauthorized"]);
      expect(JSON.stringify(called.body ?? "")).not.toContain("qbo_small");
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("lets an admin follow a seller's run (the page, its progress, its rows)", async () => {
    const run = await startRun();
    const progress = await call(
      progressLoader,
      new Request(url(`/import-quickbooks/runs/${run.runId}/progress`)),
      admin,
      {
        runId: run.runId,
      },
    );
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      ok: true,
      run: { id: run.runId, status: "pending", totalBatches: 1, appliedBatches: 0 },
    });
    const list = await call(runsLoader, new Request(url("/import-quickbooks/runs")), admin);
    expect(list.body).toMatchObject({
      total: 1,
      runs: [{ id: run.runId, fileName: "qbo_small.csv", mode: "interactive" }],
    });
  });
});

describe(`the progress and the results CSV (${test.kind})`, () => {
  it("answers a run's progress as it goes, and 404 for one that does not exist", async () => {
    const run = await startRun("qbo_small.csv", 20);
    await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: run.rowsOf(1, 20) });
    const progress = await call(progressLoader, new Request(url("/x")), seller, { runId: run.runId });
    const answer = progress.body as Extract<RunProgressAnswer, { ok: true }>;
    expect(answer.run).toEqual({
      id: run.runId,
      status: "running",
      outcome: null,
      totalRows: 69,
      totalBatches: 4,
      appliedBatches: 1,
      failedBatches: 0,
      processedRows: 20,
    });
    expect(progress.headers.get("cache-control")).toContain("no-store");
    for (const runId of [crypto.randomUUID(), "not-a-uuid"]) {
      const missing = await call(progressLoader, new Request(url("/x")), seller, { runId });
      expect([missing.status, missing.body]).toEqual([404, { ok: false, error: "run.errors.runNotFound" }]);
      const page = await call(runPageLoader, new Request(url("/x")), seller, { runId });
      expect(page.status).toBe(404);
      const csv = await call(csvLoader, new Request(url("/x")), seller, { runId });
      expect(csv.status).toBe(404);
    }
  });

  it("downloads the rows as CSV in the reader's language, one status at a time, formulas neutralised", async () => {
    const run = await startRun("bad/csv_injection.csv");
    await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: run.rowsOf(1, 500) });
    await api({ intent: "finish", runId: run.runId });
    const called = await call(csvLoader, new Request(url("/x")), seller, { runId: run.runId });
    expect(called.status).toBe(200);
    expect(called.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(called.headers.get("content-disposition")).toBe('attachment; filename="csv_injection-results.csv"');
    const text = called.body as string;
    expect(text.startsWith("\uFEFFRow,Line,QuickBooks item,")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines.length).toBe(1 + run.totalRows);
    for (const line of lines.slice(1)) expect(line.replace(/^"/, "")).not.toMatch(/^[0-9]+,[0-9]*,"?[=+\-@\t\r]/);
    expect(text).toContain("'=HYPERLINK(");

    const spanish = await call(
      csvLoader,
      new Request(url("/x?status=skipped_invalid_description")),
      seller,
      { runId: run.runId },
      "es",
    );
    expect(spanish.headers.get("content-disposition")).toBe(
      'attachment; filename="csv_injection-results-skipped_invalid_description.csv"',
    );
    const rows = (spanish.body as string).slice(1).trimEnd().split("\r\n");
    expect(rows[0].startsWith("Fila,")).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r.includes("Omitido: descripción no válida"))).toBe(true);
  });
});

describe(`a background import from the screen (${test.kind})`, () => {
  it("stores the posted file with its run and job; the worker imports it and the run page shows the result", async () => {
    const called = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("qbd_small.csv") }),
      seller,
    );
    expect(called.status).toBe(200);
    const { runId } = called.body as { ok: true; intent: "background"; runId: string };
    expect(called.body).toEqual({ ok: true, intent: "background", runId });
    const queued = await call(progressLoader, new Request(url("/x")), seller, { runId });
    expect(queued.body).toMatchObject({ ok: true, run: { status: "queued" } });
    expect(await runDueImportJobs()).toBe(1);
    const page = (await call(runPageLoader, new Request(url("/x")), seller, { runId })).body as Awaited<
      ReturnType<typeof runPageLoader>
    >;
    expect(page.run).toMatchObject({ mode: "background", status: "finished", outcome: "success", totalRows: 69 });
    // EXPECTED.md: 47 products and 3 inactive, none repeated (Desktop paths differ); 19 skipped.
    expect(page.run.summary).toMatchObject({ created: 50, processedInactive: 3, invalidRowsSkipped: 19, errors: 0 });
    expect(page.results?.total).toBe(69);
  });

  it.each([
    ["no list", { intent: "background", file: "qbo_small.csv" }, 400, "screen.errors.listRequired"],
    ["no file", { intent: "background", list: "LIST" }, 400, "screen.errors.fileRequired"],
    ["an empty file field", { intent: "background", list: "LIST", file: "" }, 400, "screen.errors.fileRequired"],
    ["a .txt file", { intent: "background", list: "LIST", file: "items.txt" }, 400, "screen.errors.invalidFormat"],
    ["another intent", { intent: "start", list: "LIST", file: "qbo_small.csv" }, 400, "run.errors.badRequest"],
    [
      "a list that does not exist",
      { intent: "background", list: "nope", file: "qbo_small.csv" },
      404,
      "run.errors.listNotFound",
    ],
    [
      "a spreadsheet renamed .csv",
      { intent: "background", list: "LIST", file: "bad/binary_xlsx_renamed.csv" },
      400,
      "screen.errors.parse",
    ],
    ["an empty file", { intent: "background", list: "LIST", file: "bad/empty.csv" }, 400, "screen.errors.parse"],
  ])("refuses %s with a message and stores nothing", async (_what, fields, status, error) => {
    const before = await tableCounts();
    const form: Record<string, string | File> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (name === "list") form.list = value === "LIST" ? listSlug : value;
      else if (name === "file") {
        form.file =
          value === ""
            ? new File([], "", { type: "application/octet-stream" })
            : value === "items.txt"
              ? new File([fixture("qbo_small.csv")], "items.txt", { type: "text/plain" })
              : csvFile(value);
      } else form[name] = value;
    }
    const called = await call(runApi, upload(form), seller);
    expect([called.status, (called.body as { error: string }).error]).toEqual([status, error]);
    if (error === "screen.errors.parse")
      expect((called.body as { detail: { key: string } }).detail.key).toMatch(/^engine\.rejections\./);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a file over 10 MB before storing it", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, "AVO48,AGUACATE HASS 48CT,,Inventory,54.00\n");
    const called = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("big.csv", big) }),
      seller,
    );
    expect(called.status).toBe(400);
    expect(called.body).toEqual({ ok: false, error: "engine.rejections.fileTooLarge", values: { maxMb: 10 } });
    const huge = Buffer.alloc(11 * 1024 * 1024, "a");
    const refused = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("huge.csv", huge) }),
      seller,
    );
    expect(refused.body).toMatchObject({ error: "engine.rejections.fileTooLarge" });
    expect(await tableCounts()).toMatchObject({ runs: 0, jobs: 0 });
  });

  it("answers 'Error initiating the import process…' when the file cannot be stored", async () => {
    await db().execute(sql`alter table import_file rename to import_file_away`);
    let called: Called;
    try {
      called = await call(
        runApi,
        upload({ intent: "background", list: listSlug, file: csvFile("qbo_small.csv") }),
        seller,
      );
    } finally {
      await db().execute(sql`alter table import_file_away rename to import_file`);
    }
    expect([called.status, called.body]).toEqual([500, { ok: false, error: "run.errors.startFailed" }]);
    expect(en.import.run.errors.startFailed).toBe(
      "Error initiating the import process. Please check logs or try again.",
    );
    expect(await tableCounts()).toMatchObject({ runs: 0, jobs: 0 });
  });
});

describe(`past runs on the import screen (${test.kind})`, () => {
  it("lists every run newest first: when, who, list, file, how it ran, its outcome and counts, ten a page", async () => {
    const run = await startRun();
    await api({ intent: "batch", runId: run.runId, batch: 1, attempt: 1, rows: run.rowsOf(1, 500) });
    await api({ intent: "finish", runId: run.runId });
    const background = await call(
      runApi,
      upload({ intent: "background", list: listSlug, file: csvFile("qbd_small.csv") }),
      admin,
    );
    const backgroundId = (background.body as { runId: string }).runId;
    type ScreenData = Awaited<ReturnType<typeof screenLoader>>;
    const first = (await call(screenLoader, new Request(url("/import-quickbooks")), seller)).body as ScreenData;
    expect(first.pastRuns).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    // No model is configured: the screen does not speak of AI. A seller may create a list from it.
    expect(first).toMatchObject({ modelConfigured: false, canCreateList: true });
    expect(first.pastRuns.runs.map((r) => r.id)).toEqual([backgroundId, run.runId]);
    expect(first.pastRuns.runs[0]).toMatchObject({
      fileName: "qbd_small.csv",
      mode: "background",
      status: "queued",
      outcome: null,
      listName: "Screen imports",
      counts: null,
    });
    expect(first.pastRuns.runs[1]).toMatchObject({
      fileName: "qbo_small.csv",
      mode: "interactive",
      status: "finished",
      outcome: "success",
      userName: "Sam Seller",
      totalRows: 69,
      counts: { created: 48, updated: 0, skipped: 1, errors: 0 },
    });
    expect(Date.parse(first.pastRuns.runs[1].startedAt)).not.toBeNaN();

    for (let i = 0; i < 10; i++) await startRun();
    const page2 = (await call(screenLoader, new Request(url("/import-quickbooks?runs=2")), seller)).body as ScreenData;
    expect(page2.pastRuns).toMatchObject({ total: 12, page: 2, pageCount: 2 });
    expect(page2.pastRuns.runs.map((r) => r.id)).toEqual([backgroundId, run.runId]);
    const beyond = (await call(screenLoader, new Request(url("/import-quickbooks?runs=x")), seller)).body as ScreenData;
    expect(beyond.pastRuns.page).toBe(1);
  });
});
