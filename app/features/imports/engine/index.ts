/**
 * The QuickBooks import's universal pipeline (docs/decisions/013-import-engine.md). No Node-only
 * API: the browser runs it in a Web Worker, the server re-runs it on every batch, and background
 * jobs and the command line run it whole. Nothing here touches a database.
 *
 *   checkFileSize(bytes: number): Rejection | null                       before reading (MAX_IMPORT_FILE_BYTES)
 *   decodeFile(bytes: Uint8Array | ArrayBuffer): DecodeResult            {ok, text, encoding, bom} | {ok: false, rejection}
 *   detectFormat(text: string): DetectResult                             {ok, format: DetectedFormat} | {ok: false, rejection}
 *   parseRows(text, format, {onBatch?, batchSize?}): Promise<ParseResult>
 *       onBatch(rows: RawRow[], progress) may return a promise (reading waits). Resolves
 *       {ok, rows, blankRecords, footerRecords} | {ok: false, rejection} (unclosed quote + line).
 *       Write nothing until it resolves ok: a bad quote near the end rejects the whole file.
 *   understandRow(raw: RawRow, format: DetectedFormat): UnderstoodRow   pure, per row
 *   identifyRow(raw, format): {quickbooksId, importable}                 the same key and decision, cheaply
 *   createDuplicateTracker() / markDuplicates(rows)                     last row of an item wins
 *   planImport(rows: UnderstoodRow[], existing?: ExistingProducts): ImportPlan   dry run: prepare + decide
 *   indexExisting(products: ExistingProduct[]): ExistingProducts
 *   understandFile(bytes, {onBatch?, batchSize?, collect?}) / understandText(text, …): Promise<PipelineResult>
 *       the whole pipeline in one call (decode → detect → parse → understand → duplicates)
 *   describeRejection(r) / describeRowMessage(m): {key, values}          for t() in the `import` namespace
 *   finalStatusBeforeWrite(status) / finalStatusAfterWrite(status)      a row's final status
 *
 * Every user-facing text is a key under `engine` in app/i18n/locales/{en,es}/import.json.
 *
 * The run's steps, imported from their modules by the server and the screen's worker:
 *   prepareRows(rows, duplicates, model?): PreparedRow[]    prepare.ts: names cut to fit, repeats decided
 *   createDecider(existing?, options?): (row: PreparedRow) => Decision   plan/decide.ts: the one
 *       decision of a row's fate (by QuickBooks ID, SKU, name or staff's choice), for the preview
 *       and the writer alike
 *   toRowResult(row, decision, batch): ImportRowResult     results.ts: the row's result, stored and shown
 */
export { checkFileSize, decodeFile, type DecodeResult, type DecodedFile, type TextEncodingName } from "./read/decode";
export { detectFormat, fieldForHeader, type DetectResult } from "./read/detect";
export { parseRows, type ParseOptions, type ParseProgress, type ParseResult } from "./read/parse";
export { createDuplicateTracker, identifyRow, markDuplicates, understandRow } from "./understand/understand";
export { planImport, type ImportPlan, type PlanCounts } from "./plan/plan";
export { countRows, type ImportCounts } from "./plan/counts";
export { indexExisting, type ExistingProduct, type ExistingProducts } from "./plan/decide";
export { understandFile, understandText, type PipelineOptions, type PipelineResult } from "./pipeline";
export {
  COLUMN_KEYS,
  describeRejection,
  describeRowMessage,
  ENCODING_KEYS,
  FORMAT_KEYS,
  countsLineText,
  NO_DATA_ROWS_KEY,
  REJECTION_KEYS,
  ROW_MESSAGE_KEYS,
  STATUS_KEYS,
  type Described,
} from "./messages";
export { finalStatusAfterWrite, finalStatusBeforeWrite, type FinalStatus } from "./statuses";
export { nameItem, type Naming } from "./understand/naming";
export { parsePack } from "./understand/pack";
export { parsePrice, parseQuantity } from "./understand/price";
export {
  DEFAULT_BATCH_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_IMPORT_FILE_BYTES,
  MAX_ITEM_NAME_LENGTH,
  MAX_SKU_LENGTH,
} from "./limits";
export type * from "./types";
