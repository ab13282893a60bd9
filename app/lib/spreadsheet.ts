/**
 * DESIGN section 7: text that a spreadsheet would take for a formula (a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) is exported with a leading apostrophe, which
 * spreadsheets show as text and never evaluate. Everything else is left as it is.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
