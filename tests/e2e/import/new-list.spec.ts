import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueName } from "../prices/fixtures";
import { hidden, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

const fixture = (name: string) => path.resolve("tests/fixtures/quickbooks", name);

/** "AI" or "IA" as a word anywhere on the page: no model is configured in these tests. */
const speaksOfAi = /\b(AI|IA)\b/;

async function previewFile(s: Session, file: string, button: string) {
  await s.page.getByLabel(/^(CSV file|Archivo CSV)$/).setInputFiles(file);
  await s.page.getByRole("button", { name: button }).click();
  await visible(s.page.getByTestId("plan"), 30_000);
}

/** The name of the list the import's list choice shows as chosen. */
async function chosenList(page: Page, label: string) {
  return page
    .getByRole("combobox", { name: label })
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");
}

describe("a new price list from the import screen", () => {
  it("is created in a dialog, copied with an adjustment, and chosen for the file already previewed", async () => {
    const s = await session({ as: "seller" });
    // The refused name's answer is a 400, which the browser reports.
    s.allowConsole(/status of 400/);
    await s.goto("/import-quickbooks?list=wholesale");
    await previewFile(s, fixture("qbo_small.csv"), "Preview the import");
    await visible(
      s.page.getByText("Compared with the products already in the catalogue and their prices in Wholesale."),
    );

    await s.page.getByRole("button", { name: "New price list" }).click();
    const dialog = await visible(s.page.getByRole("dialog", { name: "New price list" }));
    // A name of spaces passes the browser's check; the server refuses it inside the dialog.
    await dialog.getByLabel("Name in English", { exact: true }).fill("   ");
    await dialog.getByRole("button", { name: "Create price list" }).click();
    await visible(dialog.getByText("Name is required"));
    await visible(dialog.getByText("Failed to create new price list"));

    const name = uniqueName("Import copy");
    await dialog.getByLabel("Name in English", { exact: true }).fill(name);
    await dialog.getByRole("combobox", { name: "Start from" }).selectOption({ label: "A copy of Wholesale" });
    await dialog.getByRole("combobox", { name: "Adjustment" }).selectOption("percentage");
    await dialog.getByLabel("Percent (use - to lower)").fill("10");
    await visible(dialog.getByTestId("create-preview"));
    await scanAccessibility(s.page, { modalOpen: true });
    await dialog.getByRole("button", { name: "Create price list" }).click();
    await hidden(s.page.getByRole("dialog"));
    await visible(s.page.getByText("Price list added successfully"));

    // The new list is chosen, and the file already read is planned against it.
    expect(await chosenList(s.page, "Price list")).toBe(name);
    await visible(s.page.getByText(`Compared with the products already in the catalogue and their prices in ${name}.`));
    await visible(s.page.getByRole("heading", { name: "Preview: qbo_small.csv" }));
    await visible(s.page.getByTestId("results").getByText("Rows 1–50 of 69"));
    await visible(s.page.getByTestId("run-panel").getByText(`Write the file's products and prices into ${name}.`));

    // No model is configured: the results say what was understood, not "AI".
    const results = s.page.getByTestId("results");
    expect(await results.locator("thead th").allInnerTexts()).toEqual(
      expect.arrayContaining(["Name understood", "Product", "Status"]),
    );
    expect(await s.page.locator("body").innerText()).not.toMatch(speaksOfAi);
    expect(await results.getByTestId("result-cards").isVisible()).toBe(false);
    await scanAccessibility(s.page);

    // The list is one of the price lists, as if made on their own screen.
    await s.goto("/prices-manage", { axe: false });
    await visible(s.page.getByRole("region", { name: "Price lists", exact: true }).getByRole("link", { name }));
  });

  it("works on a phone in Spanish: an empty list, then the file previewed into it as cards", async () => {
    const s = await session({ as: "admin", lang: "es", viewport: phone, touch: true });
    await s.goto("/import-quickbooks");
    await s.page.getByRole("button", { name: "Nueva lista de precios" }).click();
    const dialog = await visible(s.page.getByRole("dialog", { name: "Nueva lista de precios" }));
    const name = uniqueName("Importación");
    await dialog.getByLabel("Nombre en inglés", { exact: true }).fill(name);
    await scanAccessibility(s.page, { modalOpen: true });
    await dialog.getByRole("button", { name: "Crear lista de precios" }).click();
    await hidden(s.page.getByRole("dialog"));
    await visible(s.page.getByText("Lista de precios creada correctamente"));
    expect(await chosenList(s.page, "Lista de precios")).toBe(name);

    await previewFile(s, fixture("qbd_small.csv"), "Vista previa de la importación");
    await visible(
      s.page.getByText(`Comparado con los productos que ya están en el catálogo y sus precios en ${name}.`),
    );
    const results = s.page.getByTestId("results");
    await visible(results.getByText("Filas 1–50 de 69"));
    // Each row a card; the table is not shown, and nothing makes the page scroll sideways.
    const cards = await visible(results.getByTestId("result-cards"));
    expect(await cards.locator(":scope > li").count()).toBe(50);
    expect(await results.locator("table").count()).toBe(1);
    expect(await results.locator("table").isVisible()).toBe(false);
    const avocado = cards.locator('li[data-row="3"]');
    const text = await avocado.innerText();
    expect(text).toContain("FRUTAS:AGUACATE:AVO 48");
    expect(text).toContain("Nombre interpretado");
    expect(text).toContain("Hass Avocado");
    expect(text).toContain("$54.00");
    expect(text).toContain("Pendiente");
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await s.page.locator("body").innerText()).not.toMatch(speaksOfAi);
    await scanAccessibility(s.page);
  });
});
