import Papa from "papaparse";
import { DEFAULT_BATCH_SIZE } from "../limits";
import type { ColumnField, DetectedFormat, RawRow, Rejection } from "../types";

export type ParseProgress = { rows: number; bytesRead: number; totalBytes: number };

export type ParseOptions = {
  /**
   * Receives the rows in order, `batchSize` at a time (the last batch may be smaller). When it
   * returns a promise, parsing waits for it, so memory stays bounded and the caller may yield.
   * Do not write anything before `parseRows` resolves `ok`: a quote left open near the end of the
   * file rejects the whole file, after earlier batches were already delivered.
   */
  onBatch?: (rows: RawRow[], progress: ParseProgress) => void | Promise<void>;
  batchSize?: number;
};

export type ParseResult =
  | {
      ok: true;
      /** Data rows delivered (1-based row numbers run to this). 0 means the file has no data rows. */
      rows: number;
      /** Records that were not rows: blank ones (`,,,,` or empty lines) and report footers. */
      blankRecords: number;
      footerRecords: number;
    }
  | { ok: false; rejection: Rejection };

const FOOTER_TEXT = /^(grand\s+)?totals?\b|\b(gmt|utc)\s*[+-]?\d|\b(cash|accrual)\s+basis\b/i;

function nonEmptyCells(cells: string[]) {
  let count = 0;
  for (const cell of cells) if (cell.trim() !== "") count++;
  return count;
}

/**
 * A line a report puts below the data: one cell where a data row has many, a time stamp or
 * "Accrual Basis" and no price (its commas may spill it over several cells), or a TOTAL row with
 * no type or description.
 */
function isFooter(cells: string[], filled: number, format: DetectedFormat) {
  const cell = (field: "name" | "type" | "description" | "price") => {
    const index = format.columns[field];
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  if (filled === 1 && cells.length < format.headers.length / 2) return true;
  if (cell("price") === "" && FOOTER_TEXT.test(cells.join(",").trim())) return true;
  return /^(grand\s+)?totals?$/i.test(cell("name")) && cell("type") === "" && cell("description") === "";
}

function countNewlines(text: string, from: number, to: number) {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/**
 * Splits the decoded text into data rows with papaparse, after the header `detectFormat` found.
 * Blank records and report footers are not rows. A quote that never closes (or a malformed one)
 * rejects the file, naming the physical line where it opened; nothing else does.
 */
export function parseRows(text: string, format: DetectedFormat, options: ParseOptions = {}): Promise<ParseResult> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const onBatch = options.onBatch;
  const fields = Object.entries(format.columns) as Array<[ColumnField, number]>;

  return new Promise<ParseResult>((resolve, reject) => {
    let record = -1;
    let rows = 0;
    let blankRecords = 0;
    let footerRecords = 0;
    let batch: RawRow[] = [];
    // Offsets papaparse reports restart after a pause: `base` makes them offsets into `text`.
    let base = 0;
    let recordStart = 0;
    let lineAtStart = 1;
    let lastCounted = 0;
    let rejection: Rejection | null = null;
    let failure: unknown = null;
    let settled = false;

    const lineOf = (offset: number) => {
      if (offset >= lastCounted) {
        lineAtStart += countNewlines(text, lastCounted, offset);
        lastCounted = offset;
        return lineAtStart;
      }
      return 1 + countNewlines(text, 0, offset);
    };

    const finish = async () => {
      if (settled) return;
      settled = true;
      if (failure) return reject(failure);
      if (rejection) return resolve({ ok: false, rejection });
      try {
        if (batch.length > 0 && onBatch)
          await onBatch(batch, { rows, bytesRead: text.length, totalBytes: text.length });
      } catch (error) {
        return reject(error);
      }
      resolve({ ok: true, rows, blankRecords, footerRecords });
    };

    Papa.parse<string[]>(text, {
      delimiter: format.delimiter,
      step: (result, parser) => {
        record++;
        const start = recordStart;
        recordStart = base + result.meta.cursor;
        const quoteError = result.errors.find((e) => e.type === "Quotes");
        if (quoteError) {
          const at = typeof quoteError.index === "number" ? base + quoteError.index : start;
          rejection = {
            code: quoteError.code === "MissingQuotes" ? "unclosed_quote" : "malformed_quote",
            line: lineOf(Math.min(at, text.length)),
          };
          parser.abort();
          return;
        }
        if (record <= format.headerRecord) return;
        const cells = result.data;
        const filled = nonEmptyCells(cells);
        if (filled === 0) {
          blankRecords++;
          return;
        }
        if (isFooter(cells, filled, format)) {
          footerRecords++;
          return;
        }
        rows++;
        const mapped: RawRow["fields"] = {};
        for (const [field, index] of fields) mapped[field] = cells[index] ?? "";
        batch.push({ row: rows, line: lineOf(start), fields: mapped, cells });
        if (batch.length >= batchSize && onBatch) {
          const full = batch;
          batch = [];
          let pending: void | Promise<void>;
          try {
            pending = onBatch(full, { rows, bytesRead: recordStart, totalBytes: text.length });
          } catch (error) {
            failure = error;
            parser.abort();
            return;
          }
          if (pending && typeof pending.then === "function") {
            base = recordStart;
            parser.pause();
            pending.then(
              () => parser.resume(),
              (error: unknown) => {
                failure = error;
                void finish();
              },
            );
          }
        } else if (batch.length >= batchSize) {
          batch = [];
        }
      },
      complete: () => void finish(),
    });
  });
}
