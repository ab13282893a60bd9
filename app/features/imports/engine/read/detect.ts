import Papa from "papaparse";
import { HEADER_SEARCH_ROWS } from "../limits";
import { compactKey } from "../text";
import {
  REQUIRED_COLUMNS,
  type ColumnField,
  type Delimiter,
  type DetectedFormat,
  type FormatId,
  type Rejection,
} from "../types";

/**
 * Header names by field, compared without case, accents, spaces or punctuation ("Sales Price /
 * Rate", "Sales price/rate" and "SALES PRICE RATE" are one name). English as QuickBooks Online and
 * Desktop write them, and Spanish as QuickBooks en español does.
 */
const HEADER_NAMES: Record<ColumnField, string[]> = {
  name: [
    "productservicename",
    "productservice",
    "productorservice",
    "productname",
    "product",
    "item",
    "itemname",
    "name",
    "fullname",
    "productoservicio",
    "nombredelproductoservicio",
    "nombreproductoservicio",
    "producto",
    "articulo",
    "nombre",
  ],
  description: [
    "salesdescription",
    "description",
    "salesdesc",
    "itemdescription",
    "descripcion",
    "descripciondeventas",
    "descripciondeventa",
    "descripcionventas",
  ],
  purchaseDescription: ["purchasedescription", "purchasedesc", "descripciondecompra", "descripcioncompra"],
  type: ["type", "itemtype", "producttype", "tipo", "tipodeproducto", "tipodearticulo"],
  price: [
    "salespricerate",
    "salesprice",
    "pricerate",
    "price",
    "rate",
    "salesrate",
    "unitprice",
    "precio",
    "preciodeventa",
    "precioventa",
    "preciotarifadeventa",
  ],
  cost: ["purchasecost", "cost", "costo", "costodecompra"],
  sku: ["sku", "itemsku", "skucode"],
  quantity: ["quantityonhand", "qtyonhand", "onhand", "cantidaddisponible", "cantidadenexistencia", "existencias"],
  activeStatus: ["activestatus", "status", "active", "estado", "activo"],
  unit: ["um", "uom", "unitofmeasure", "unit", "unidad", "unidaddemedida"],
  category: ["category", "categoria"],
};

const FIELD_BY_HEADER = new Map<string, ColumnField>();
for (const [field, names] of Object.entries(HEADER_NAMES) as Array<[ColumnField, string[]]>) {
  for (const name of names) FIELD_BY_HEADER.set(name, field);
}

/** Which field a header cell names, if any. */
export function fieldForHeader(header: string): ColumnField | null {
  return FIELD_BY_HEADER.get(compactKey(header)) ?? null;
}

type Candidate = {
  record: number;
  start: number;
  cells: string[];
  columns: Partial<Record<ColumnField, number>>;
  found: number;
};

function mapHeader(cells: string[]) {
  const columns: Partial<Record<ColumnField, number>> = {};
  cells.forEach((cell, index) => {
    const field = fieldForHeader(cell);
    // The first column naming a field wins ("Description" before a later "Item Description").
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** The first rows of the text split with one delimiter, each with the offset where it starts. */
function previewRecords(text: string, delimiter: string) {
  const records: Array<{ cells: string[]; start: number }> = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    preview: HEADER_SEARCH_ROWS,
    step: (result) => {
      records.push({ cells: result.data, start });
      start = result.meta.cursor;
    },
  });
  return records;
}

function findHeader(text: string, delimiter: string) {
  let best: Candidate | null = null;
  const records = previewRecords(text, delimiter);
  for (let record = 0; record < records.length; record++) {
    const { cells, start } = records[record];
    const columns = mapHeader(cells);
    const found = REQUIRED_COLUMNS.filter((field) => columns[field] !== undefined).length;
    const candidate = { record, start, cells, columns, found };
    if (found === REQUIRED_COLUMNS.length) return { header: candidate, best: candidate };
    if (!best || found > best.found) best = candidate;
  }
  return { header: null, best };
}

function identify(
  columns: Partial<Record<ColumnField, number>>,
  headers: string[],
): Pick<DetectedFormat, "id" | "system"> {
  const nameKey = compactKey(headers[columns.name ?? 0] ?? "");
  const leadingEmptyColumn = headers.length > 1 && headers[0].trim() === "";
  if (
    nameKey === "item" ||
    nameKey === "articulo" ||
    columns.activeStatus !== undefined ||
    columns.unit !== undefined ||
    leadingEmptyColumn
  ) {
    return { id: "qbd_item_list", system: "qbd" };
  }
  const typeKey = columns.type === undefined ? "" : compactKey(headers[columns.type]);
  if (typeKey === "itemtype" || columns.category !== undefined) return { id: "qbo_new", system: "qbo" };
  if (nameKey === "productservice") return { id: "qbo_report", system: "qbo" };
  return { id: "qbo_classic", system: "qbo" };
}

function lineAt(text: string, offset: number) {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

export type DetectResult = { ok: true; format: DetectedFormat } | { ok: false; rejection: Rejection };

/**
 * Finds the header row (skipping report titles above it), the delimiter (comma, or tab as Excel's
 * "Unicode Text" writes), the layout and where each field the engine reads is. Refuses the text
 * when the required QuickBooks columns (item name, description, price) are not all there; says
 * whether the file would have had them with semicolons between columns (a spreadsheet saved in a
 * European locale), so the message can tell the person how to export it.
 */
export function detectFormat(text: string): DetectResult {
  let found: { delimiter: Delimiter; header: Candidate } | null = null;
  let best: Candidate | null = null;
  for (const delimiter of [",", "\t"] as const) {
    const result = findHeader(text, delimiter);
    if (
      result.header &&
      (!found || Object.keys(result.header.columns).length > Object.keys(found.header.columns).length)
    ) {
      found = { delimiter, header: result.header };
    }
    if (result.best && (!best || result.best.found > best.found)) best = result.best;
  }
  if (!found) {
    const missing = REQUIRED_COLUMNS.filter((field) => best?.columns[field] === undefined);
    const semicolons = findHeader(text, ";").header !== null;
    return { ok: false, rejection: { code: "columns_not_found", missing, semicolons } };
  }
  const { delimiter, header } = found;
  const headers = header.cells.map((cell) => cell.trim());
  const mapped = new Set(Object.values(header.columns));
  const format: DetectedFormat = {
    ...identify(header.columns, headers),
    delimiter,
    headerRecord: header.record,
    headerLine: lineAt(text, header.start),
    headers,
    columns: header.columns,
    ignoredColumns: headers.filter((cell, index) => cell !== "" && !mapped.has(index)),
  };
  return { ok: true, format };
}

export type { FormatId };
