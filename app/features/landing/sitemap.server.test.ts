import { describe, expect, it } from "vitest";
import { renderRobots, renderSitemap } from "./sitemap.server";

describe("sitemap", () => {
  const xml = renderSitemap("https://produce.example", [
    { path: "/" },
    { path: "/products/sandia", lastModified: new Date("2026-01-02T03:04:05Z") },
  ]);

  it("lists each page in English and Spanish, each naming both and the default as alternates", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://produce.example/",
      "https://produce.example/?lang=es",
      "https://produce.example/products/sandia",
      "https://produce.example/products/sandia?lang=es",
    ]);
    const entries = xml.split("<url>").slice(1);
    for (const entry of entries) {
      expect(entry.match(/hreflang="(en|es|x-default)"/g)).toEqual([
        'hreflang="en"',
        'hreflang="es"',
        'hreflang="x-default"',
      ]);
    }
    expect(entries[2]).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
  });

  it("declares the sitemap and xhtml namespaces", () => {
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it("escapes what it writes", () => {
    expect(renderSitemap("https://x.example", [{ path: "/a&b" }])).toContain("https://x.example/a&#38;b");
  });
});

describe("robots.txt", () => {
  it("allows the site, disallows the given paths and names the sitemap", () => {
    expect(renderRobots("https://produce.example", ["/dashboard", "/login"])).toBe(
      "User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /login\n\nSitemap: https://produce.example/sitemap.xml\n",
    );
  });
});
