import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

/** The product names of the cards, in page order. */
async function cardNames(page: Page) {
  return page.locator("main article").getByRole("heading").allInnerTexts();
}

/** The prices on the cards, in cents, in page order (cards without a public price are left out). */
async function cardPrices(page: Page) {
  const texts = await page.locator("main article").allInnerTexts();
  return texts
    .map((text) => /\$([\d,]+)\.(\d\d)/.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1].replace(/,/g, "")) * 100 + Number(m[2]));
}

async function groupHeadings(page: Page) {
  return page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts();
}

async function chooseSort(page: Page, label: string, submit: Locator) {
  await page.getByLabel("Sort by").selectOption({ label });
  await submit.click();
}

const isSorted = (values: number[], direction: 1 | -1) =>
  values.every((v, i) => i === 0 || direction * (v - values[i - 1]) >= 0);

describe("the public products page", () => {
  it("shows the catalogue by category and filters by the category in the URL", async () => {
    const s = await session();
    await s.goto("/products");
    await visible(s.page.getByRole("heading", { level: 1, name: "Products" }));
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Dry Produce", "Fruits", "Herbs", "Others", "Vegetables"]);
    await visible(s.page.getByText("36 products"));

    const categories = s.page.getByRole("navigation", { name: "Categories" });
    await categories.getByRole("link", { name: "Fruits" }).click();
    await s.page.waitForURL("**/products?category=fruits");
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Fruits"]);
    expect(await cardNames(s.page)).toContain("Hass Avocados");
    expect(await cardNames(s.page)).not.toContain("Black Beans");
    expect(await categories.getByRole("link", { name: "Fruits" }).getAttribute("aria-current")).toBe("page");

    // The landing page's word and the stored one open the same group, and links use `dried`.
    await categories.getByRole("link", { name: "Dry Produce" }).click();
    await s.page.waitForURL("**/products?category=dried");
    await expect.poll(() => cardNames(s.page)).toContain("Black Beans");
    const dried = await cardNames(s.page);
    await s.goto("/products?category=dry_produce");
    expect(await cardNames(s.page)).toEqual(dried);

    // An unknown category is the Uncategorized group, empty because every product has a category.
    const response = await s.goto("/products?category=meat");
    expect(response?.status()).toBe(200);
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Uncategorized"]);
    await visible(s.page.getByText("There are no products in this group."));
    expect(await cardNames(s.page)).toEqual([]);
  });

  it("sorts by price, popularity, name, newest and category, server-side", async () => {
    const s = await session();
    await s.goto("/products");
    const submit = s.page.getByRole("button", { name: "Show products" });

    await chooseSort(s.page, "Price: low to high", submit);
    await s.page.waitForURL(/sort=price-asc/);
    await expect.poll(async () => isSorted(await cardPrices(s.page), 1)).toBe(true);
    const ascending = await cardPrices(s.page);
    expect(ascending.length).toBe(36);
    await s.scan();

    await chooseSort(s.page, "Price: high to low", submit);
    await s.page.waitForURL(/sort=price-desc/);
    await expect.poll(async () => isSorted(await cardPrices(s.page), -1)).toBe(true);
    expect((await cardPrices(s.page))[0]).toBe(Math.max(...ascending));

    await chooseSort(s.page, "Most popular", submit);
    await s.page.waitForURL(/sort=popularity/);
    await expect
      .poll(async () => (await cardNames(s.page)).slice(0, 3))
      .toEqual(["Seedless Watermelon", "Hass Avocados", "Tommy Atkins Mangoes"]);

    await chooseSort(s.page, "Alphabetical (A to Z)", submit);
    await s.page.waitForURL(/sort=alphabetical/);
    await expect
      .poll(async () => {
        const names = await cardNames(s.page);
        return (
          names.join("|") === [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })).join("|")
        );
      })
      .toBe(true);

    await chooseSort(s.page, "Newest", submit);
    await s.page.waitForURL(/sort=newest/);
    expect(await cardNames(s.page)).toHaveLength(36);

    await chooseSort(s.page, "By category", submit);
    await s.page.waitForURL(/sort=category/);
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Dry Produce", "Fruits", "Herbs", "Others", "Vegetables"]);

    // A sort key nobody offers is the default order, not an error.
    const response = await s.goto("/products?sort=cheapest");
    expect(response?.status()).toBe(200);
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Dry Produce", "Fruits", "Herbs", "Others", "Vegetables"]);
  });

  it("keeps the category while sorting and searches in either language", async () => {
    const s = await session();
    await s.goto("/products?category=fruits");
    await chooseSort(s.page, "Price: low to high", s.page.getByRole("button", { name: "Show products" }));
    await s.page.waitForURL(/category=fruits.*sort=price-asc/);
    await expect.poll(async () => isSorted(await cardPrices(s.page), 1)).toBe(true);
    expect(await cardPrices(s.page)).toHaveLength(11);

    await s.goto("/products");
    await s.page.getByLabel("Search products").fill("aguacate");
    await s.page.getByRole("button", { name: "Show products" }).click();
    await s.page.waitForURL(/q=aguacate/);
    await expect.poll(() => cardNames(s.page)).toEqual(["Hass Avocados"]);
    await visible(s.page.getByText("1 product for “aguacate”"));
    await s.page.getByRole("link", { name: "Clear search" }).click();
    await s.page.waitForURL((url) => !url.search.includes("q="));
    await expect.poll(async () => (await cardNames(s.page)).length).toBe(36);
  });

  it("filters and sorts without JavaScript", async () => {
    const s = await session({ javaScriptEnabled: false });
    await s.goto("/products");
    await s.page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Herbs" }).click();
    await s.page.waitForURL("**/products?category=herbs");
    await s.page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await s.page.getByRole("button", { name: "Show products" }).click();
    await s.page.waitForURL(/category=herbs.*sort=price-desc/);
    const prices = await cardPrices(s.page);
    expect(prices).toHaveLength(5);
    expect(isSorted(prices, -1)).toBe(true);
  });

  it("opens a product page with its details, related products and structured data", async () => {
    const s = await session();
    await s.goto("/products?category=fruits");
    await s.page.getByRole("link", { name: "Hass Avocados" }).click();
    await s.page.waitForURL("**/products/aguacates");
    await s.scan();
    await visible(s.page.getByRole("heading", { level: 1, name: "Hass Avocados" }));
    await visible(s.page.getByText("Aguacate Hass"));
    expect(await s.page.title()).toMatch(/^Hass Avocados \| /);
    expect(await s.page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Hass Avocados: Fruits, case · 48 ct, $52.75. Wholesale fresh produce from Pompano Beach, FL.",
    );
    const details = s.page.locator("dl");
    await visible(details.getByText("48 ct"));
    await visible(details.getByText("$52.75 per case"));
    await visible(details.getByText("In stock"));
    await visible(s.page.getByRole("heading", { level: 2, name: "More Fruits" }));
    expect(await s.page.locator("main ul article").count()).toBe(4);

    const jsonLd = await s.page.locator('script[type="application/ld+json"]').allTextContents();
    const productData = jsonLd.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Product");
    expect(productData).toMatchObject({
      name: "Hass Avocados",
      offers: { "@type": "Offer", priceCurrency: "USD", price: "52.75", availability: "https://schema.org/InStock" },
    });
    expect(productData.image[0]).toMatch(/^http.*\/img\/demo\/avocado\.webp/);

    await s.page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Fruits" }).click();
    await s.page.waitForURL("**/products?category=fruits");
  });

  it("opens the five products the landing page links to", async () => {
    const s = await session();
    const names: Record<string, string> = {
      sandia: "Seedless Watermelon",
      "vegetales-mix": "Mixed Vegetable Box",
      aguacates: "Hass Avocados",
      mangoes: "Tommy Atkins Mangoes",
      mayor: "Wholesale Restaurant Pack",
    };
    for (const [slug, name] of Object.entries(names)) {
      // One scan covers the page's layout; the other four differ only in data.
      const response = await s.goto(`/products/${slug}`, { axe: slug === "sandia" });
      expect(response?.status(), slug).toBe(200);
      await visible(s.page.getByRole("heading", { level: 1, name }));
    }
  });

  it("shows the 404 page for an unknown product, and /products/manage stays the manage page", async () => {
    const s = await session();
    s.allowConsole(/status of 404/);
    const response = await s.goto("/products/no-such-product");
    expect(response?.status()).toBe(404);
    await visible(s.page.getByRole("heading", { level: 1, name: /404/ }));
    await visible(s.page.getByText("We could not find this page."));

    await s.goto("/products/manage", { axe: false });
    expect(pathOf(s.page)).toBe(`/login?redirectTo=${encodeURIComponent("/products/manage")}`);
  });

  it("is in Spanish for a Spanish reader: categories, names, units and availability", async () => {
    const s = await session({ lang: "es" });
    await s.goto("/products");
    await visible(s.page.getByRole("heading", { level: 1, name: "Productos" }));
    await expect
      .poll(() => groupHeadings(s.page))
      .toEqual(["Frutas", "Hierbas", "Otros", "Productos secos", "Vegetales"]);
    await s.page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Productos secos" }).click();
    await s.page.waitForURL("**/products?category=dried");
    await expect.poll(() => cardNames(s.page)).toContain("Frijol negro");

    await s.page.getByLabel("Ordenar por").selectOption({ label: "Precio: de menor a mayor" });
    await s.page.getByRole("button", { name: "Mostrar productos" }).click();
    await s.page.waitForURL(/sort=price-asc/);
    await expect.poll(async () => isSorted(await cardPrices(s.page), 1)).toBe(true);

    await s.goto("/products/aguacates");
    await visible(s.page.getByRole("heading", { level: 1, name: "Aguacate Hass" }));
    await visible(s.page.locator("dl").getByText("caja", { exact: true }));
    await visible(s.page.locator("dl").getByText("48 unidades", { exact: true }));
    await visible(s.page.locator("dl").getByText("Disponible"));
    await visible(s.page.getByRole("heading", { level: 2, name: "Más Frutas" }));

    await s.goto("/products?category=carne");
    await expect.poll(() => groupHeadings(s.page)).toEqual(["Sin categoría"]);
    await visible(s.page.getByText("No hay productos en este grupo."));
  });
});
