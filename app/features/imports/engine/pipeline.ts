import { decodeFile, type TextEncodingName } from "./read/decode";
import { detectFormat } from "./read/detect";
import { parseRows, type ParseProgress } from "./read/parse";
import type { DetectedFormat, Rejection, UnderstoodRow } from "./types";
import { createDuplicateTracker, understandRow } from "./understand/understand";

export type PipelineOptions = {
  batchSize?: number;
  /**
   * Understood rows, a batch at a time, in order; later duplicates already carry their warning.
   * Returning a promise pauses reading until it settles. Write nothing before the result is `ok`.
   */
  onBatch?: (rows: UnderstoodRow[], progress: ParseProgress) => void | Promise<void>;
  /** Keep every understood row in the result (default true; false for bounded memory). */
  collect?: boolean;
};

export type PipelineResult =
  | {
      ok: true;
      encoding: TextEncodingName | null;
      format: DetectedFormat;
      /** Every row when `collect` is on (earlier duplicates marked `duplicate_superseded`), else empty. */
      rows: UnderstoodRow[];
      totalRows: number;
      blankRecords: number;
      footerRecords: number;
      /** Earlier row number → the later row of the same item that wins over it. */
      superseded: ReadonlyMap<number, number>;
    }
  | { ok: false; stage: "decode" | "detect" | "parse"; rejection: Rejection };

/** Decoded text → understood rows: detect, parse and understand in one pass. */
export async function understandText(
  text: string,
  options: PipelineOptions = {},
  encoding: TextEncodingName | null = null,
): Promise<PipelineResult> {
  const detected = detectFormat(text);
  if (!detected.ok) return { ok: false, stage: "detect", rejection: detected.rejection };
  const { format } = detected;
  const collect = options.collect ?? true;
  const rows: UnderstoodRow[] = [];
  const duplicates = createDuplicateTracker();

  const parsed = await parseRows(text, format, {
    batchSize: options.batchSize,
    onBatch: (batch, progress) => {
      const understood = batch.map((raw) => understandRow(raw, format));
      for (const row of understood) duplicates.see(row);
      if (collect) rows.push(...understood);
      return options.onBatch?.(understood, progress);
    },
  });
  if (!parsed.ok) return { ok: false, stage: "parse", rejection: parsed.rejection };

  const superseded = duplicates.superseded();
  if (collect && superseded.size > 0) {
    for (const row of rows) {
      const by = superseded.get(row.row);
      if (by !== undefined)
        row.messages.push({ code: "duplicate_superseded", severity: "warning", params: { row: by } });
    }
  }
  return {
    ok: true,
    encoding,
    format,
    rows,
    totalRows: parsed.rows,
    blankRecords: parsed.blankRecords,
    footerRecords: parsed.footerRecords,
    superseded,
  };
}

/** File bytes → understood rows: the whole universal pipeline (decode, detect, parse, understand). */
export async function understandFile(
  input: Uint8Array | ArrayBuffer,
  options: PipelineOptions = {},
): Promise<PipelineResult> {
  const decoded = decodeFile(input);
  if (!decoded.ok) return { ok: false, stage: "decode", rejection: decoded.rejection };
  return understandText(decoded.text, options, decoded.encoding);
}
