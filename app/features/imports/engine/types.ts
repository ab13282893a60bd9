import type { Category } from "~/features/catalog/categories";

export type { Category };

/** Where an export came from: QuickBooks Online or QuickBooks Desktop. */
export type QuickBooksSystem = "qbo" | "qbd";

/**
 * The layouts the engine recognises. `qbo_classic`: "Product/Service Name, Sales Description, …";
 * `qbo_new`: "Product/service name, Category, Item type, …"; `qbd_item_list`: the Desktop item list
 * (leading empty column, Parent:Child paths, Active Status, U/M); `qbo_report`: the Product/Service
 * List report ("Product/Service, Type, Description, Price, …").
 */
export type FormatId = "qbo_classic" | "qbo_new" | "qbd_item_list" | "qbo_report";

/** The columns the engine reads. `name`, `description` and `price` are required. */
export type ColumnField =
  | "name"
  | "description"
  | "type"
  | "price"
  | "sku"
  | "quantity"
  | "activeStatus"
  | "unit"
  | "category"
  | "purchaseDescription"
  | "cost";

export const REQUIRED_COLUMNS = ["name", "description", "price"] as const satisfies readonly ColumnField[];

export type Delimiter = "," | "\t";

export type DetectedFormat = {
  id: FormatId;
  system: QuickBooksSystem;
  delimiter: Delimiter;
  /** 0-based index of the header among the file's records (title rows above it are not data). */
  headerRecord: number;
  /** 1-based physical line of the header row. */
  headerLine: number;
  /** The header cells as written in the file. */
  headers: string[];
  /** Which column (0-based) holds each field the engine reads. */
  columns: Partial<Record<ColumnField, number>>;
  /** Columns present in the file that the engine does not read (shown in the preview's mapping). */
  ignoredColumns: string[];
};

/**
 * A file or request the engine refuses as a whole, as a code the screen translates
 * (`import:engine.rejections.<code>`), with the values its message needs.
 */
export type Rejection =
  | { code: "empty_file" }
  | { code: "file_too_large"; maxBytes: number; bytes: number }
  | { code: "spreadsheet_not_csv" }
  | { code: "not_text" }
  | { code: "columns_not_found"; missing: ColumnField[]; semicolons: boolean }
  | { code: "unclosed_quote"; line: number }
  | { code: "malformed_quote"; line: number };

export type RejectionCode = Rejection["code"];

/** A note about one row, as a code the screen translates (`import:engine.messages.<code>`). */
export type RowMessageCode =
  | "price_missing"
  | "price_negative"
  | "price_invalid"
  | "price_zero"
  | "price_too_large"
  | "price_rounded"
  | "quantity_invalid"
  | "duplicate_item"
  | "duplicate_superseded"
  | "item_name_truncated"
  | "description_truncated"
  | "sku_too_long"
  | "name_not_recognized"
  | "pack_not_found"
  | "missing_item_name"
  | "extra_cells"
  | "service_item"
  | "known_non_product_code"
  | "invalid_description"
  | "inactive_item";

export type RowMessage = {
  code: RowMessageCode;
  severity: "info" | "warning" | "error";
  params?: Record<string, string | number>;
};

/** A row as read from the file, before it is understood. */
export type RawRow = {
  /** 1-based data row number: the header, title rows, footers and blank rows are not counted. */
  row: number;
  /** 1-based physical line where the record starts (a quoted cell may span lines). */
  line: number;
  /** The mapped cells, as text (absent when the file has no such column). */
  fields: Partial<Record<ColumnField, string>>;
  /** Every cell of the record, as written. */
  cells: string[];
};

/**
 * What the engine decided about a row, in EXPECTED.md's order: a non-stocked Type, a known
 * non-product code, an invalid description, an inactive item, else a product. `error` is a row
 * that cannot be imported at all (no item name, or cells that do not line up with the header).
 */
export type RowStatus =
  | "product"
  | "processed_inactive"
  | "skipped_service_item"
  | "skipped_known_non_product_code"
  | "skipped_invalid_description"
  | "error";

/** The "AI status" of an import item, as the built-in engine sets it. */
export type AiStatus = "success" | "error" | "skipped_not_a_product" | "skipped_known_non_product_code";

/** What an import may write as a product's pack unit; the catalogue translates each (catalog.packUnits). */
export const PACK_UNITS = [
  "lb",
  "kg",
  "oz",
  "g",
  "bu",
  "ct",
  "bunch",
  "dozen",
  "each",
  "case",
  "pt",
  "qt",
  "gal",
] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

/** What an import may write as the unit a product is sold by; the catalogue translates each (catalog.units). */
export const SOLD_UNITS = [
  "case",
  "lb",
  "kg",
  "each",
  "pack",
  "bushel",
  "dozen",
  "bunch",
  "bag",
  "bin",
  "flat",
  "pallet",
  "crate",
  "lug",
] as const;
export type SoldUnit = (typeof SOLD_UNITS)[number];

export type Pack = { value: number; unit: PackUnit };

export type UnderstoodRow = {
  row: number;
  line: number;
  /** The QuickBooks item name as in the file (QBO Product/Service Name, QBD Item path). */
  item: string;
  /**
   * The match key (docs/decisions/014-import-runs.md): the full item name or path, trimmed, without
   * QuickBooks Online's " (deleted)" label, cut to MAX_ITEM_NAME_LENGTH. Null only for an `error`
   * row without a name.
   */
  quickbooksId: string | null;
  status: RowStatus;
  aiStatus: AiStatus;
  /** True for products and inactive items: the rows that create or update a product. */
  importable: boolean;
  active: boolean;
  /** The description the names were read from (QBO Sales Description, QBD Description). */
  description: string;
  /** English display name (Title Case), Spanish name (sentence case); null when skipped. */
  name: string | null;
  nameEs: string | null;
  category: Category | null;
  packValue: number | null;
  packUnit: PackUnit | null;
  /** What one unit sold is (case, lb, each, bag, …) when the file says so; else null. */
  unit: SoldUnit | null;
  /** The price for the chosen list, in cents; null when missing or unusable (see messages). */
  priceCents: number | null;
  sku: string | null;
  quantityOnHand: number | null;
  /** True when the dictionary recognised the item; false means the names are a cleaned copy of the text. */
  recognized: boolean;
  messages: RowMessage[];
  raw: RawRow;
};
