/**
 * The site's own illustrations (landing, about, sharing card), rendered with sharp when the server
 * starts if they are missing. Keys carry a version: a key is never reused for different pixels, so
 * the image service may let browsers keep them for a year.
 */
export const siteImageNames = [
  "hero",
  "feature-distribution",
  "feature-fresh",
  "feature-quality",
  "feature-efficient",
  "category-vegetables",
  "category-fruits",
  "category-dried",
  "category-herbs",
  "category-others",
  "fleet-trucks",
  "fleet-distribution",
  "fleet-warehouse",
  "about-facility",
  "popular-sandia",
  "popular-vegetales-mix",
  "popular-aguacates",
  "popular-mangoes",
  "popular-mayor",
] as const;
export type SiteImageName = (typeof siteImageNames)[number];

const version = "v1";

export function siteImageKey(name: SiteImageName) {
  return `site/${version}/${name}.webp`;
}

/** FNV-1a: a short, stable fingerprint that needs no crypto in the browser. */
function fingerprint(text: string) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export const ogImageSize = { width: 1200, height: 630 } as const;

/**
 * The sharing card's upload key. It shows the company's name, so the name is part of the key: a
 * renamed company gets a new card rather than a stale cached one.
 */
export function ogImageKey(companyName: string) {
  return `site/${version}/og-${fingerprint(companyName)}.jpg`;
}
