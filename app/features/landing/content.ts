import type { SiteImageName } from "~/lib/site-images";

/**
 * The landing page's fixed content: the words come from the
 * `public` namespace, the figures and links from here.
 */
export const landingCategories = [
  { id: "vegetables", count: 120, image: "category-vegetables" },
  { id: "fruits", count: 86, image: "category-fruits" },
  { id: "dried", count: 45, image: "category-dried" },
  { id: "herbs", count: 32, image: "category-herbs" },
  { id: "others", count: 58, image: "category-others" },
] as const satisfies ReadonlyArray<{ id: string; count: number; image: SiteImageName }>;

export type LandingCategory = (typeof landingCategories)[number];
export type LandingCategoryId = LandingCategory["id"];

export function categoryHref(id: LandingCategoryId) {
  return `/products?category=${id}`;
}

/** These five slugs exist in the catalogue; the cards link to their product pages. */
export const popularProducts = [
  { slug: "sandia", image: "popular-sandia" },
  { slug: "vegetales-mix", image: "popular-vegetales-mix" },
  { slug: "aguacates", image: "popular-aguacates" },
  { slug: "mangoes", image: "popular-mangoes" },
  { slug: "mayor", image: "popular-mayor" },
] as const satisfies ReadonlyArray<{ slug: string; image: SiteImageName }>;

/** Wholesale minimum orders, in cents. */
export const pricingTiers = [
  { id: "small", minimumCents: 25_000, points: ["catalogue", "delivery", "support"] },
  { id: "medium", minimumCents: 50_000, points: ["everythingSmall", "list", "standing"] },
] as const;

export const features = [
  { id: "distribution", image: "feature-distribution" },
  { id: "fresh", image: "feature-fresh" },
  { id: "quality", image: "feature-quality" },
  { id: "efficient", image: "feature-efficient" },
] as const satisfies ReadonlyArray<{ id: string; image: SiteImageName }>;

/** The carousel advances every 5000 ms. */
export const carouselIntervalMs = 5_000;

export const fleetSlides = [
  { id: "trucks", image: "fleet-trucks", badges: ["cold", "chain"] },
  { id: "distribution", image: "fleet-distribution", badges: ["early", "routes"] },
  { id: "warehouse", image: "fleet-warehouse", badges: ["size", "picking"] },
] as const satisfies ReadonlyArray<{ id: string; image: SiteImageName; badges: readonly string[] }>;
