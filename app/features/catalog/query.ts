import { parseCategory, type CategoryFilter } from "./categories";

/** The catalogue's sorts; the URL's `?sort=` takes these words. */
export const sortKeys = ["category", "newest", "price-asc", "price-desc", "popularity", "alphabetical"] as const;
export type SortKey = (typeof sortKeys)[number];

/** The catalogue is shown by category unless the visitor picks another order. */
export const defaultSort: SortKey = "category";

export const SEARCH_MAX = 100;
export const PAGE_MAX = 10_000;

export function parseSort(value: string | null | undefined): SortKey {
  const key = (value ?? "").trim().toLowerCase();
  return (sortKeys as readonly string[]).includes(key) ? (key as SortKey) : defaultSort;
}

/** Whitespace collapsed and capped, so a pasted essay or odd spacing still searches sensibly. */
export function parseSearch(value: string | null | undefined) {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX);
}

export function parsePage(value: string | null | undefined) {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1;
}

export type CatalogQuery = { category: CategoryFilter; sort: SortKey; search: string; page: number };

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  return {
    category: parseCategory(params.get("category")),
    sort: parseSort(params.get("sort")),
    search: parseSearch(params.get("q")),
    page: parsePage(params.get("page")),
  };
}

export type OrderField = "category" | "created" | "price" | "popularity" | "name";
export type OrderTerm = { field: OrderField; direction: "asc" | "desc" };

/**
 * What each sort orders by. Products without a public price go last in both price orders, and
 * every order ends on the name so that equal keys read alphabetically and pages never overlap
 * (the query adds the id as the final tie-breaker).
 */
export function orderTerms(sort: SortKey): OrderTerm[] {
  const byName: OrderTerm = { field: "name", direction: "asc" };
  switch (sort) {
    case "category":
      return [{ field: "category", direction: "asc" }, byName];
    case "newest":
      return [{ field: "created", direction: "desc" }, byName];
    case "price-asc":
      return [{ field: "price", direction: "asc" }, byName];
    case "price-desc":
      return [{ field: "price", direction: "desc" }, byName];
    case "popularity":
      return [{ field: "popularity", direction: "desc" }, byName];
    case "alphabetical":
      return [byName];
  }
}

/** The search parameters of a catalogue URL, leaving out the defaults so URLs stay short. */
export function catalogSearch(query: { category?: string | null; sort?: SortKey; search?: string; page?: number }) {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.search) params.set("q", query.search);
  if (query.sort && query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
