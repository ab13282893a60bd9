import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyList } from "../import/fixtures";
import { startAppServer, type AppServer } from "../../support/server";
import { hidden, pathOf, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

/**
 * The one search (docs/decisions/028-search.md) on every table, as a Spanish reader types it:
 * without accents ("limon", "pina") and in English ("avocado"), on the demo catalogue.
 */

/** The text of the page's main region: each table lays its rows out its own way. */
const mainText = (page: Page) => page.locator("main").innerText();

describe("searching in Spanish without accents", () => {
  it("finds limones and piña on the public products and prices pages", async () => {
    const s = await session({ lang: "es" });
    await s.goto("/products");
    await s.page.getByLabel("Buscar productos").fill("limon");
    await s.page.getByLabel("Buscar productos").press("Enter");
    await s.page.waitForURL(/q=limon/);
    await expect
      .poll(() => s.page.locator("main article").getByRole("heading").allInnerTexts())
      .toEqual(expect.arrayContaining(["Limón persa", "Limón amarillo"]));
    // The address changes before the new rows arrive: wait until the others are gone.
    await expect.poll(() => mainText(s.page)).not.toContain("Mango Tommy Atkins");

    await s.goto("/prices");
    await s.page.getByLabel("Buscar precios").fill("pina");
    await s.page.getByRole("button", { name: "Buscar", exact: true }).click();
    await s.page.waitForURL(/q=pina/);
    await expect.poll(() => mainText(s.page)).toContain("Piña dorada");
    // The address changes before the new rows arrive: wait until the others are gone.
    await expect.poll(() => mainText(s.page)).not.toContain("Limón persa");
  });

  it("finds them on the private products, price and manage pages", async () => {
    const s = await session({ as: "seller", lang: "es" });
    await s.goto("/products");
    await s.page.getByLabel("Buscar productos").fill("avocado");
    await s.page.getByLabel("Buscar productos").press("Enter");
    await s.page.waitForURL(/q=avocado/);
    await expect.poll(() => mainText(s.page)).toContain("Aguacate Hass");
    // The address changes before the new rows arrive: wait until the others are gone.
    await expect.poll(() => mainText(s.page)).not.toContain("Guineo");

    await s.goto("/pricesprivate/customers");
    const rows = s.page.locator("tbody tr");
    const all = await rows.count();
    await s.page.getByRole("searchbox", { name: "Buscar un producto" }).fill("guineo");
    await s.page.waitForFunction((n) => document.querySelectorAll("tbody tr").length < n, all);
    expect(await rows.locator("th").allInnerTexts()).toEqual(["Guineo"]);
    await s.page.getByRole("searchbox", { name: "Buscar un producto" }).fill("limon");
    await expect.poll(() => rows.locator("th").allInnerTexts()).toEqual(["Limón amarillo", "Limón persa"]);

    await s.goto("/products/manage");
    await s.page.getByLabel("Buscar", { exact: true }).fill("pina");
    await s.page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await s.page.waitForURL(/q=pina/);
    await visible(s.page.getByRole("checkbox", { name: "Seleccionar Piña dorada", exact: true }));
    // The address changes before the new rows arrive: wait for the filtered list, not a count of the old one.
    await hidden(s.page.getByRole("checkbox", { name: "Seleccionar Limón persa", exact: true }));
  });
});

describe("searching an import's results in Spanish", () => {
  // The import creates products: it runs on a server of its own, as the import specs do.
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ trustProxy: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("finds the rows of piña and limón typed without accents", async () => {
    const seller = await session({ baseURL: app.url, as: "seller" });
    const list = await createEmptyList(seller, "Search results");
    await seller.goto(`/import-quickbooks?list=${list.slug}`, { axe: false });
    await seller.page.getByLabel("CSV file").setInputFiles(path.resolve("tests/fixtures/quickbooks/qbo_small.csv"));
    await seller.page.getByRole("button", { name: "Preview the import" }).click();
    const panel = await visible(seller.page.getByTestId("run-panel"), 30_000);
    await panel.getByRole("radio", { name: "In the background" }).check();
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await seller.page.waitForURL((url) => /^\/import-quickbooks\/runs\/[0-9a-f-]{36}$/.test(url.pathname));
    await visible(seller.page.getByText("Import completed successfully!"), 30_000);
    const runUrl = pathOf(seller.page);

    const s = await session({ baseURL: app.url, as: "seller", lang: "es" });
    await s.goto(runUrl);
    const results = s.page.getByTestId("results");
    await results.getByLabel("Buscar filas").fill("pina");
    await results.getByRole("button", { name: "Buscar", exact: true }).click();
    await s.page.waitForURL(/q=pina/);
    await visible(results.getByText("Filas 1–1 de 1"));
    expect(await results.innerText()).toContain("PIÑA 6");
    // The download gives the rows the search shows.
    expect(await results.getByTestId("download-csv").getAttribute("href")).toBe(`${runUrl}/results.csv?q=pina`);

    await results.getByLabel("Buscar filas").fill("limon persa");
    await results.getByRole("button", { name: "Buscar", exact: true }).click();
    await s.page.waitForURL(/q=limon/);
    await visible(results.getByText("Filas 1–1 de 1"));
    expect(await results.innerText()).toContain("LIMON 200");
    await s.scan();
  });
});
