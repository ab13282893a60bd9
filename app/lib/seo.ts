import type { Lang } from "~/i18n/config";
import type { SiteInfo } from "./site.server";
import { ogImageKey } from "./site-images";

function safeJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The organisation's structured data. */
export function organizationJsonLd(site: SiteInfo) {
  return safeJson({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: site.baseUrl,
    email: site.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      telephone: site.phone,
      email: site.email,
      contactType: "customer service",
      availableLanguage: ["English", "Spanish"],
    },
    sameAs: site.socialLinks,
  });
}

/**
 * The local business (a wholesale store) with its opening hours, Monday to Saturday, 4:00 to
 * 11:00, for maps and local search.
 */
export function localBusinessJsonLd(site: SiteInfo) {
  const address = site.address;
  return safeJson({
    "@context": "https://schema.org",
    "@type": "WholesaleStore",
    "@id": `${site.baseUrl}/#business`,
    name: site.name,
    url: site.baseUrl,
    image: `${site.baseUrl}/uploads/${ogImageKey(site.name)}`,
    telephone: site.phone,
    email: site.email,
    foundingDate: "2013",
    description:
      "Wholesale distributor of fresh fruits, vegetables, herbs, dried produce and organic products for restaurants, hotels and retailers, with a 15,000 square foot refrigerated facility.",
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    hasMap: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
      `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    )}`,
    areaServed: { "@type": "State", name: "Florida" },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "04:00",
        closes: "11:00",
      },
    ],
    sameAs: site.socialLinks,
  });
}

/** The public pages (crawlable in both languages) and the query parameters that make a page distinct. */
const publicPages: Record<string, readonly string[]> = {
  "/": [],
  "/products": ["category"],
  "/prices": [],
  "/about-us": [],
  "/contact": [],
};

/** Several URLs, one page: the duplicate names its original as canonical. */
const canonicalPaths: Record<string, string> = { "/about": "/about-us" };

/** Product pages live under /products/<slug>; /products/manage is private. */
function isProductPage(pathname: string) {
  return /^\/products\/[a-z0-9-]+$/.test(pathname) && pathname !== "/products/manage";
}

/**
 * The query parameters that make a public page distinct, or null for the rest of the site. Such
 * a page is the same for every visitor but for its language and theme.
 */
export function publicPageParams(pathname: string): readonly string[] | null {
  const path = canonicalPaths[pathname] ?? pathname;
  return publicPages[path] ?? (isProductPage(path) ? [] : null);
}

export const isPublicPage = (pathname: string) => publicPageParams(pathname) !== null;

export type PageUrls = {
  canonical: string;
  alternates: Array<{ hreflang: "en" | "es" | "x-default"; href: string }>;
};

/**
 * Canonical and hreflang URLs of a public page, or null for the rest of the site. English is the
 * page's plain URL (also the default for other languages); Spanish adds ?lang=es
 * (docs/decisions/005-language-precedence.md). Search and sort parameters are dropped: they show
 * the same page in another order.
 */
export function publicPageUrls(baseUrl: string, pathname: string, search: string, lang: Lang): PageUrls | null {
  const path = canonicalPaths[pathname] ?? pathname;
  const kept = publicPageParams(pathname);
  if (!kept) return null;
  const params = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const name of kept) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const url = (language: Lang) => {
    const q = new URLSearchParams(query);
    if (language === "es") q.set("lang", "es");
    const qs = q.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ""}`;
  };
  return {
    canonical: url(lang),
    alternates: [
      { hreflang: "en", href: url("en") },
      { hreflang: "es", href: url("es") },
      { hreflang: "x-default", href: url("en") },
    ],
  };
}

/** The pages the sitemap lists besides product pages. */
export const sitemapPages = Object.keys(publicPages);
