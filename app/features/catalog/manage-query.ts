import { parseCategory, type CategoryFilter } from "./categories";
import { parsePage, parseSearch, parseSort, type SortKey } from "./query";

export const availabilityFilters = ["all", "in_stock", "out_of_stock"] as const;
export type AvailabilityFilter = (typeof availabilityFilters)[number];

/**
 * `current` is what staff work on: everything not archived, active or not; `review`, the products
 * an import created and kept for review (docs/decisions/026-imported-products-review.md).
 */
export const statusFilters = ["current", "active", "inactive", "review", "archived", "all"] as const;
export type StatusFilter = (typeof statusFilters)[number];

export type ManageQuery = {
  search: string;
  category: CategoryFilter;
  availability: AvailabilityFilter;
  status: StatusFilter;
  sort: SortKey;
  page: number;
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

/** The management screen's filters from its URL; a value it does not know falls back to the default. */
export function parseManageQuery(params: URLSearchParams): ManageQuery {
  return {
    search: parseSearch(params.get("q")),
    category: parseCategory(params.get("category")),
    availability: oneOf(availabilityFilters, params.get("availability"), "all"),
    status: oneOf(statusFilters, params.get("status"), "current"),
    sort: parseSort(params.get("sort") ?? "alphabetical"),
    page: parsePage(params.get("page")),
  };
}
