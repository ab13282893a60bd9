import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

async function rowNames(page: Page) {
  return page.locator("main tbody th").allInnerTexts();
}

describe("the public prices page", () => {
  it("shows the public list grouped by category, with its last change, and searches it", async () => {
    const s = await session();
    await s.goto("/prices");
    await visible(s.page.getByRole("heading", { level: 1, name: "Prices" }));
    await visible(s.page.getByText("Wholesale", { exact: true }));
    await visible(s.page.getByText("Last updated:"));
    const updated = await s.page.locator("main time").getAttribute("datetime");
    expect(Number.isNaN(Date.parse(updated ?? ""))).toBe(false);
    expect(await s.page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "Dry Produce",
      "Fruits",
      "Herbs",
      "Others",
      "Vegetables",
    ]);
    expect(await rowNames(s.page)).toHaveLength(36);
    const avocado = s.page.getByRole("row", { name: /Hass Avocados/ });
    await visible(avocado.getByRole("cell", { name: "case · 48 ct" }));
    await visible(avocado.getByText("$52.75"));

    await s.page.getByLabel("Search prices").fill("mango");
    await s.page.getByRole("button", { name: "Search" }).click();
    await s.page.waitForURL(/q=mango/);
    await expect.poll(() => rowNames(s.page)).toEqual(["Tommy Atkins Mangoes"]);
    await visible(s.page.getByText("1 price", { exact: true }));

    await s.page.getByLabel("Search prices").fill("zzz-nothing");
    await s.page.getByRole("button", { name: "Search" }).click();
    await visible(s.page.getByText("No prices match your search."));
    await s.page.getByRole("link", { name: "Clear filters" }).click();
    await s.page.waitForURL((url) => url.pathname === "/prices" && url.search === "");
    await expect.poll(async () => (await rowNames(s.page)).length).toBe(36);

    await s.page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Fruits" });
    await s.page.getByRole("combobox", { name: "Availability" }).selectOption({ label: "Out of stock" });
    await s.page.getByRole("button", { name: "Search" }).click();
    await s.page.waitForURL(/category=fruits&availability=out-of-stock/);
    await expect.poll(() => rowNames(s.page)).toEqual([expect.stringMatching(/^Maradol Papaya\s+Out of stock$/)]);
    expect(await s.page.getByRole("combobox", { name: "Category" }).inputValue()).toBe("fruits");
    await s.page.getByRole("link", { name: "Clear filters" }).click();
    await s.page.waitForURL((url) => url.pathname === "/prices" && url.search === "");

    await s.page.getByRole("link", { name: "Hass Avocados" }).click();
    await s.page.waitForURL("**/products/aguacates");
  });

  it("searches without JavaScript", async () => {
    const s = await session({ javaScriptEnabled: false });
    await s.goto("/prices?q=ALBAHACA");
    expect(await rowNames(s.page)).toEqual(["Basil"]);
  });

  it("is in Spanish for a Spanish reader, with the date in Spanish", async () => {
    const s = await session({ lang: "es" });
    await s.goto("/prices");
    await visible(s.page.getByRole("heading", { level: 1, name: "Precios" }));
    await visible(s.page.getByText("Última actualización:"));
    expect(await s.page.locator("main time").innerText()).toMatch(/\d{4}/);
    expect(await s.page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "Frutas",
      "Hierbas",
      "Otros",
      "Productos secos",
      "Vegetales",
    ]);
    await visible(s.page.getByRole("row", { name: /Aguacate Hass/ }).getByRole("cell", { name: "caja · 48 unidades" }));
    await s.page.getByLabel("Buscar precios").fill("albahaca");
    await s.page.getByRole("button", { name: "Buscar" }).click();
    await s.page.waitForURL(/q=albahaca/);
    await expect.poll(() => rowNames(s.page)).toEqual(["Albahaca"]);
  });

  it("sends a signed-in customer to the private prices", async () => {
    const s = await session({ as: "customer" });
    await s.goto("/prices", { axe: false });
    expect(pathOf(s.page)).toBe("/pricesprivate");
  });
});
