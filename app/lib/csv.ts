/**
 * CSV for people to open in a spreadsheet (docs/decisions/024-budgets-and-rules.md). A text cell
 * that a spreadsheet would read as a formula — one starting with `=`, `+`, `-` or `@`, or with a
 * tab or carriage return that some spreadsheets strip before looking — is prefixed with an
 * apostrophe, so it stays text. Numbers are written as numbers. Universal: the browser builds its
 * downloads with it.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: formulas are prefixed with `'`. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function quote(value: string) {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One cell as written to the file: neutralised when text, quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return quote(neutralizeCell(value));
}

/**
 * Rows as CSV text with CRLF line ends (RFC 4180). With `bom`, the text starts with a byte order
 * mark so spreadsheets read accents as UTF-8.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], { bom = true } = {}): string {
  const body = rows.map((row) => row.map(csvCell).join(",")).join("\r\n");
  return (bom ? "\uFEFF" : "") + body + "\r\n";
}
