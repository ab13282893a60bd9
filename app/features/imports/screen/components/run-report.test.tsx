// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import type { ImportSummary } from "../../run/run-messages";
import type { ListedRowResult } from "../../run/rows.server";
import type { ImportRunView } from "../../run/run.server";
import type { RunProgressAnswer } from "../schema";
import { PROGRESS_POLL_MS, RunReport, type RunReportData } from "./run-report";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RUN = "00000000-0000-4000-8000-00000000000a";

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const summary = {
  runId: RUN,
  listSlug: "wholesale",
  listName: "Wholesale",
  fileName: "items.csv",
  format: "qbo_classic",
  mode: "background",
  dryRun: false,
  totalRows: 1200,
  totalBatches: 3,
  appliedBatches: 2,
  failedBatches: 1,
  totalProcessed: 1200,
  counts: {
    total: 1200,
    new: 600,
    linked: 0,
    updated: 80,
    unchanged: 10,
    skipped: { total: 2, duplicate: 2, byStaff: 0 },
    invalid: { total: 108, serviceItem: 50, knownNonProductCode: 30, invalidDescription: 28 },
    errors: 400,
  },
  created: 600,
  updated: 80,
  unchanged: 10,
  duplicates: 2,
  skipped: 12,
  errors: 400,
  processedInactive: 5,
  invalidRowsSkipped: 108,
  skippedBy: { service_item: 50, known_non_product_code: 30, invalid_description: 28 },
  withoutPrice: 3,
  unrecognized: 7,
  successCount: 692,
  errorCount: 400,
  notProcessed: 0,
  pricesChanged: 680,
  nothingChanged: false,
  namedByModel: 0,
  versionNumber: 4,
  outcome: "warning",
  rejection: null,
} satisfies ImportSummary;

function view(status: ImportRunView["status"]): ImportRunView {
  const ended = status === "finished";
  return {
    id: RUN,
    fileName: "items.csv",
    format: "qbo_classic",
    mode: "background",
    status,
    outcome: ended ? "warning" : null,
    listSlug: "wholesale",
    listName: "Wholesale",
    listNameEs: "Mayorista",
    userId: "u1",
    userName: "Sam Seller",
    startedAt: "2026-03-02T15:00:00.000Z",
    finishedAt: ended ? "2026-03-02T15:01:00.000Z" : null,
    totalRows: status === "queued" ? 0 : 1200,
    totalBatches: status === "queued" ? 0 : 3,
    batchSize: 500,
    progress: { appliedBatches: ended ? 2 : 0, failedBatches: ended ? 1 : 0, retryingBatches: 0, processedRows: 0 },
    summary: ended ? summary : null,
    abandoned: false,
    rowsRemovedAt: null,
  };
}

function progress(status: ImportRunView["status"], appliedBatches: number): RunProgressAnswer {
  return {
    ok: true,
    run: {
      id: RUN,
      status,
      outcome: status === "finished" ? "warning" : null,
      totalRows: 1200,
      totalBatches: 3,
      appliedBatches,
      failedBatches: 0,
      processedRows: appliedBatches * 500,
    },
  };
}

async function render(lang: Lang, loads: RunReportData[]) {
  let calls = 0;
  const loader = () => loads[Math.min(calls++, loads.length - 1)];
  function Page() {
    return <RunReport {...(useLoaderData() as RunReportData)} />;
  }
  const Stub = createRoutesStub([
    { path: "/import-quickbooks/runs/:runId", Component: Page, HydrateFallback: () => null, loader },
  ]);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n(lang)}>
        <Stub initialEntries={[`/import-quickbooks/runs/${RUN}`]} />
      </I18nextProvider>,
    );
  });
  return () => calls;
}

const text = () => container.textContent ?? "";

async function tick() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
  });
}

describe("RunReport", () => {
  it("follows a background run until it ends, then shows its outcome, failed batches and summary", async () => {
    const answers = [progress("running", 0), progress("running", 1), progress("finished", 2)];
    const fetch = vi.fn(async () => Response.json(answers.shift()));
    vi.stubGlobal("fetch", fetch);
    const ended: RunReportData = {
      run: view("finished"),
      failedBatches: [{ batch: 3, reason: "server" }],
      results: { rows: [], total: 0, page: 1, pageCount: 1, statusCounts: {} },
      filter: null,
      modelConfigured: false,
    };
    const loads = await render("en", [
      { run: view("queued"), failedBatches: [], results: null, filter: null, modelConfigured: false },
      ended,
    ]);
    expect(text()).toContain("Waiting for the server to start the import…");
    const facts = () => container.querySelector('[data-testid="run-facts"]')?.textContent ?? "";
    expect(facts()).toContain("StatusQueued");
    expect(facts()).toContain("Rows in the file—");
    await tick();
    expect(facts()).toContain("StatusRunning");
    expect(facts()).toContain("Rows in the file1,200");
    expect(fetch).toHaveBeenCalledWith(`/import-quickbooks/runs/${RUN}/progress`, expect.anything());
    expect(text()).toContain("Processing Batch 1 of 3");
    expect(text()).toContain("0 of 1,200 rows");
    await tick();
    expect(text()).toContain("Processing Batch 2 of 3");
    expect(text()).toContain("500 of 1,200 rows");
    await tick();
    await vi.waitFor(() => expect(text()).toContain("Import completed with some issues. Please review the results."));
    expect(loads()).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(text()).toContain("Batch processing failed after retries.");
    expect(text()).toContain("Error processing batch 3: Batch processing failed for an unknown reason.");
    const boxes = [...container.querySelectorAll("[data-count]")].map((el) => [
      el.getAttribute("data-count"),
      el.querySelector("dd")?.textContent,
    ]);
    expect(Object.fromEntries(boxes)).toEqual({
      totalProcessed: "1,200",
      created: "600",
      updated: "80",
      unchanged: "12",
      errors: "400",
      processedInactive: "5",
      invalidRowsSkipped: "108",
      successCount: "692",
      errorCount: "400",
    });
    // The preview's line, from the same counts: it adds up to the file.
    expect(container.querySelector('[data-testid="counts-line"]')?.textContent).toBe(
      "1,200 rows = 600 new + 0 linked + 80 updated + 10 unchanged + 2 skipped + 108 invalid + 400 errors",
    );
    expect(text()).toContain("The list's prices before this import are kept as version 4.");
    // Nothing more is asked once the run has ended.
    await tick();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    [false, "Nombre interpretado", "Estado"],
    [true, "Nombre procesado por IA", "Estado de IA"],
  ] as const)(
    "shows each row's product by its name, linking to its page; a model configured: %s",
    async (modelConfigured, name, status) => {
      vi.stubGlobal("fetch", vi.fn());
      const row: ListedRowResult = {
        row: 1,
        batch: 1,
        line: 2,
        item: "AVO48",
        quickbooksId: "AVO48",
        name: "Hass Avocado",
        nameEs: "Aguacate Hass",
        category: "fruits",
        packValue: 48,
        packUnit: "ct",
        unit: null,
        priceCents: 5400,
        sku: null,
        quantity: null,
        productId: "00000000-0000-4000-8000-000000000001",
        action: "created",
        match: "new",
        candidates: [],
        namedBy: modelConfigured ? "model" : "engine",
        aiStatus: "success",
        dbProductStatus: "success",
        dbPriceStatus: "success",
        finalStatus: "success",
        messages: [],
        message: "",
        product: { slug: "hass-avocado", name: "Hass Avocado", nameEs: "Aguacate Hass", archived: false },
      };
      const results = { rows: [row], total: 1, page: 1, pageCount: 1, statusCounts: { success: 1 } };
      await render("es", [{ run: view("finished"), failedBatches: [], results, filter: null, modelConfigured }]);
      const headers = [...container.querySelectorAll("thead th")].map((th) => th.textContent);
      expect(headers).toContain(name);
      expect(headers).toContain(status);
      if (!modelConfigured) expect(text()).not.toMatch(/\b(AI|IA)\b/);
      // The run's page is an address of its own: the product opens in its place, in the table and on a card.
      const links = [...container.querySelectorAll('[data-testid="results"] a[href="/products/hass-avocado"]')];
      expect(links.map((a) => [a.textContent, a.getAttribute("target")])).toEqual([
        ["Aguacate Hass", null],
        ["Aguacate Hass", null],
      ]);
      expect(text()).not.toContain("00000000-0000-4000-8000-000000000001");
    },
  );

  it("keeps asking after a missed look, and speaks Spanish", async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(Response.json(progress("running", 2)));
    vi.stubGlobal("fetch", fetch);
    await render("es", [
      { run: view("running"), failedBatches: [], results: null, filter: null, modelConfigured: false },
    ]);
    expect(text()).toContain("Procesando el lote 1 de 3");
    await tick();
    await tick();
    expect(text()).toContain("Procesando el lote 3 de 3");
    expect(text()).toContain("1,000 de 1,200 filas");
  });

  it("says why a background run failed: the file refused while the server read it", async () => {
    const failed = {
      ...view("finished"),
      status: "failed" as const,
      outcome: "failed" as const,
      summary: {
        ...summary,
        outcome: "failed" as const,
        totalRows: 0,
        rejection: { code: "unclosed_quote" as const, line: 4 },
      },
    };
    await render("en", [{ run: failed, failedBatches: [], results: null, filter: null, modelConfigured: false }]);
    const alert = container.querySelector('[role="alert"]')?.textContent ?? "";
    expect(alert).toContain("Import failed.");
    expect(alert).toContain("Error parsing CSV file. Please check the format and try again.");
    expect(alert).toContain("A quote opened on line 4 never closes. Nothing was imported.");
  });
  it("says why an abandoned run ended, and that an old run's rows were removed, in both languages", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const abandoned: ImportRunView = { ...view("finished"), status: "failed", outcome: "failed", abandoned: true };
    await render("en", [{ run: abandoned, failedBatches: [], results: null, filter: null, modelConfigured: false }]);
    expect(text()).toContain("This import was left before it finished: no batch arrived for 30 minutes");
    act(() => root.unmount());
    root = createRoot(container);

    const old: ImportRunView = { ...view("finished"), rowsRemovedAt: "2026-06-01T16:00:00.000Z" };
    const results = { rows: [], total: 0, page: 1, pageCount: 1, statusCounts: {} };
    await render("es", [{ run: old, failedBatches: [], results, filter: null, modelConfigured: false }]);
    expect(text()).toContain("Los resultados fila por fila de esta importación se eliminaron el");
    expect(text()).toContain("90 días después de terminar");
    expect(container.querySelector('[data-testid="results"]')).toBeNull();
  });
});
