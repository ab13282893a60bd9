import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import { generateSiteImages } from "../../app/setup/seed-images.server";
import { seedCatalog } from "../../app/setup/seed.server";
import { ogImageKey, siteImageKey, siteImageNames } from "../../app/lib/site-images";
import { loader as robotsLoader } from "../../app/routes/robots";
import { loader as sitemapLoader } from "../../app/routes/sitemap";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

describe(`sitemap.xml and robots.txt (${test.kind})`, () => {
  it("lists the public pages and every active product page in both languages", async () => {
    await seedCatalog();
    await db().update(product).set({ active: false }).where(eq(product.slug, "coconut"));
    const res = await sitemapLoader();
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]));
    const paths = locs.map((u) => u.pathname + u.search);
    for (const page of ["/", "/products", "/prices", "/about-us", "/contact"]) {
      expect(paths).toContain(page);
      expect(paths).toContain(`${page}?lang=es`);
    }
    // The landing page's five product links are real pages.
    for (const slug of ["sandia", "vegetales-mix", "aguacates", "mangoes", "mayor"]) {
      expect(paths).toContain(`/products/${slug}`);
      expect(paths).toContain(`/products/${slug}?lang=es`);
    }
    expect(paths).not.toContain("/products/coconut");
    expect(paths.some((p) => p.startsWith("/products/manage"))).toBe(false);
    const active = await db().select({ slug: product.slug }).from(product).where(eq(product.active, true));
    expect(paths.filter((p) => p.startsWith("/products/") && !p.includes("lang="))).toHaveLength(active.length);
  });

  it("robots.txt allows the public site, disallows private and account pages and names the sitemap", async () => {
    const text = await (await robotsLoader()).text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of ["/dashboard", "/pricesprivate", "/prices-manage", "/products/manage", "/manage-users", "/login"]) {
      expect(text).toContain(`Disallow: ${p}\n`);
    }
    for (const p of ["/products", "/prices", "/contact", "/about-us"]) expect(text).not.toContain(`Disallow: ${p}\n`);
    expect(text).toMatch(/\nSitemap: https?:\/\/[^/]+\/sitemap\.xml\n$/);
  });
});

describe("site images", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-images-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("renders every illustration and a 1200 x 630 sharing card once", async () => {
    const written = await generateSiteImages(dataDir, "Pompano Fresh Produce");
    expect(written).toHaveLength(siteImageNames.length + 1);
    const card = path.join(dataDir, "uploads", ogImageKey("Pompano Fresh Produce"));
    const meta = await sharp(card).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    const hero = await sharp(path.join(dataDir, "uploads", siteImageKey("hero"))).metadata();
    expect([hero.format, hero.width, hero.height]).toEqual(["webp", 1200, 900]);
    const before = statSync(card).mtimeMs;
    expect(await generateSiteImages(dataDir, "Pompano Fresh Produce")).toEqual([]);
    expect(statSync(card).mtimeMs).toBe(before);
  });

  it("gives a renamed company a new card instead of a stale one", async () => {
    expect(ogImageKey("Another Name")).not.toBe(ogImageKey("Pompano Fresh Produce"));
    expect(await generateSiteImages(dataDir, "Another Name")).toEqual([
      path.join(dataDir, "uploads", ogImageKey("Another Name")),
    ]);
  });
});
