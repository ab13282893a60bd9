import type { Category, CategoryGroup } from "./categories";

/** A product as a visitor sees it in the catalogue; the price is the public list's, if any. */
export type CatalogProduct = {
  slug: string;
  name: string;
  category: Category | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  imageKey: string | null;
  /** An image elsewhere on the web, shown when there is no stored upload. */
  imageUrl: string | null;
  inStock: boolean;
  priceCents: number | null;
};

export type ProductDetail = CatalogProduct & {
  names: { en: string; es: string };
  description: string | null;
  sku: string | null;
  /** False only on the page staff open for an inactive product. */
  active: boolean;
  /** True only on the page staff open for a product kept from customers and visitors. */
  hidden: boolean;
  /** Created by an import and not reviewed yet (staff only, like `hidden`). */
  importReview: boolean;
  group: CategoryGroup;
  related: CatalogProduct[];
};

export type PublicPriceRow = {
  slug: string;
  name: string;
  category: Category | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  priceCents: number;
  available: boolean;
};

export type PublicPrices =
  | { kind: "none" }
  | {
      kind: "list";
      name: string;
      description: string | null;
      /** The latest change to the list or any of its prices (ISO). */
      updatedAt: string;
      rows: PublicPriceRow[];
      /** How many rows match; more than `rows` holds when the page shows only the first ones. */
      total: number;
    };

/**
 * A product on the signed-in products page as a customer sees it: the price is their own list's,
 * and nothing only staff may see.
 */
export type CustomerProductRow = CatalogProduct;

/** A product as staff see it: the price is the base price or the chosen list's, plus staff fields. */
export type StaffProductRow = CatalogProduct & {
  active: boolean;
  /** Kept from customers and visitors (docs/decisions/026-imported-products-review.md). */
  hidden: boolean;
  importReview: boolean;
  quantity: number | null;
  quickbooksId: string | null;
  sku: string | null;
};
