import { parsePriceFilters, type PriceFilterValues } from "~/features/catalog/price-filters";
import { categoryParam, type CategoryGroup } from "~/features/catalog/categories";
import { parsePage } from "~/features/catalog/query";

/**
 * A list longer than this is read a page at a time, searched, filtered and sorted by the database
 * (docs/decisions/030-price-desk.md); one this long or shorter is sent whole and filtered in the
 * page as it is typed.
 */
export const WHOLE_LIST_MAX = 2_500;
/** Rows a page of a long list holds. */
export const LIST_PAGE_SIZE = 200;
/** Items asked for by id in one request (`/prices-manage/{id}/items?ids=`): its address stays a few KB. */
export const ITEMS_PER_REQUEST = 100;

/** The orders a long list can be read in; the catalogue's words, so they share its labels. */
export const listSorts = ["category", "alphabetical", "price-asc", "price-desc"] as const;
export type ListSort = (typeof listSorts)[number];

/** What a page of a long list shows: the filters of every price table, an order and a page. */
export type ListQuery = PriceFilterValues & { sort: ListSort; page: number };

export function parseListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get("sort");
  return {
    ...parsePriceFilters(params),
    sort: (listSorts as readonly (string | null)[]).includes(sort) ? (sort as ListSort) : "category",
    page: parsePage(params.get("page")),
  };
}

/** The address's query of a view of a long list, defaults left out (the names parseListQuery reads). */
export function listQuerySearch(query: ListQuery) {
  const params = new URLSearchParams();
  if (query.query) params.set("q", query.query);
  if (query.category !== "all") params.set("category", categoryParam(query.category));
  if (query.availability !== "all") params.set("availability", query.availability);
  if (query.changedToday) params.set("changed", "today");
  if (query.sort !== "category") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Where a page of a long list stands in it: the counts and categories of the whole list to move around it. */
export type ListPaging = {
  /** Items in the list, whatever the filters. */
  total: number;
  /** Items the filters leave. */
  matching: number;
  page: number;
  pageCount: number;
  /** The category groups the list holds, in the reader's order. */
  groups: CategoryGroup[];
  query: ListQuery;
};

export type ListPage<Row> = { rows: Row[]; paging: ListPaging };
