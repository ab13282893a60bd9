import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

type Head = {
  title: string;
  description: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Array<Record<string, unknown>>;
};

/** What search engines and link previews read from the current page's <head>. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const meta = (selector: string) =>
      Object.fromEntries(
        [...document.head.querySelectorAll<HTMLMetaElement>(selector)].map((m) => [
          m.getAttribute("property") ?? m.getAttribute("name") ?? "",
          m.content,
        ]),
      );
    return {
      title: document.title,
      description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null,
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      alternates: Object.fromEntries(
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((l) => [
          l.hreflang,
          l.href,
        ]),
      ),
      og: meta('meta[property^="og:"]'),
      twitter: meta('meta[name^="twitter:"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? "{}"),
      ),
    };
  });
}

const url = (path: string) => new URL(path, baseUrl()).href;

describe("titles and descriptions", () => {
  it.each([
    ["/", "en", "Wholesale fruits, vegetables and herbs in South Florida | POMPANO FRESH PRODUCE", /Pompano Beach, FL/],
    [
      "/?lang=es",
      "es",
      "Frutas, vegetales y hierbas al por mayor en el sur de Florida | POMPANO FRESH PRODUCE",
      /Pompano Beach, FL/,
    ],
    ["/about-us", "en", "About Us | POMPANO FRESH PRODUCE", /Since 2013/],
    ["/about-us?lang=es", "es", "Sobre nosotros | POMPANO FRESH PRODUCE", /Desde 2013/],
  ])("%s has its own title and description (%s)", async (path, _lang, title, description) => {
    const s = await session();
    await s.goto(path, { axe: false });
    const head = await readHead(s.page);
    expect(head.title).toBe(title);
    expect(head.description).toMatch(description);
    expect(head.og["og:title"]).toBe(title);
    expect(head.twitter["twitter:title"]).toBe(title);
  });
});

describe("canonical URLs and language alternates", () => {
  it.each(["/", "/products", "/prices", "/about-us", "/contact"])(
    "%s names itself canonical and its English, Spanish and default URLs",
    async (path) => {
      const s = await session();
      await s.goto(path, { axe: false });
      const en = await readHead(s.page);
      expect(en.canonical).toBe(url(path));
      expect(en.og["og:url"]).toBe(url(path));
      expect(en.alternates).toEqual({ en: url(path), es: url(`${path}?lang=es`), "x-default": url(path) });

      await s.goto(`${path}?lang=es`, { axe: false });
      const es = await readHead(s.page);
      expect(es.canonical).toBe(url(`${path}?lang=es`));
      expect(es.alternates).toEqual(en.alternates);
    },
  );

  it("points /about at /about-us, drops search and sort, keeps the category", async () => {
    const s = await session();
    await s.goto("/about", { axe: false });
    expect((await readHead(s.page)).canonical).toBe(url("/about-us"));
    await s.goto("/products?category=fruits&q=mango&sort=price-asc", { axe: false });
    expect((await readHead(s.page)).canonical).toBe(url("/products?category=fruits"));
  });

  it("has none on private, account and error pages", async () => {
    const s = await session();
    s.allowConsole(/status of 404/);
    for (const path of ["/login", "/no-such-page", "/products/no-such-product"]) {
      await s.goto(path, { axe: false });
      const head = await readHead(s.page);
      expect(head.canonical, path).toBeNull();
      expect(head.alternates, path).toEqual({});
    }
  });

  it("follows client-side navigation", async () => {
    const s = await session();
    await s.goto("/", { axe: false });
    await s.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await s.page.waitForURL("**/about-us");
    await visible(s.page.getByRole("heading", { level: 1, name: /partner since 2013/ }));
    const head = await readHead(s.page);
    expect(head.title).toBe("About Us | POMPANO FRESH PRODUCE");
    expect(head.canonical).toBe(url("/about-us"));
    expect(head.alternates.es).toBe(url("/about-us?lang=es"));
  });
});

describe("sharing cards", () => {
  it("use a real 1200 x 630 image as a large summary card", async () => {
    const s = await session();
    await s.goto("/", { axe: false });
    const head = await readHead(s.page);
    expect(head.twitter["twitter:card"]).toBe("summary_large_image");
    const image = head.og["og:image"];
    expect(image).toMatch(/^https?:\/\/.+\.jpg$/);
    expect(head.twitter["twitter:image"]).toBe(image);
    expect(head.og["og:image:width"]).toBe("1200");
    expect(head.og["og:image:height"]).toBe("630");
    expect(head.og["og:image:alt"]).toBeTruthy();
    const res = await s.page.request.get(image);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
    const meta = await sharp(await res.body()).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });
});

describe("structured data", () => {
  it("describes the organisation and the local business with its opening hours", async () => {
    const s = await session();
    await s.goto("/about-us", { axe: false });
    const { jsonLd } = await readHead(s.page);
    const organization = jsonLd.find((d) => d["@type"] === "Organization")!;
    expect(organization).toMatchObject({
      address: { streetAddress: "1400 SW 1st Ct", addressLocality: "Pompano Beach", postalCode: "33069" },
      contactPoint: { contactType: "customer service" },
    });
    const business = jsonLd.find((d) => d["@type"] === "WholesaleStore")!;
    expect(business.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "04:00",
        closes: "11:00",
      },
    ]);
    expect(business.url).toBe(baseUrl());
  });

  it("is left out of signed-in pages, which search engines never see", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/about-us", { axe: false });
    expect((await readHead(s.page)).jsonLd).toEqual([]);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page and product page in both languages, with alternates", async () => {
    const s = await session();
    const res = await s.page.request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/products", "/prices", "/about-us", "/contact", "/products/sandia", "/products/mayor"]) {
      expect(locs).toContain(url(path));
      expect(locs).toContain(url(`${path}?lang=es`));
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${url("/about-us")}"/>`);
    // Every listed page really exists.
    for (const loc of locs.filter((l) => !l.includes("lang=es"))) {
      expect((await s.page.request.get(loc)).status(), loc).toBe(200);
    }
  });

  it("robots.txt opens the public site, closes the private one and names the sitemap", async () => {
    const s = await session();
    const text = await (await s.page.request.get("/robots.txt")).text();
    expect(text).toContain("Allow: /\n");
    expect(text).toContain("Disallow: /dashboard\n");
    expect(text).toContain("Disallow: /products/manage\n");
    expect(text).not.toContain("Disallow: /products\n");
    expect(text).toContain(`Sitemap: ${url("/sitemap.xml")}\n`);
  });
});
