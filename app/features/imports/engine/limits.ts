/** The largest file the import accepts ("at most 10MB"). Check `file.size` before reading it. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

/** Rows sent to the server (and written) together, unless a caller chooses otherwise. */
export const DEFAULT_BATCH_SIZE = 500;

/**
 * The longest QuickBooks item name kept as the QuickBooks ID. QuickBooks Online caps names at 100
 * characters and a QuickBooks Desktop full path (five levels of 31) stays under 160; a longer cell
 * is cut here with a warning, so the key stays storable and stable on every re-import.
 */
export const MAX_ITEM_NAME_LENGTH = 200;

/** QuickBooks caps descriptions at 4,000 characters; a longer one is read up to here, with a warning. */
export const MAX_DESCRIPTION_LENGTH = 4_000;

/** The longest SKU kept; a longer one is dropped with a warning. */
export const MAX_SKU_LENGTH = 200;

/** How far down the file the header row is looked for (report-style exports put titles above it). */
export const HEADER_SEARCH_ROWS = 30;

/** A product's pack value is stored as numeric(10, 3): values from here up cannot be. */
export const PACK_VALUE_BELOW = 10_000_000;
