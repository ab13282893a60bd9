import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { desktop, phone, useBrowser, visible } from "../../support/e2e";
import { compactText, readPdf, type PdfPage } from "../../support/pdf";
import { createListCopy, uniqueName } from "../prices/fixtures";

const { session } = useBrowser();

const size = { letter: { width: 612, height: 792 }, legal: { width: 612, height: 1008 } } as const;

/** The products and prices the sheet shows on screen, read from its rows. */
async function sheetRows(page: Page) {
  return page.locator("article [data-product]").evaluateAll((rows) =>
    rows.map((row) => {
      const name = (row.querySelector("th, span > span") as HTMLElement | null)?.innerText.split("\n")[0] ?? "";
      const price = [...row.querySelectorAll("td, span")]
        .map((e) => (e as HTMLElement).innerText.trim())
        .find((text) => /^\$[\d,]+\.\d\d$/.test(text));
      return { name: name.trim(), price: price ?? "" };
    }),
  );
}

/**
 * What every page of a printed sheet must carry, and that no row is cut: each product's name and
 * its price are on one page, once in the whole document.
 */
function checkPages(
  pages: PdfPage[],
  paper: keyof typeof size,
  rows: Array<{ name: string; price: string }>,
  list: string,
) {
  for (const [at, page] of pages.entries()) {
    expect({ width: page.width, height: page.height }).toEqual(size[paper]);
    expect(page.text).toContain("Pompano Fresh Produce");
    expect(page.text).toContain(list);
    expect(page.text).toContain("Prices subject to change");
    expect(page.text).toContain(`Page ${at + 1} of ${pages.length}`);
  }
  for (const row of rows) {
    const name = compactText(row.name);
    const found = pages.filter((p) => p.compact.includes(name));
    expect(found, `${row.name} printed on one page`).toHaveLength(1);
    expect(found[0].compact, `${row.name} and ${row.price} on one page`).toContain(compactText(row.price));
  }
}

describe("printed price sheets", () => {
  it.each([
    ["short", "letter", false],
    ["short", "legal", true],
    ["long", "letter", true],
    ["long", "legal", false],
  ] as const)(
    "prints the %s list on %s paper (pictures: %s) with a header and page numbers on every page",
    async (format, paper, images) => {
      const s = await session({ as: "seller" });
      await s.goto(`/prices-${format}?list=wholesale&paper=${paper}&images=${images ? 1 : 0}&sheetLang=en`);
      await visible(s.page.getByRole("article", { name: "Preview of the sheet as it prints" }));
      const rows = await sheetRows(s.page);
      expect(rows.length).toBeGreaterThan(20);
      if (images) {
        await s.page.waitForFunction(() => [...document.images].every((img) => img.complete));
      }
      const pdf = await s.page.pdf({ preferCSSPageSize: true, printBackground: true });
      const { pages } = await readPdf(pdf);
      checkPages(pages, paper, rows, "Wholesale");
      // The short list fits the demo catalogue on one page; the long one needs more.
      if (format === "short") expect(pages).toHaveLength(1);
      else expect(pages.length).toBeGreaterThan(1);
      // Only the sheet prints: no navigation, toolbar or site footer.
      expect(pages[0].text).not.toContain("Download PDF");
      expect(pages[0].text).not.toContain("About Us");
      if (images) expect(pages.reduce((n, p) => n + p.images, 0)).toBeGreaterThan(0);

      // The server's PDF of the same options says the same.
      const link = s.page.getByRole("link", { name: "Download PDF" });
      const href = await link.getAttribute("href");
      const response = await s.page.request.get(href!);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(
        new RegExp(`filename="wholesale-${format}-\\d{4}-\\d{2}-\\d{2}\\.pdf"`),
      );
      const { pages: server } = await readPdf(await response.body());
      checkPages(server, paper, rows, "Wholesale");
      if (images) expect(server.reduce((n, p) => n + p.images, 0)).toBeGreaterThan(0);
    },
  );

  it("prints in Spanish on a phone in the dark, on a white sheet", async () => {
    const s = await session({ as: "customer", lang: "es", viewport: phone, colorScheme: "dark", theme: "dark" });
    await s.goto("/prices-long?images=1");
    await visible(s.page.getByRole("heading", { level: 1, name: "Imprimir lista larga" }));
    await visible(s.page.getByRole("button", { name: "Imprimir" }));
    const article = s.page.getByRole("article", { name: "Vista previa de la hoja tal como se imprime" });
    expect(await article.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(255, 255, 255)");
    await s.page.emulateMedia({ media: "print" });
    expect(await s.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
    const { pages } = await readPdf(await s.page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pages[0].text).toContain("Precios sujetos a cambio");
    expect(pages[0].text).toContain(`Página 1 de ${pages.length}`);
    expect(pages[0].text).toContain("Disponibilidad");
  });

  it("refuses a customer another customer's list, the sheet and its PDF", async () => {
    const s = await session({ as: "customer" });
    s.allowConsole(/status of 404/);
    const page = await s.goto("/prices-short?list=restaurants", { axe: false });
    expect(page?.status()).toBe(404);
    expect((await s.page.request.get("/prices-long.pdf?list=restaurants")).status()).toBe(404);
  });

  it("says which options it did not understand, in the reader's language", async () => {
    const s = await session({ as: "admin", lang: "es" });
    await s.goto("/prices-short?paper=a4&sheetLang=fr");
    await visible(s.page.getByText("“a4” no es un tamaño de papel que imprimimos: la hoja usa Carta (8.5x11)."));
    await visible(s.page.getByText("“fr” no es un idioma de la hoja: sale en español."));
  });
});

/** How many saves of the selection the page has sent and not yet had answered. */
function savesInFlight(page: Page) {
  const pending = new Set<unknown>();
  const isSave = (url: string) => new URL(url).pathname === "/prices-selected/selection";
  page.on("request", (r) => void (isSave(r.url()) && r.method() === "POST" && pending.add(r)));
  page.on("requestfinished", (r) => void pending.delete(r));
  page.on("requestfailed", (r) => void pending.delete(r));
  return () => pending.size;
}

describe("the selection of products to print", () => {
  it("survives a reload and another browser, and prints only what was ticked", async () => {
    const seller = await session({ as: "seller" });
    const slug = await createListCopy(seller, uniqueName("Print"));
    await seller.goto(`/pricesprivate/${slug}`);
    await visible(seller.page.getByText("No products selected"));
    // Nothing ticked, nothing to print: the button says so.
    expect(await seller.page.getByRole("button", { name: "Print selected" }).isDisabled()).toBe(true);
    const saving = savesInFlight(seller.page);
    await seller.page.getByRole("checkbox", { name: "Select Hass Avocados" }).check();
    await seller.page.getByRole("checkbox", { name: "Select all of Herbs" }).check();
    const count = seller.page.getByText(/^\d+ products selected$/);
    await visible(count);
    const ticked = await count.innerText();
    // The ticks are saved in the background: a reload before the server has them would undo them.
    await expect.poll(saving, { timeout: 15_000 }).toBe(0);

    await seller.page.reload();
    await seller.hydrated();
    await visible(seller.page.getByText(ticked));
    expect(await seller.page.getByRole("checkbox", { name: "Select Hass Avocados" }).isChecked()).toBe(true);

    const other = await session({ as: "seller", viewport: phone });
    await other.goto(`/pricesprivate/${slug}`);
    await visible(other.page.getByText(ticked));
    await other.page.getByRole("link", { name: "Print selected" }).click();
    await other.page.waitForURL(`**/prices-selected?list=${slug}`);
    await visible(other.page.getByRole("article", { name: "Preview of the sheet as it prints" }));
    const names = (await sheetRows(other.page)).map((r) => r.name);
    expect(names).toContain("Hass Avocados");
    expect(names).toContain("Basil");
    expect(names).not.toContain("Bananas");
    expect(`${names.length} products selected`).toBe(ticked);

    // Cleared, the sheet says so and leads back to choosing.
    await seller.page.getByRole("button", { name: "Clear selection" }).click();
    await visible(seller.page.getByText("No products selected"));
    await other.goto(`/prices-selected?list=${slug}`);
    await visible(other.page.getByText("No products are selected for this list yet."));
    await other.page.getByRole("link", { name: "Choose products to print" }).click();
    await other.page.waitForURL(`**/pricesprivate/${slug}`);
  });

  it("lets a customer tick products on the products page, on a phone in Spanish, and print them", async () => {
    const s = await session({ as: "customer", lang: "es", viewport: phone });
    await s.goto("/products?q=lim");
    await s.page.getByRole("button", { name: "Seleccionar todo lo que se muestra" }).click();
    const count = s.page.getByText(/^\d+ productos? seleccionados?$/);
    await visible(count);
    await s.page.getByRole("link", { name: "Imprimir seleccionados" }).click();
    await s.page.waitForURL("**/prices-selected?list=customers");
    await visible(s.page.getByRole("article", { name: "Vista previa de la hoja tal como se imprime" }));
    const names = (await sheetRows(s.page)).map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/lim/i);
    await s.page.goto("/products?q=lim");
    await s.hydrated();
    await s.page.getByRole("button", { name: "Quitar la selección" }).click();
    await visible(s.page.getByText("Ningún producto seleccionado"));
  });

  it("keeps the ticks on screen when the connection drops, and saves them with the next tick or on retry", async () => {
    const s = await session({ as: "admin", viewport: desktop });
    const slug = await createListCopy(s, uniqueName("Offline"));
    await s.goto(`/pricesprivate/${slug}`);
    s.allowConsole(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/);
    const failure = s.page.getByText("Your selection could not be saved. Please try again.");
    const box = (name: string) => s.page.getByRole("checkbox", { name: `Select ${name}` });
    const saving = savesInFlight(s.page);
    // The message goes as soon as a save starts; the reload waits for the save's answer.
    const reload = async () => {
      await expect.poll(saving, { timeout: 15_000 }).toBe(0);
      await s.page.reload();
      await s.hydrated();
    };

    await s.context.setOffline(true);
    await box("Basil").check();
    await visible(failure);
    expect(await box("Basil").isChecked()).toBe(true);
    // Back online, the next tick saves the one the server missed too.
    await s.context.setOffline(false);
    await box("Mint").check();
    await failure.waitFor({ state: "hidden" });
    await reload();
    expect(await box("Basil").isChecked()).toBe(true);
    expect(await box("Mint").isChecked()).toBe(true);

    await s.context.setOffline(true);
    await box("Basil").uncheck();
    await visible(failure);
    await s.context.setOffline(false);
    await s.page.getByRole("button", { name: "Try again" }).click();
    await failure.waitFor({ state: "hidden" });
    await reload();
    expect(await box("Basil").isChecked()).toBe(false);
    expect(await box("Mint").isChecked()).toBe(true);
  });
});
