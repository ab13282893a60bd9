import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { product } from "~/db/schema";
import { findPublicPriceListId } from "~/features/catalog/products.server";
import { visibleToBuyers } from "~/features/catalog/visibility.server";

/** Product pages a visitor can open (docs/decisions/026-imported-products-review.md). */
export async function findSitemapProducts() {
  const listId = await findPublicPriceListId();
  return db()
    .select({ slug: product.slug, updatedAt: product.updatedAt })
    .from(product)
    .where(visibleToBuyers(listId))
    .orderBy(asc(product.slug));
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type SitemapPage = { path: string; lastModified?: Date };

/**
 * A sitemap with every public page in both languages: English at the plain URL, Spanish at
 * ?lang=es (docs/decisions/005-language-precedence.md), each entry naming the other language and
 * the default as alternates.
 */
export function renderSitemap(baseUrl: string, pages: SitemapPage[]) {
  const entries = pages.flatMap((page) => {
    const en = `${baseUrl}${page.path}`;
    const es = `${en}${page.path.includes("?") ? "&" : "?"}lang=es`;
    const links = [
      ["en", en],
      ["es", es],
      ["x-default", en],
    ]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`)
      .join("");
    const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : "";
    return [en, es].map((loc) => `<url><loc>${escapeXml(loc)}</loc>${lastmod}${links}</url>`);
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    entries.join("\n") +
    `\n</urlset>\n`
  );
}

/** robots.txt: the public site is open, private and account pages are not, and the sitemap is named. */
export function renderRobots(baseUrl: string, privatePaths: readonly string[]) {
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
