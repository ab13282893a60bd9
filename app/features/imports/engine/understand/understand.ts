import { classify, DELETED_LABEL, isInactiveStatus, leafCode } from "./classify";
import { MAX_DESCRIPTION_LENGTH, MAX_ITEM_NAME_LENGTH, MAX_SKU_LENGTH } from "../limits";
import { nameItem } from "./naming";
import { parsePack, soldUnit } from "./pack";
import { parsePrice, parseQuantity } from "./price";
import { squash } from "../text";
import type { AiStatus, DetectedFormat, RawRow, RowMessage, RowStatus, UnderstoodRow } from "../types";

const AI_STATUS: Record<RowStatus, AiStatus> = {
  product: "success",
  processed_inactive: "success",
  skipped_service_item: "skipped_not_a_product",
  skipped_known_non_product_code: "skipped_known_non_product_code",
  skipped_invalid_description: "skipped_not_a_product",
  error: "error",
};

function emptyRow(raw: RawRow, item: string, status: RowStatus, messages: RowMessage[]): UnderstoodRow {
  return {
    row: raw.row,
    line: raw.line,
    item,
    quickbooksId: null,
    status,
    aiStatus: AI_STATUS[status],
    importable: false,
    active: true,
    description: "",
    name: null,
    nameEs: null,
    category: null,
    packValue: null,
    packUnit: null,
    unit: null,
    priceCents: null,
    sku: null,
    quantityOnHand: null,
    recognized: false,
    messages,
    raw,
  };
}

type Head =
  | { kind: "error"; row: UnderstoodRow }
  | {
      kind: "read";
      item: string;
      name: string;
      description: string;
      inactive: boolean;
      status: RowStatus;
      messages: RowMessage[];
    };

/** The first half of understanding a row: its item name, key, description and status. */
function readHead(raw: RawRow, format: DetectedFormat): Head {
  const { fields } = raw;
  const item = fields.name ?? "";
  const messages: RowMessage[] = [];

  let name = item.trim();
  if (name === "") {
    return { kind: "error", row: emptyRow(raw, item, "error", [{ code: "missing_item_name", severity: "error" }]) };
  }
  const extra = raw.cells.slice(format.headers.length).filter((cell) => cell.trim() !== "").length;
  if (extra > 0) {
    return {
      kind: "error",
      row: emptyRow(raw, item, "error", [
        {
          code: "extra_cells",
          severity: "error",
          params: { expected: format.headers.length, found: raw.cells.length },
        },
      ]),
    };
  }

  let deletedLabel = false;
  if (format.system === "qbo" && DELETED_LABEL.test(name)) {
    name = name.replace(DELETED_LABEL, "");
    deletedLabel = true;
  }
  if (name.length > MAX_ITEM_NAME_LENGTH) {
    name = name.slice(0, MAX_ITEM_NAME_LENGTH).trimEnd();
    messages.push({ code: "item_name_truncated", severity: "warning", params: { max: MAX_ITEM_NAME_LENGTH } });
  }

  let description = squash(fields.description ?? "");
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    description = description.slice(0, MAX_DESCRIPTION_LENGTH);
    messages.push({ code: "description_truncated", severity: "warning", params: { max: MAX_DESCRIPTION_LENGTH } });
  }

  const inactive = deletedLabel || isInactiveStatus(fields.activeStatus);
  const { status } = classify({ name, type: fields.type, description, inactive });
  return { kind: "read", item, name, description, inactive, status, messages };
}

/**
 * What identifies a row, without naming it: its QuickBooks ID (the match key) and whether it creates
 * or updates a product. The same answers as `understandRow`, at a fraction of its cost, for a
 * pass over a whole file that only looks for repeated items before anything is written.
 */
export function identifyRow(raw: RawRow, format: DetectedFormat): { quickbooksId: string | null; importable: boolean } {
  const head = readHead(raw, format);
  if (head.kind === "error") return { quickbooksId: null, importable: false };
  return { quickbooksId: head.name, importable: head.status === "product" || head.status === "processed_inactive" };
}

/**
 * One row → what the built-in engine makes of it (docs/decisions/013-import-engine.md): its
 * QuickBooks ID, status in EXPECTED.md's order, and for products and inactive items the English and
 * Spanish names, category, pack, unit, price in cents, SKU and quantity on hand, with a message for
 * each thing worth telling. Pure and synchronous: the browser's worker and the server run the same
 * code. Text is kept as text: markup and formulas in a name stay literally in
 * `item`/`quickbooksId`.
 */
export function understandRow(raw: RawRow, format: DetectedFormat): UnderstoodRow {
  const head = readHead(raw, format);
  if (head.kind === "error") return head.row;
  const { fields } = raw;
  const { item, name, description, inactive, status, messages } = head;
  const base: UnderstoodRow = {
    ...emptyRow(raw, item, status, messages),
    quickbooksId: name,
    active: !inactive,
    description,
  };

  if (status === "skipped_service_item") {
    messages.push({ code: "service_item", severity: "info", params: { type: (fields.type ?? "").trim() } });
    return base;
  }
  if (status === "skipped_known_non_product_code") {
    messages.push({ code: "known_non_product_code", severity: "info", params: { code: leafCode(name) } });
    return base;
  }
  if (status === "skipped_invalid_description") {
    messages.push({ code: "invalid_description", severity: "info", params: { description } });
    return base;
  }
  if (status === "processed_inactive") messages.push({ code: "inactive_item", severity: "info" });

  const reading = parsePack(description, fields.unit);
  const naming = nameItem({ description, packStart: reading.start, item: name, category: fields.category });
  if (!naming.recognized) messages.push({ code: "name_not_recognized", severity: "warning" });
  if (!reading.pack) messages.push({ code: "pack_not_found", severity: "info" });

  const price = parsePrice(fields.price);
  if (!price.ok)
    messages.push({ code: price.reason, severity: "warning", params: { price: (fields.price ?? "").trim() } });
  else if (price.rounded) {
    messages.push({ code: "price_rounded", severity: "info", params: { price: (fields.price ?? "").trim() } });
  }

  let sku: string | null = (fields.sku ?? "").trim() || null;
  if (sku && sku.length > MAX_SKU_LENGTH) {
    sku = null;
    messages.push({ code: "sku_too_long", severity: "warning", params: { max: MAX_SKU_LENGTH } });
  }
  const quantity = parseQuantity(fields.quantity);
  if (quantity === undefined) {
    messages.push({
      code: "quantity_invalid",
      severity: "warning",
      params: { quantity: (fields.quantity ?? "").trim() },
    });
  }

  return {
    ...base,
    importable: true,
    name: naming.name,
    nameEs: naming.nameEs,
    category: naming.category,
    packValue: reading.pack?.value ?? null,
    packUnit: reading.pack?.unit ?? null,
    unit: soldUnit(description, fields.unit, reading.pack),
    priceCents: price.ok ? price.cents : null,
    sku,
    quantityOnHand: quantity ?? null,
    recognized: naming.recognized,
  };
}

/**
 * Duplicates across a file, fed rows in order (streaming-friendly): a later importable row with
 * the QuickBooks ID of an earlier one gets a `duplicate_item` warning naming the first row; the
 * last one wins when written. `superseded()` lists, for each earlier row, the row that replaced it.
 */
export function createDuplicateTracker() {
  const lastRowByKey = new Map<string, number>();
  const firstRowByKey = new Map<string, number>();
  const supersededBy = new Map<number, number>();
  return {
    see(row: UnderstoodRow) {
      if (!row.importable || row.quickbooksId === null) return;
      const previous = lastRowByKey.get(row.quickbooksId);
      if (previous !== undefined) {
        supersededBy.set(previous, row.row);
        row.messages.push({
          code: "duplicate_item",
          severity: "warning",
          params: { item: row.quickbooksId, firstRow: firstRowByKey.get(row.quickbooksId) ?? previous },
        });
      } else {
        firstRowByKey.set(row.quickbooksId, row.row);
      }
      lastRowByKey.set(row.quickbooksId, row.row);
    },
    /** Earlier row number → the later row that wins over it. */
    superseded(): ReadonlyMap<number, number> {
      return supersededBy;
    },
  };
}

/**
 * For rows held in memory: marks later duplicates (`duplicate_item`) and the earlier rows they
 * replace (`duplicate_superseded`, naming the winning row). Returns the superseded row numbers.
 */
export function markDuplicates(rows: UnderstoodRow[]): Set<number> {
  const tracker = createDuplicateTracker();
  for (const row of rows) tracker.see(row);
  const superseded = tracker.superseded();
  if (superseded.size > 0) {
    for (const row of rows) {
      const by = superseded.get(row.row);
      if (by !== undefined)
        row.messages.push({ code: "duplicate_superseded", severity: "warning", params: { row: by } });
    }
  }
  return new Set(superseded.keys());
}
