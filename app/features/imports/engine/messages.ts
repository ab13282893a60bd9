import type { TextEncodingName } from "./read/decode";
import { formatMoney } from "~/lib/money";
import { MAX_IMPORT_FILE_BYTES } from "./limits";
import { COUNT_PARTS, countPart, type ImportCounts } from "./plan/counts";
import type { PlanCounts } from "./plan/plan";
import type { ColumnField, FormatId, Rejection, RejectionCode, RowMessage, RowMessageCode, RowStatus } from "./types";

/**
 * Where the engine's codes are worded: keys of the `import` namespace (locales/{en,es}/import.json,
 * under `engine`). The screen calls `t(key, values)`; nothing here is user-facing text itself.
 */
export const REJECTION_KEYS = {
  empty_file: "engine.rejections.emptyFile",
  file_too_large: "engine.rejections.fileTooLarge",
  spreadsheet_not_csv: "engine.rejections.spreadsheetNotCsv",
  not_text: "engine.rejections.notText",
  columns_not_found: "engine.rejections.columnsNotFound",
  unclosed_quote: "engine.rejections.unclosedQuote",
  malformed_quote: "engine.rejections.malformedQuote",
} as const satisfies Record<RejectionCode, string>;

export const ROW_MESSAGE_KEYS = {
  price_missing: "engine.messages.priceMissing",
  price_negative: "engine.messages.priceNegative",
  price_invalid: "engine.messages.priceInvalid",
  price_zero: "engine.messages.priceZero",
  price_too_large: "engine.messages.priceTooLarge",
  price_rounded: "engine.messages.priceRounded",
  quantity_invalid: "engine.messages.quantityInvalid",
  duplicate_item: "engine.messages.duplicateItem",
  duplicate_superseded: "engine.messages.duplicateSuperseded",
  item_name_truncated: "engine.messages.itemNameTruncated",
  description_truncated: "engine.messages.descriptionTruncated",
  sku_too_long: "engine.messages.skuTooLong",
  name_not_recognized: "engine.messages.nameNotRecognized",
  pack_not_found: "engine.messages.packNotFound",
  missing_item_name: "engine.messages.missingItemName",
  extra_cells: "engine.messages.extraCells",
  service_item: "engine.messages.serviceItem",
  known_non_product_code: "engine.messages.knownNonProductCode",
  invalid_description: "engine.messages.invalidDescription",
  inactive_item: "engine.messages.inactiveItem",
} as const satisfies Record<RowMessageCode, string>;

export const STATUS_KEYS = {
  product: "engine.statuses.product",
  processed_inactive: "engine.statuses.processedInactive",
  skipped_service_item: "engine.statuses.skippedServiceItem",
  skipped_known_non_product_code: "engine.statuses.skippedKnownNonProductCode",
  skipped_invalid_description: "engine.statuses.skippedInvalidDescription",
  error: "engine.statuses.error",
} as const satisfies Record<RowStatus, string>;

export const FORMAT_KEYS = {
  qbo_classic: "engine.formats.qboClassic",
  qbo_new: "engine.formats.qboNew",
  qbd_item_list: "engine.formats.qbdItemList",
  qbo_report: "engine.formats.qboReport",
} as const satisfies Record<FormatId, string>;

export const ENCODING_KEYS = {
  "utf-8": "engine.encodings.utf8",
  "utf-16le": "engine.encodings.utf16le",
  "utf-16be": "engine.encodings.utf16be",
  "windows-1252": "engine.encodings.windows1252",
} as const satisfies Record<TextEncodingName, string>;

export const COLUMN_KEYS = {
  name: "engine.columns.name",
  description: "engine.columns.description",
  type: "engine.columns.type",
  price: "engine.columns.price",
  sku: "engine.columns.sku",
  quantity: "engine.columns.quantity",
  activeStatus: "engine.columns.activeStatus",
  unit: "engine.columns.unit",
  category: "engine.columns.category",
  purchaseDescription: "engine.columns.purchaseDescription",
  cost: "engine.columns.cost",
} as const satisfies Record<ColumnField, string>;

/** The parts of the counts' line, each said with its number (`count`). */
export const COUNT_KEYS = {
  new: "engine.counts.new",
  linked: "engine.counts.linked",
  updated: "engine.counts.updated",
  unchanged: "engine.counts.unchanged",
  skipped: "engine.counts.skipped",
  invalid: "engine.counts.invalid",
  errors: "engine.counts.errors",
} as const satisfies Record<(typeof COUNT_PARTS)[number], string>;

/** Each part as the heading of its count. */
export const COUNT_LABEL_KEYS = {
  new: "engine.counts.labels.new",
  linked: "engine.counts.labels.linked",
  updated: "engine.counts.labels.updated",
  unchanged: "engine.counts.labels.unchanged",
  skipped: "engine.counts.labels.skipped",
  invalid: "engine.counts.labels.invalid",
  errors: "engine.counts.labels.errors",
} as const satisfies Record<(typeof COUNT_PARTS)[number], string>;

/** The line itself: "{{count}} rows = {{parts}}". */
export const COUNTS_LINE_KEY = "engine.counts.line";

/** What the skipped and the invalid rows were, and what the written rows hold. */
export const COUNT_DETAIL_KEYS = {
  duplicate: "engine.counts.details.duplicate",
  byStaff: "engine.counts.details.byStaff",
  serviceItem: "engine.counts.details.serviceItem",
  knownNonProductCode: "engine.counts.details.knownNonProductCode",
  invalidDescription: "engine.counts.details.invalidDescription",
  inactive: "engine.counts.details.inactive",
  withoutPrice: "engine.counts.details.withoutPrice",
  unrecognized: "engine.counts.details.unrecognized",
} as const satisfies Record<
  | Exclude<keyof ImportCounts["skipped"] | keyof ImportCounts["invalid"], "total">
  | Exclude<keyof PlanCounts, keyof ImportCounts>,
  string
>;

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The one line the preview, the result and the command line say: "69 rows = 40 new + 8 linked + …";
 * the translator writes each count as the reader writes numbers.
 */
export function countsLineText(counts: ImportCounts, t: Translate): string {
  const parts = COUNT_PARTS.map((part) => t(COUNT_KEYS[part], { count: countPart(counts, part) })).join(" + ");
  return t(COUNTS_LINE_KEY, { count: counts.total, parts });
}

export const NO_DATA_ROWS_KEY = "engine.noDataRows";

/** The column names a QuickBooks export uses, quoted as they are in the file (not translated). */
const QUICKBOOKS_HEADERS: Partial<Record<ColumnField, string>> = {
  name: "Product/Service Name (Item)",
  description: "Sales Description (Description)",
  price: "Sales Price / Rate (Price)",
};

export type Described = { key: string; values: Record<string, string | number> };

/** A rejection as `t(key, values)` arguments. */
export function describeRejection(rejection: Rejection): Described {
  switch (rejection.code) {
    case "file_too_large":
      return {
        key: REJECTION_KEYS.file_too_large,
        values: { maxMb: Math.round(MAX_IMPORT_FILE_BYTES / (1024 * 1024)) },
      };
    case "columns_not_found":
      if (rejection.semicolons) return { key: "engine.rejections.columnsNotFoundSemicolons", values: {} };
      return {
        key: REJECTION_KEYS.columns_not_found,
        values: { missing: rejection.missing.map((field) => QUICKBOOKS_HEADERS[field] ?? field).join(", ") },
      };
    case "unclosed_quote":
    case "malformed_quote":
      return { key: REJECTION_KEYS[rejection.code], values: { line: rejection.line } };
    default:
      return { key: REJECTION_KEYS[rejection.code], values: {} };
  }
}

/** A row message as `t(key, values)` arguments. */
export function describeRowMessage(message: RowMessage): Described {
  return { key: ROW_MESSAGE_KEYS[message.code], values: message.params ?? {} };
}

/** A note the writer adds to a row, besides the engine's (`RowMessage`). */
export type RunMessageCode =
  | "product_created"
  | "product_updated"
  | "unchanged"
  | "price_set"
  | "price_changed"
  | "deactivated"
  | "reactivated"
  | "quantity_changed"
  | "sku_changed"
  | "matched_by_sku"
  | "matched_by_name"
  | "similar_products"
  | "skipped_by_staff"
  | "link_missing"
  | "link_archived"
  | "link_taken"
  | "choice_not_applicable"
  | "name_shortened"
  | "model_fallback"
  | "batch_failed"
  | "sku_taken"
  | "value_not_storable"
  | "price_not_storable"
  | "archived_price"
  | "not_understood";

export type RunMessage = {
  code: RunMessageCode;
  severity: "info" | "warning" | "error";
  params?: Record<string, string | number | null>;
};

export type ImportRowMessage = RowMessage | RunMessage;

const RUN_MESSAGE_KEYS = {
  product_created: "run.messages.productCreated",
  product_updated: "run.messages.productUpdated",
  unchanged: "run.messages.unchanged",
  price_set: "run.messages.priceSet",
  price_changed: "run.messages.priceChanged",
  deactivated: "run.messages.deactivated",
  reactivated: "run.messages.reactivated",
  quantity_changed: "run.messages.quantityChanged",
  sku_changed: "run.messages.skuChanged",
  matched_by_sku: "run.messages.matchedBySku",
  matched_by_name: "run.messages.matchedByName",
  similar_products: "run.messages.similarProducts",
  skipped_by_staff: "run.messages.skippedByStaff",
  link_missing: "run.messages.linkMissing",
  link_archived: "run.messages.linkArchived",
  link_taken: "run.messages.linkTaken",
  choice_not_applicable: "run.messages.choiceNotApplicable",
  name_shortened: "run.messages.nameShortened",
  model_fallback: "run.messages.modelFallback",
  batch_failed: "run.messages.batchFailed",
  sku_taken: "run.messages.skuTaken",
  value_not_storable: "run.messages.valueNotStorable",
  price_not_storable: "run.messages.priceNotStorable",
  archived_price: "run.messages.archivedPrice",
  not_understood: "run.messages.notUnderstood",
} as const satisfies Record<RunMessageCode, string>;

/** A note the import adds (the writer's, the run's), not one of the engine's. */
export const isRunMessage = (message: ImportRowMessage): message is RunMessage =>
  Object.hasOwn(RUN_MESSAGE_KEYS, message.code);

/** Params that are prices in cents, shown as money in the reader's language. */
const MONEY_PARAMS = new Set(["price", "old", "new"]);

/** A row message (the engine's or the writer's) as `t(key, values)` arguments in `import`. */
export function describeImportRowMessage(message: ImportRowMessage, lang: string): Described {
  if (!isRunMessage(message)) return describeRowMessage(message);
  const values: Record<string, string | number> = {};
  const params = { ...message.params };
  // The products a note names, in the reader's language when the note has them so.
  if (lang === "es" && typeof params.productsEs === "string") params.products = params.productsEs;
  delete params.productsEs;
  for (const [name, value] of Object.entries(params)) {
    const money = MONEY_PARAMS.has(name) && message.code.startsWith("price");
    values[name] = value === null ? "—" : money && typeof value === "number" ? formatMoney(value, lang) : value;
  }
  return { key: RUN_MESSAGE_KEYS[message.code], values };
}
