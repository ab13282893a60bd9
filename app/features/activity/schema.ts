import { z } from "zod";

/** What the log records (record.server.ts writes these). */
export const activityEntities = [
  "product",
  "price_list",
  "price_item",
  "user",
  "import_run",
  "whatsapp_export",
] as const;
export const activityActions = ["created", "updated", "deleted"] as const;
export type ActivityEntity = (typeof activityEntities)[number];
export type ActivityAction = (typeof activityActions)[number];

export const ACTIVITY_PAGE_SIZE = 50;
/** The user filter's value for entries without an actor (the system, or a user since deleted). */
export const NO_ACTOR = "none";
const MAX_PAGE = 100_000;
/** Longer than any product's name: more is not a name being looked for. */
export const PRODUCT_TEXT_MAX = 100;

/** A calendar date as <input type="date"> sends it, that exists (no 2026-02-30). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [y, m, d] = value.split("-").map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2999 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  });

/** Each URL filter on its own, so one bad value falls back to its default without losing the others. */
const fieldSchemas = {
  entity: z.enum(activityEntities),
  action: z.enum(activityActions),
  // better-auth ids are letters, digits, "-" and "_"; "none" asks for entries without an actor.
  user: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  from: isoDate,
  to: isoDate,
  page: z.coerce.number().int().min(1).max(MAX_PAGE),
  product: z.string().max(PRODUCT_TEXT_MAX),
} as const;

export type ActivityFilters = {
  entity: ActivityEntity | null;
  action: ActivityAction | null;
  user: string | null;
  /** Dates (YYYY-MM-DD) in America/New_York; both ends included. */
  from: string | null;
  to: string | null;
  page: number;
  /** Part of a product's name, in English or Spanish: entries about it, or with it among their rows. */
  product: string | null;
};

export type FilterField = keyof typeof fieldSchemas;
/** Keys of the activity namespace, one per refused filter. */
export type FilterErrorKey =
  | "errors.entityInvalid"
  | "errors.actionInvalid"
  | "errors.userInvalid"
  | "errors.userUnknown"
  | "errors.fromInvalid"
  | "errors.toInvalid"
  | "errors.pageInvalid"
  | "errors.productInvalid"
  | "errors.dateOrder";
export type FilterErrors = Partial<Record<FilterField, FilterErrorKey>>;

const errorKeys: Record<FilterField, FilterErrorKey> = {
  entity: "errors.entityInvalid",
  action: "errors.actionInvalid",
  user: "errors.userInvalid",
  from: "errors.fromInvalid",
  to: "errors.toInvalid",
  page: "errors.pageInvalid",
  product: "errors.productInvalid",
};

export const defaultFilters: ActivityFilters = {
  entity: null,
  action: null,
  user: null,
  from: null,
  to: null,
  page: 1,
  product: null,
};

/**
 * The filters of the URL. A missing or empty value means "any"; a value that does not parse falls
 * back to its default and is named in `errors`, so the page shows what it ignored instead of failing.
 */
export function parseActivityFilters(params: URLSearchParams): { filters: ActivityFilters; errors: FilterErrors } {
  const filters: ActivityFilters = { ...defaultFilters };
  const errors: FilterErrors = {};
  for (const field of Object.keys(fieldSchemas) as FilterField[]) {
    const raw = params.get(field)?.trim() ?? "";
    if (raw === "") continue;
    const parsed = fieldSchemas[field].safeParse(raw);
    if (parsed.success) (filters as Record<FilterField, unknown>)[field] = parsed.data;
    else errors[field] = errorKeys[field];
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    filters.from = null;
    filters.to = null;
    errors.from = "errors.dateOrder";
  }
  return { filters, errors };
}

/** The query string of these filters at another page (defaults left out), for links. */
export function activitySearch(filters: ActivityFilters, page = filters.page) {
  const params = new URLSearchParams();
  for (const key of ["entity", "action", "user", "from", "to", "product"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function hasActiveFilters(filters: ActivityFilters) {
  return Boolean(filters.entity || filters.action || filters.user || filters.from || filters.to || filters.product);
}

/**
 * A grouped entry's own page: the entry's number from the path (null when it is not one), and the
 * page of its rows asked for: the first when none is given, and also when it is not a page number,
 * which the page then says (`pageInvalid`), as the log does.
 */
export function parseGroupEntryAddress(entryId: string | undefined, searchParams: URLSearchParams) {
  const id = /^[1-9]\d{0,14}$/.test(entryId ?? "") ? Number(entryId) : null;
  const asked = searchParams.get("page");
  const page = fieldSchemas.page.safeParse(asked ?? undefined);
  return { id, page: page.success ? page.data : 1, pageInvalid: asked !== null && !page.success };
}
