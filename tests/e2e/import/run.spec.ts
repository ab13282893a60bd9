import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "../prices/fixtures";
import { createEmptyList } from "./fixtures";
import { startAppServer, type AppServer } from "../../support/server";
import { pathOf, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

/**
 * An import creates products, and the catalogue is shared by every page: the seller's imports run
 * on a server of their own (a fresh embedded database with the demo data), so the catalogue other
 * specs check stays as they expect.
 */
let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ trustProxy: true });
});
afterAll(async () => {
  await app?.stop();
});

const fixture = (name: string) => path.resolve("tests/fixtures/quickbooks", name);

/** Chooses the file and previews it; answers once the dry run (and with it the Import panel) is shown. */
async function preview(s: Session, file: string, button = "Preview the import") {
  await s.page.getByLabel(/^(CSV file|Archivo CSV)$/).setInputFiles(file);
  await s.page.getByRole("button", { name: button }).click();
  await visible(s.page.getByTestId("plan"), 30_000);
  return visible(s.page.getByTestId("run-panel"));
}

type RunRequestBody = { intent: string; batch?: number; attempt?: number; batchSize?: number };

/**
 * Intercepts the screen's JSON requests to the run API: `handle` may answer, delay or abort one;
 * returning false lets it through unchanged.
 */
async function onRunApi(page: Page, handle: (route: Route, body: RunRequestBody) => Promise<boolean | void>) {
  await page.route("**/import-quickbooks/runs", async (route) => {
    const request = route.request();
    const type = (await request.allHeaders())["content-type"] ?? "";
    if (request.method() !== "POST" || !type.startsWith("application/json")) return route.fallback();
    const body = request.postDataJSON() as RunRequestBody;
    if ((await handle(route, body)) !== true) await route.fallback();
  });
}

/** The batches made smaller than 500 for the test (the run's start is a request like any other). */
async function smallBatches(page: Page, batchSize: number) {
  await onRunApi(page, async (route, body) => {
    if (body.intent !== "start") return false;
    await route.fallback({ postData: JSON.stringify({ ...body, batchSize }) });
    return true;
  });
}

/** The summary's numbers by their data-count. */
async function summaryNumbers(page: Page) {
  return page
    .getByTestId("import-summary")
    .evaluate((summary) =>
      Object.fromEntries(
        [...summary.querySelectorAll("[data-count]")].map((el) => [
          el.getAttribute("data-count"),
          Number((el.querySelector("dd")?.textContent ?? "").replace(/[^\d]/g, "")),
        ]),
      ),
    );
}

const runPage = /^\/import-quickbooks\/runs\/[0-9a-f-]{36}$/;

describe("running an import from the screen", () => {
  it("imports qbo_small.csv into a new list: preview, progress, outcome, summary, rows by status, CSV", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    const list = await createEmptyList(s, "Run EN");
    await s.goto(`/import-quickbooks?list=${list.slug}`);
    const panel = await preview(s, fixture("qbo_small.csv"));
    await visible(panel.getByText(`Write the file's products and prices into ${list.name}.`));
    await visible(panel.getByRole("radio", { name: "On this page" }));
    await scanAccessibility(s.page);

    // The batch is held a moment so the progress can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onRunApi(s.page, async (_route, body) => {
      if (body.intent === "batch") await held;
      return false;
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    const progress = await visible(panel.getByTestId("batch-progress"));
    await visible(progress.getByText("Processing Batch 1 of 1", { exact: true }));
    await visible(progress.getByText("0 of 69 rows"));
    expect(await progress.locator("progress").getAttribute("max")).toBe("1");
    release();

    await s.page.waitForURL((url) => runPage.test(url.pathname));
    await visible(s.page.getByRole("heading", { level: 1, name: "Import results" }));
    await visible(s.page.getByText("Import completed successfully!"));
    const facts = await s.page.getByTestId("run-facts").innerText();
    expect(facts).toContain(list.name);
    expect(facts).toMatch(/How it ran\s+On this page/);
    expect(facts).toMatch(/Status\s+Finished/);
    const numbers = await summaryNumbers(s.page);
    // EXPECTED.md: 47 products and 2 inactive items (one, TOMATILLO, twice: the later row wins),
    // 5 services, 7 fee codes and 8 invalid descriptions. New or known depends on earlier imports.
    expect(numbers.created + numbers.updated).toBe(48);
    expect(numbers).toMatchObject({
      totalProcessed: 69,
      unchanged: 1,
      errors: 0,
      processedInactive: 2,
      invalidRowsSkipped: 20,
      successCount: 49,
      errorCount: 0,
    });
    await visible(s.page.getByText("The list's prices before this import are kept as version 1."));

    const results = s.page.getByTestId("results");
    await visible(results.getByText("Rows 1–50 of 69"));
    const first = await results.locator('tbody tr[data-row="1"] td').allInnerTexts();
    expect(first.slice(0, 2)).toEqual(["1", "AVO48"]);
    expect(first.slice(2)).toContain("Hass Avocado");
    expect(first.at(-2)).toBe("Success");
    // Each row's product by its name, linking to its page rather than showing its id: the demo's
    // Hass Avocados, which the first row is linked to by name and pack, and the one the second created.
    const linked = results.locator('tbody tr[data-row="1"]').getByRole("link", { name: "Hass Avocados" });
    expect(await linked.getAttribute("href")).toBe("/products/aguacates");
    const created = results.locator('tbody tr[data-row="2"]').getByRole("link", { name: "Hass Avocado", exact: true });
    expect(await created.getAttribute("href")).toBe("/products/hass-avocado");
    await results.getByRole("combobox", { name: "Show" }).selectOption("skipped_service_item");
    await visible(results.getByText("Rows 1–5 of 5"));
    expect(new URL(s.page.url()).searchParams.get("status")).toBe("skipped_service_item");
    expect(await results.locator("tbody tr").count()).toBe(5);
    await scanAccessibility(s.page);

    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      results.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("qbo_small-results-skipped_service_item.csv");
    const lines = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Row,Line,QuickBooks item,Name \(English\),/);
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((l) => l.includes("Skipped: service or charge"))).toBe(true);

    // The rows are paged on the server; the filter's "all" shows the second page's 19.
    await results.getByRole("combobox", { name: "Show" }).selectOption("all");
    await visible(results.getByText("Rows 1–50 of 69"));
    await results.getByRole("link", { name: "Next page" }).click();
    await visible(results.getByText("Rows 51–69 of 69"));
  });

  it("imports qbd_small.csv in Spanish on a phone in the dark", async () => {
    const s = await session({
      baseURL: app.url,
      as: "seller",
      lang: "es",
      viewport: phone,
      colorScheme: "dark",
      theme: "dark",
    });
    const list = await createEmptyList(s, "Run ES");
    await s.goto(`/import-quickbooks?list=${list.slug}`);
    const panel = await preview(s, fixture("qbd_small.csv"), "Vista previa de la importación");
    await visible(panel.getByRole("radio", { name: "En esta página" }));
    await visible(panel.getByRole("radio", { name: "En segundo plano" }));
    await scanAccessibility(s.page);
    await panel.getByRole("button", { name: "Importar", exact: true }).click();
    await s.page.waitForURL((url) => runPage.test(url.pathname));
    await visible(s.page.getByRole("heading", { level: 1, name: "Resultados de la importación" }));
    await visible(s.page.getByText("¡Importación completada con éxito!"));
    const numbers = await summaryNumbers(s.page);
    // EXPECTED.md: 47 products and 3 inactive items, 7 services, 4 fee codes, 8 invalid descriptions.
    expect(numbers.created + numbers.updated).toBe(50);
    expect(numbers).toMatchObject({
      totalProcessed: 69,
      unchanged: 0,
      errors: 0,
      processedInactive: 3,
      invalidRowsSkipped: 19,
      successCount: 50,
      errorCount: 0,
    });
    const results = s.page.getByTestId("results");
    await visible(results.getByText("Filas 1–50 de 69"));
    // On a phone each row is a card, its product linked by its Spanish name.
    const avocado = await visible(results.getByTestId("result-cards").locator('li[data-row="3"]'));
    const card = await avocado.innerText();
    expect(card).toContain("FRUTAS:AGUACATE:AVO 48");
    expect(card).toContain("Correcto");
    // After the English test's import this file's avocado is another product, with an address of its own.
    expect(await avocado.getByRole("link", { name: "Aguacate Hass" }).getAttribute("href")).toMatch(
      // Linked to the demo's product when no earlier import of this server took it.
      /^\/products\/(hass-avocado(-[\w-]+)?|aguacates)$/,
    );
    expect(await results.locator("table").count()).toBe(1);
    expect(await results.locator("table").isVisible()).toBe(false);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await scanAccessibility(s.page);
  });

  it("tries a batch again when its request fails, showing 'attempt 2/3' and 'attempt 3/3', then imports it", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    s.allowConsole(/Failed to load resource/);
    const list = await createEmptyList(s, "Run retry");
    await s.goto(`/import-quickbooks?list=${list.slug}`, { axe: false });
    const panel = await preview(s, fixture("qbo_small.csv"));
    const attempts: number[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onRunApi(s.page, async (route, body) => {
      if (body.intent !== "batch") return false;
      attempts.push(body.attempt ?? 0);
      if (attempts.length <= 2) {
        await route.abort("connectionreset");
        return true;
      }
      await held;
      return false;
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    const progress = panel.getByTestId("batch-progress");
    await visible(progress.getByText("Processing Batch 1 of 1 (attempt 2/3)"));
    await visible(progress.getByText("Processing Batch 1 of 1 (attempt 3/3)"));
    release();
    await s.page.waitForURL((url) => runPage.test(url.pathname));
    await visible(s.page.getByText("Import completed successfully!"));
    expect(attempts).toEqual([1, 2, 3]);
    expect(await s.page.getByTestId("batch-failures").count()).toBe(0);
    expect((await summaryNumbers(s.page)).errors).toBe(0);
  });

  it("reports a batch whose three attempts failed, skips its rows and goes on with the next", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    s.allowConsole(/Failed to load resource/);
    const list = await createEmptyList(s, "Run failed batch");
    await s.goto(`/import-quickbooks?list=${list.slug}`, { axe: false });
    const panel = await preview(s, fixture("qbo_small.csv"));
    await smallBatches(s.page, 20);
    const sent: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onRunApi(s.page, async (route, body) => {
      if (body.intent === "batch") sent.push(`${body.batch}/${body.attempt}`);
      if (body.intent === "fail-batch") sent.push(`fail ${body.batch}`);
      if (body.intent === "batch" && body.batch === 2) {
        await route.abort("failed");
        return true;
      }
      // The next batch waits until the failure has been looked at.
      if (body.intent === "batch" && body.batch === 3) await held;
      return false;
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    const failures = await visible(panel.getByTestId("batch-failures"));
    await visible(failures.getByText("Batch processing failed after retries."));
    await visible(failures.getByText("Error processing batch 2: A network error occurred while processing the batch."));
    await visible(panel.getByTestId("batch-progress").getByText("Processing Batch 3 of 4"));
    release();

    await s.page.waitForURL((url) => runPage.test(url.pathname));
    await visible(s.page.getByText("Import completed with some issues. Please review the results."));
    expect(sent).toEqual(["1/1", "2/1", "2/2", "2/3", "fail 2", "3/1", "4/1"]);
    const report = s.page.getByTestId("batch-failures");
    await visible(report.getByText("Error processing batch 2: A network error occurred while processing the batch."));
    const numbers = await summaryNumbers(s.page);
    expect(numbers).toMatchObject({ totalProcessed: 69, errors: 20, errorCount: 20 });
    const results = s.page.getByTestId("results");
    await results.getByRole("combobox", { name: "Show" }).selectOption("error_system");
    await visible(results.getByText("Rows 1–20 of 20"));
    const rows = results.locator("tbody tr");
    expect(await rows.first().getAttribute("data-row")).toBe("21");
    const messages = await rows.evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent));
    expect(new Set(messages)).toEqual(new Set(["Skipped due to batch processing error."]));
    await scanAccessibility(s.page);
  });

  it("asks before leaving while a run is going, and goes on when asked to stay", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    const list = await createEmptyList(s, "Run leave");
    await s.goto(`/import-quickbooks?list=${list.slug}`, { axe: false });
    const panel = await preview(s, fixture("qbo_small.csv"));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onRunApi(s.page, async (_route, body) => {
      if (body.intent === "batch") await held;
      return false;
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await visible(panel.getByTestId("batch-progress"));
    await s.page.getByRole("link", { name: "Dashboard" }).first().click();
    const dialog = await visible(s.page.getByRole("alertdialog", { name: "Leave while the import is running?" }));
    await scanAccessibility(s.page, { modalOpen: true });
    await dialog.getByRole("button", { name: "Stay and go on importing" }).click();
    expect(pathOf(s.page)).toBe(`/import-quickbooks?list=${list.slug}`);
    release();
    await s.page.waitForURL((url) => runPage.test(url.pathname));
    await visible(s.page.getByText("Import completed successfully!"));
  });
});

describe("a background import", () => {
  it("hands the file to the server, shows the run's result, and lists it among the past imports", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    const list = await createEmptyList(s, "Run background");
    await s.goto(`/import-quickbooks?list=${list.slug}`, { axe: false });
    const panel = await preview(s, fixture("qbo_small.csv"));
    await panel.getByRole("radio", { name: "In the background" }).check();
    const upload = s.page.waitForRequest((r) => r.url().endsWith("/import-quickbooks/runs") && r.method() === "POST");
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    expect((await (await upload).allHeaders())["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    await s.page.waitForURL((url) => runPage.test(url.pathname));
    const runUrl = pathOf(s.page);
    const runId = runUrl.split("/").at(-1)!;
    await visible(s.page.getByText("Import completed successfully!"), 30_000);
    expect(await s.page.getByTestId("run-facts").innerText()).toMatch(/How it ran\s+In the background/);
    expect((await summaryNumbers(s.page)).totalProcessed).toBe(69);

    // Closing the page and coming back: the result is still there, and the run is listed.
    await s.page.close();
    const again = await session({ baseURL: app.url, as: "seller" });
    await again.goto("/import-quickbooks", { axe: false });
    const past = await visible(again.page.getByTestId("past-runs"));
    const row = past.locator(`tr[data-run="${runId}"]`);
    const cells = await row.locator("th, td").allInnerTexts();
    expect(cells[0]).toBe("qbo_small.csv");
    expect(cells.slice(2, 6)).toEqual(["Sergio Seller", list.name, "In the background", "Success"]);
    expect(cells[6]).toBe("69");
    await scanAccessibility(again.page);
    await row.getByRole("link", { name: "qbo_small.csv" }).click();
    await again.page.waitForURL((url) => url.pathname === runUrl);
    await visible(again.page.getByText("Import completed successfully!"));
    await visible(again.page.getByTestId("results").getByText("Rows 1–50 of 69"));
  });

  it("says 'Error initiating the import process…' when the file cannot be handed over", async () => {
    const s = await session({ baseURL: app.url, as: "seller" });
    s.allowConsole(/Failed to load resource/);
    await s.goto("/import-quickbooks?list=wholesale", { axe: false });
    const panel = await preview(s, fixture("qbo_small.csv"));
    await panel.getByRole("radio", { name: "In the background" }).check();
    await s.page.route("**/import-quickbooks/runs", (route) => route.abort("failed"));
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await visible(
      panel.getByRole("alert").getByText("Error initiating the import process. Please check logs or try again."),
    );
    expect(pathOf(s.page)).toBe("/import-quickbooks?list=wholesale");
  });
});

describe("the run routes refused", () => {
  it("sends a customer to /unauthorized and refuses the run API with 403", async () => {
    const s = await session({ as: "customer", axe: false });
    await s.goto(`/import-quickbooks/runs/${crypto.randomUUID()}`);
    expect(pathOf(s.page)).toBe("/unauthorized");
    const api = await apiAs("customer");
    const body = { intent: "finish", runId: crypto.randomUUID() };
    const res = await api.post("/import-quickbooks/runs", { data: body, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    const list = await api.get("/import-quickbooks/runs", { maxRedirects: 0 });
    expect([list.status(), list.headers().location]).toEqual([302, "/unauthorized"]);
    await api.dispose();
  });
});
