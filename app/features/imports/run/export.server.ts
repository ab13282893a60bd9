import Papa from "papaparse";
import type { Lang } from "~/i18n/config";
import { neutralizeCell } from "~/lib/csv";
import {
  ACTION_KEYS,
  AI_STATUS_KEYS,
  DB_STATUS_KEYS,
  FINAL_STATUS_KEYS,
  type ImportRowResult,
} from "../engine/run-messages";
import { findImportRows, loadRun } from "./run.server";
import type { FinalStatus } from "../engine/statuses";
import { importTranslator, rowMessageText } from "./texts.server";

const COLUMNS = [
  "row",
  "line",
  "item",
  "name",
  "nameEs",
  "category",
  "packValue",
  "packUnit",
  "price",
  "sku",
  "quantity",
  "productId",
  "action",
  "aiStatus",
  "dbProductStatus",
  "dbPriceStatus",
  "finalStatus",
  "message",
] as const;

const PAGE = 5_000;

/**
 * A run's row results as CSV in the reader's language (column names, statuses, messages),
 * optionally only some final statuses. Text that a spreadsheet would evaluate (a leading `=`, `+`,
 * `-`, `@`, tab or carriage return: item names from the file, names, messages) is written as text
 * (docs/decisions/024-budgets-and-rules.md); numbers we write ourselves are left numbers. With a
 * byte order mark, so spreadsheets read the accents as UTF-8.
 */
export async function exportImportRowsCsv(
  runId: string,
  { lang, statuses }: { lang: Lang; statuses?: FinalStatus[] },
): Promise<{ fileName: string; csv: string }> {
  const run = await loadRun(runId);
  const t = importTranslator(lang);
  const text = (value: string | null) => neutralizeCell(value ?? "");
  const number = (value: number | null) => (value === null ? "" : String(value));
  const line = (r: ImportRowResult) => [
    number(r.row),
    number(r.line),
    text(r.item),
    text(r.name),
    text(r.nameEs),
    text(r.category),
    number(r.packValue),
    text(r.packUnit),
    r.priceCents === null ? "" : (r.priceCents / 100).toFixed(2),
    text(r.sku),
    number(r.quantity),
    text(r.productId),
    text(t(ACTION_KEYS[r.action])),
    text(t(AI_STATUS_KEYS[r.aiStatus])),
    text(t(DB_STATUS_KEYS[r.dbProductStatus])),
    text(t(DB_STATUS_KEYS[r.dbPriceStatus])),
    text(t(FINAL_STATUS_KEYS[r.finalStatus])),
    text(rowMessageText(r.messages, lang) || r.message),
  ];

  const lines: string[][] = [COLUMNS.map((c) => text(t(`run.csv.${c}`)))];
  for (let page = 1; ; page++) {
    const found = await findImportRows(runId, { statuses, page, pageSize: PAGE });
    lines.push(...found.rows.map(line));
    if (page >= found.pageCount) break;
  }
  const base = run.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "-") || "import";
  return { fileName: `${base}-results.csv`, csv: `\uFEFF${Papa.unparse(lines, { newline: "\r\n" })}\r\n` };
}
