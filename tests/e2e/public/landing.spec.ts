import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, useBrowser, visible, type Lang } from "../../support/e2e";

const { session } = useBrowser();

const categoryHref = (name: string) => `/products?category=${name}`;

/** The specification's figures; the order is the alphabetical order of the translated names. */
const categories: Record<Lang, Array<[name: string, id: string, count: number]>> = {
  en: [
    ["Dry Produce", "dried", 45],
    ["Fruits", "fruits", 86],
    ["Herbs", "herbs", 32],
    ["Others", "others", 58],
    ["Vegetables", "vegetables", 120],
  ],
  es: [
    ["Frutas", "fruits", 86],
    ["Hierbas", "herbs", 32],
    ["Otros", "others", 58],
    ["Productos secos", "dried", 45],
    ["Vegetales", "vegetables", 120],
  ],
};

const popular: Record<Lang, Array<[string, string]>> = {
  en: [
    ["Watermelon", "/products/sandia"],
    ["Vegetable Mix", "/products/vegetales-mix"],
    ["Avocados", "/products/aguacates"],
    ["Mangoes", "/products/mangoes"],
    ["Wholesale Packages", "/products/mayor"],
  ],
  es: [
    ["Sandía", "/products/sandia"],
    ["Mezcla de vegetales", "/products/vegetales-mix"],
    ["Aguacates", "/products/aguacates"],
    ["Mangos", "/products/mangoes"],
    ["Paquetes mayoristas", "/products/mayor"],
  ],
};

const words = {
  en: {
    explore: "Explore Products",
    about: "About Us",
    learnMore: "Learn more about us",
    contact: "Contact Us",
    priceList: "Request a price list",
    grow: "Ready to grow your business?",
    sections: [
      "Fresh produce your kitchen can count on, every morning",
      "Everything a professional kitchen needs from its produce supplier",
      "Shop by category",
      "Popular products",
      "Pricing tiers for every size of business",
      "From our cold room to your back door",
      "Let's stock your kitchen",
    ],
    slides: ["Refrigerated trucks", "Efficient distribution", "Modern warehouse"],
    view: "View products",
  },
  es: {
    explore: "Explorar productos",
    about: "Sobre nosotros",
    learnMore: "Conozca más sobre nosotros",
    contact: "Contáctenos",
    priceList: "Solicitar lista de precios",
    grow: "¿Quiere hacer crecer su negocio?",
    sections: [
      "Productos frescos con los que su cocina puede contar, cada mañana",
      "Todo lo que una cocina profesional necesita de su proveedor de productos frescos",
      "Explore por categoría",
      "Productos populares",
      "Niveles de precios para negocios de todo tamaño",
      "De nuestra cámara fría a la puerta de su cocina",
      "Su cocina, bien surtida",
    ],
    slides: ["Camiones refrigerados", "Distribución eficiente", "Almacén moderno"],
    view: "Ver productos",
  },
} as const;

const section = (page: Page, heading: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });

async function hrefOf(locator: Locator) {
  return new URL((await locator.getAttribute("href"))!, "http://x").href.replace("http://x", "");
}

describe.each(["en", "es"] as const)("landing page (%s)", (lang) => {
  const w = words[lang];

  it("has every section of the specification, in its order", async () => {
    const s = await session({ lang });
    await s.goto("/");
    await visible(s.page.getByRole("heading", { level: 1 }));
    const h2 = (await s.page.locator("main h2").allInnerTexts()).map((t) => t.trim());
    expect(h2).toEqual(w.sections);
    // The hero comes before everything else, with its two buttons.
    const hero = s.page.locator("main section").first();
    expect(await hero.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await hrefOf(hero.getByRole("link", { name: w.explore, exact: true }))).toBe("/products");
    expect(await hrefOf(hero.getByRole("link", { name: w.about, exact: true }))).toBe("/about-us");
  });

  it("sends every link and button where the specification says", async () => {
    const s = await session({ lang });
    await s.goto("/");
    const { page } = s;

    const mission = section(page, w.sections[0]);
    await visible(mission.getByText("2013", { exact: true }));
    await visible(mission.getByText(lang === "en" ? "15,000 sq ft" : "15,000 pies²", { exact: true }));
    expect(await hrefOf(mission.getByRole("link", { name: w.learnMore }))).toBe("/about-us");

    const features = section(page, w.sections[1]);
    expect(await features.getByRole("heading", { level: 3 }).count()).toBe(4);
    expect(await features.locator("img").count()).toBe(4);

    // Five category cards, sorted by their translated name, each with its count and its button.
    const shop = section(page, w.sections[2]);
    const cards = shop.locator("li[data-category]");
    expect(await cards.locator("h3").allInnerTexts()).toEqual(categories[lang].map(([name]) => name));
    for (const [name, id, count] of categories[lang]) {
      const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
      await visible(card.getByText(new RegExp(`^${count} ${lang === "en" ? "products" : "productos"}$`)));
      const button = card.getByRole("link", { name: `${w.view}: ${name}` });
      expect(await hrefOf(button)).toBe(categoryHref(id));
    }
    // The ready-to-grow box: contact and explore.
    await visible(shop.getByRole("heading", { level: 3, name: w.grow }));
    expect(await hrefOf(shop.getByRole("link", { name: w.contact, exact: true }))).toBe("/contact");
    expect(await hrefOf(shop.getByRole("link", { name: w.explore, exact: true }))).toBe("/products");

    const products = section(page, w.sections[3]);
    const links = products.getByRole("link");
    expect(await links.count()).toBe(5);
    for (const [i, [name, href]] of popular[lang].entries()) {
      expect((await links.nth(i).innerText()).trim()).toBe(name);
      expect(await hrefOf(links.nth(i))).toBe(href);
    }

    const pricing = section(page, w.sections[4]);
    await visible(pricing.getByText("$250", { exact: true }));
    await visible(pricing.getByText("$500", { exact: true }));
    for (const link of await pricing.getByRole("link", { name: new RegExp(`^${w.priceList}`) }).all()) {
      expect(await hrefOf(link)).toBe("/contact");
    }

    const cta = section(page, w.sections[6]);
    expect(await hrefOf(cta.getByRole("link", { name: w.contact, exact: true }))).toBe("/contact");
    expect(await hrefOf(cta.getByRole("link", { name: w.about, exact: true }))).toBe("/about-us");
  });

  it("opens a real page behind every link", async () => {
    const s = await session({ lang });
    await s.goto("/");
    const hrefs = await s.page
      .locator("main a[href^='/']")
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
    // /products, /about-us, /contact, five category listings and five product pages.
    expect(hrefs).toHaveLength(13);
    for (const href of hrefs) {
      const res = await s.page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
    // A click follows the link inside the app: a category, then a popular product.
    await s.page.getByRole("link", { name: `${w.view}: ${categories[lang][1][0]}` }).click();
    await s.page.waitForURL((url) => url.pathname === "/products");
    expect(pathOf(s.page)).toBe(categoryHref(categories[lang][1][1]));
    await s.page.goBack();
    await s.page.getByRole("link", { name: popular[lang][0][0], exact: true }).click();
    await s.page.waitForURL("**/products/sandia");
    await visible(s.page.getByRole("heading", { level: 1 }));
  });
});

describe("landing images", () => {
  it("are sized (no layout shift), modern formats, lazy below the fold and the hero first", async () => {
    const s = await session();
    await s.goto("/");
    // Until its script arrives the fleet carousel may show its fallback, the first slide alone.
    await s.page.locator('[aria-roledescription="carousel"][data-ready="true"]').waitFor();
    const images = await s.page.locator("main picture").evaluateAll((pictures) =>
      pictures.map((p) => {
        const img = p.querySelector("img")!;
        return {
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          priority: img.getAttribute("fetchpriority"),
          types: [...p.querySelectorAll("source")].map((source) => source.getAttribute("type")),
          inHero: Boolean(img.closest("section")?.querySelector("h1")),
        };
      }),
    );
    expect(images.length).toBeGreaterThanOrEqual(17);
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.types).toEqual(["image/avif", "image/webp"]);
      expect(image.loading).toBe(image.inHero ? "eager" : "lazy");
      expect(image.priority).toBe(image.inHero ? "high" : null);
    }
    expect(images.filter((i) => i.inHero)).toHaveLength(1);
    // The hero image is preloaded from <head> and arrives as AVIF.
    const preload = s.page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.getAttribute("type")).toBe("image/avif");
    const hero = await s.page
      .locator("main img")
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(hero).toMatch(/\/img\/site\/v1\/hero\.webp\?w=\d+&f=avif$/);
  });

  it("keep the page still while they load", async () => {
    const s = await session();
    await s.context.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await s.goto("/", { axe: false });
    for (let y = 0; y < 8000; y += 700) {
      await s.page.mouse.wheel(0, 700);
      await s.page.waitForTimeout(100);
    }
    await s.page.waitForLoadState("networkidle");
    expect(await s.page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.02);
  });
});

describe("landing without JavaScript", () => {
  it("is fully rendered by the server, fleet slides and links included", async () => {
    const s = await session({ javaScriptEnabled: false });
    await s.goto("/");
    await visible(s.page.getByRole("heading", { level: 1, name: "Premium wholesale fresh produce for South Florida" }));
    expect(await s.page.locator("[data-slide]").count()).toBe(3);
    await s.page.getByRole("link", { name: "Explore Products" }).first().click();
    await s.page.waitForURL("**/products");
  });
});

describe("about page", () => {
  it.each(["/about-us", "/about"])("tells who the business is, with hours and a maps link (%s)", async (path) => {
    const s = await session();
    await s.goto(path);
    await visible(
      s.page.getByRole("heading", { level: 1, name: "South Florida's wholesale produce partner since 2013" }),
    );
    const main = s.page.getByRole("main");
    await visible(main.getByText("15,000 sq ft", { exact: true }));
    await visible(main.getByText("Monday to Saturday, 4:00 AM to 11:00 AM"));
    await visible(main.getByText("1400 SW 1st Ct"));
    const map = main.getByRole("link", { name: /^Open in maps: 1400 SW 1st Ct/ });
    const href = new URL((await map.getAttribute("href"))!);
    expect(href.hostname).toBe("www.google.com");
    expect(href.searchParams.get("query")).toBe("1400 SW 1st Ct, Pompano Beach, FL 33069");
    expect(await map.getAttribute("target")).toBe("_blank");
    expect(await hrefOf(main.getByRole("link", { name: "Contact Us" }))).toBe("/contact");
    expect(await main.getByRole("link", { name: /^tel:|^\+1/ }).getAttribute("href")).toMatch(/^tel:\+1\d{10}$/);
    // No placeholder wording.
    expect(await main.innerText()).not.toMatch(/lorem|placeholder|coming soon|being prepared/i);
  });

  it("speaks Spanish at ?lang=es", async () => {
    const s = await session();
    await s.goto("/about-us?lang=es");
    await visible(
      s.page.getByRole("heading", {
        level: 1,
        name: "Su aliado mayorista de productos frescos en el sur de Florida desde 2013",
      }),
    );
    await visible(s.page.getByRole("main").getByText("Lunes a sábado, de 4:00 a.m. a 11:00 a.m.", { exact: true }));
  });
});

describe.each([
  ["en", "light"],
  ["en", "dark"],
  ["es", "light"],
  ["es", "dark"],
] as const)("accessibility (%s, %s)", (lang, theme) => {
  it("finds no serious or critical violation on / and /about-us", async () => {
    const s = await session({ lang, theme, colorScheme: theme });
    for (const path of ["/", "/about-us"]) {
      await s.goto(path, { axe: false });
      expect(await s.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      // Lazy images and the carousel are part of what is checked: load them first.
      await s.page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await s.scan();
    }
  });
});
