import { categoryParam, type CategoryFilter, type CategoryGroup } from "./categories";
import { defaultSort, parseCatalogQuery, type CatalogQuery, type SortKey } from "./query";
import { availabilityChoices, type AvailabilityChoice } from "./price-filters";

/** Staff choose whether inactive products are listed: `?status=`. */
export const statusFilters = ["all", "active", "inactive"] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** A price list's slug as the URL may carry it; anything else means no list. */
const LIST_SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

export type PrivateCatalogQuery = CatalogQuery & {
  availability: AvailabilityChoice;
  status: StatusFilter;
  /** The price list whose prices staff want to see, or null for the base price. */
  list: string | null;
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  const key = (value ?? "").trim().toLowerCase();
  return (values as readonly string[]).includes(key) ? (key as T) : fallback;
}

/**
 * The query of the signed-in products page: the public page's category, search, sort and page,
 * plus availability, status and price list. A value that is not one of the offered ones is the
 * default, never an error.
 */
export function parsePrivateCatalogQuery(params: URLSearchParams): PrivateCatalogQuery {
  const list = (params.get("list") ?? "").trim().toLowerCase();
  return {
    ...parseCatalogQuery(params),
    availability: oneOf(availabilityChoices, params.get("availability"), "all"),
    status: oneOf(statusFilters, params.get("status"), "all"),
    list: LIST_SLUG.test(list) ? list : null,
  };
}

/** The group a category filter names, or null for all products. */
export function selectedGroup(filter: CategoryFilter): CategoryGroup | null {
  if (filter.kind === "all") return null;
  return filter.kind === "category" ? filter.category : "uncategorized";
}

export type PrivateSearchInput = {
  category?: CategoryGroup | null;
  search?: string;
  sort?: SortKey;
  availability?: AvailabilityChoice;
  status?: StatusFilter;
  list?: string | null;
  page?: number;
};

/** The search part of a signed-in products URL, leaving out defaults so URLs stay short. */
export function privateCatalogSearch(query: PrivateSearchInput) {
  const params = new URLSearchParams();
  if (query.category) params.set("category", categoryParam(query.category));
  if (query.search) params.set("q", query.search);
  if (query.availability && query.availability !== "all") params.set("availability", query.availability);
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.list) params.set("list", query.list);
  if (query.sort && query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
