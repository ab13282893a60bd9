import { findSitemapProducts, renderSitemap } from "~/features/landing/sitemap.server";
import { siteInfo } from "~/lib/site.server";
import { sitemapPages } from "~/lib/seo";

export async function loader() {
  const products = await findSitemapProducts();
  const xml = renderSitemap(siteInfo().baseUrl, [
    ...sitemapPages.map((path) => ({ path })),
    ...products.map((p) => ({ path: `/products/${p.slug}`, lastModified: p.updatedAt })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
