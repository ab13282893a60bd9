import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyList } from "./fixtures";
import { startAppServer, type AppServer } from "../../support/server";
import { desktop, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

/**
 * The first import into the demo catalogue links its products: it runs on a server of its own (a
 * fresh embedded database with the demo data, whose products have no QuickBooks ID yet), so the
 * catalogue other specs check stays as they expect. The phone test only reviews; the desktop test
 * then imports.
 */
let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ trustProxy: true });
});
afterAll(async () => {
  await app?.stop();
});

const qboSmall = path.resolve("tests/fixtures/quickbooks/qbo_small.csv");

async function previewQboSmall(s: Session, button: string) {
  await s.page.getByLabel(/^(CSV file|Archivo CSV)$/).setInputFiles(qboSmall);
  await s.page.getByRole("button", { name: button }).click();
  return visible(s.page.getByTestId("match-review"), 30_000);
}

const line = (s: Session) => s.page.getByTestId("plan").getByTestId("counts-line").innerText();
const choice = (s: Session, row: number) => s.page.locator(`[data-testid=match-review] li[data-row="${row}"]`);

describe("the review of the first import into the demo catalogue", () => {
  it("groups the proposals on a phone in Spanish, and changes a whole group at once", async () => {
    const s = await session({ baseURL: app.url, as: "seller", lang: "es", viewport: phone, colorScheme: "dark" });
    const { slug } = await createEmptyList(s, "Review");
    await s.goto(`/import-quickbooks?list=${slug}`, { axe: false });
    const review = await previewQboSmall(s, "Vista previa de la importación");
    await visible(review.getByRole("heading", { name: "Vincular a un producto existente (12)" }));
    await visible(review.getByRole("heading", { name: "Productos parecidos: revíselos (6)" }));
    await visible(review.getByRole("heading", { name: "Productos nuevos (30)" }));
    expect(await line(s)).toBe(
      "69 filas = 36 nuevas + 12 vinculadas + 0 actualizadas + 0 sin cambios + 1 omitida + 20 no válidas + 0 con error",
    );
    expect(await choice(s, 12).getByRole("combobox").inputValue()).toBe("");
    expect(await choice(s, 12).getByRole("combobox").locator("option:checked").innerText()).toBe(
      "Vincular a Guineo · 40 lb (propuesto)",
    );

    const fresh = review.locator('[data-group="new"]');
    await fresh.getByRole("button", { name: "Dejarlos todos fuera" }).click();
    await s.page.waitForFunction(() =>
      document.querySelector("[data-testid=plan] [data-testid=counts-line]")?.textContent?.includes("31 omitidas"),
    );
    expect(await line(s)).toBe(
      "69 filas = 6 nuevas + 12 vinculadas + 0 actualizadas + 0 sin cambios + 31 omitidas + 20 no válidas + 0 con error",
    );
    await fresh.getByRole("button", { name: "Volver a las propuestas" }).click();
    await s.page.waitForFunction(() =>
      document.querySelector("[data-testid=plan] [data-testid=counts-line]")?.textContent?.includes("36 nuevas"),
    );
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await scanAccessibility(s.page);
  });

  it("shows the price a linked row replaces in a list that has prices, and warns of moves over 30% before importing", async () => {
    const s = await session({ baseURL: app.url, as: "seller", viewport: desktop });
    await s.goto("/import-quickbooks?list=wholesale", { axe: false });
    const review = await previewQboSmall(s, "Preview the import");
    // Row 5, MANGO TOMMY 9, links to Tommy Atkins Mangoes at $18.95 in Wholesale; the file says $7.25.
    const mango = choice(s, 5);
    await visible(mango.getByText("$18.95 → $7.25 (-61.7%)"));
    await visible(mango.getByText("More than 30% change"));
    expect(await mango.locator("[data-price-move]").getAttribute("data-price-move")).toBe("big");
    const warning = review.getByRole("status").filter({ hasText: /prices? of this list changes? by more than 30%/ });
    await visible(warning);
    const big = await review.locator('[data-price-move="big"]').count();
    expect(big).toBeGreaterThan(0);
    expect(await warning.innerText()).toMatch(new RegExp(`^${big} prices? of this list`));
    // A row made new instead replaces no price, and the warning counts one fewer.
    await mango.getByRole("combobox").selectOption({ label: "Create a new product" });
    await s.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=match-review] [data-price-move="big"]').length === n,
      big - 1,
    );
    expect(await mango.locator("[data-price-move]").count()).toBe(0);
    if (big > 1) expect(await warning.innerText()).toMatch(new RegExp(`^${big - 1} prices? of this list`));
    else expect(await warning.count()).toBe(0);
    await scanAccessibility(s.page);
  });

  it("links a near match, makes a proposed link new, leaves a row out, refuses one product for two rows, and imports so", async () => {
    const s = await session({ baseURL: app.url, as: "seller", viewport: desktop });
    const { slug } = await createEmptyList(s, "Review");
    await s.goto(`/import-quickbooks?list=${slug}`, { axe: false });
    await previewQboSmall(s, "Preview the import");

    await choice(s, 43).getByRole("combobox").selectOption({ label: "Link to Black Beans · 50 lb" });
    await choice(s, 12).getByRole("combobox").selectOption({ label: "Create a new product" });
    await choice(s, 38).getByRole("combobox").selectOption({ label: "Leave this row out" });
    const expected = "69 rows = 36 new + 11 linked + 0 updated + 0 unchanged + 2 skipped + 20 invalid + 0 errors";
    await s.page.waitForFunction(
      (text) => document.querySelector("[data-testid=plan] [data-testid=counts-line]")?.textContent === text,
      expected,
    );

    // Persian Limes for row 8, then for row 9 too, found by name: the import cannot start.
    await choice(s, 8).getByRole("combobox").selectOption({ label: "Link to Persian Limes · 40 lb" });
    const pineapple = choice(s, 9);
    await pineapple.getByRole("combobox").selectOption({ label: "Link to another product…" });
    await pineapple.getByRole("combobox", { name: "Product to link to" }).fill("Persian Limes · 40 lb");
    await pineapple.getByRole("button", { name: "Link", exact: true }).click();
    const panel = s.page.getByTestId("run-panel");
    await visible(panel.getByText("Rows 8 and 9 are both linked to the same product."));
    expect(await panel.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await scanAccessibility(s.page);
    await pineapple.getByRole("combobox", { name: "What to do with row 9" }).selectOption({ index: 0 });
    await choice(s, 8).getByRole("combobox").selectOption({ index: 0 });
    // A product another row was proposed to link is not taken from it silently: the review says so.
    await choice(s, 33).getByRole("combobox").selectOption({ label: "Link to Cilantro · 60 bunches" });
    await visible(panel.getByText("Rows 33 and 34 are both linked to the same product."));
    await choice(s, 33).getByRole("combobox").selectOption({ index: 0 });
    await s.page.waitForFunction(
      (text) => document.querySelector("[data-testid=plan] [data-testid=counts-line]")?.textContent === text,
      expected,
    );

    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await s.page.waitForURL((url) => /^\/import-quickbooks\/runs\/[\w-]+$/.test(url.pathname), { timeout: 60_000 });
    await visible(s.page.getByText("Import completed successfully!"));
    expect(await s.page.getByTestId("counts-line").innerText()).toBe(expected);
    const results = s.page.getByTestId("results");
    expect(await results.locator('tbody tr[data-row="43"]').innerText()).toContain(
      "Linked to the existing product Black Beans by its name and pack",
    );
    expect(await results.locator('tbody tr[data-row="38"]').innerText()).toContain(
      "Left out in the preview: nothing was written for it.",
    );
  });
});
