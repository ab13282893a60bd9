import type { Lang } from "~/i18n/config";
import { toCsv, type CsvCell } from "~/lib/csv";
import { resultsCsvHeader, resultsCsvRows } from "../engine/results";
import type { FinalStatus } from "../engine/statuses";
import { runNamedByModel } from "./model.server";
import { findImportRows } from "./rows.server";
import { loadRun } from "./run.server";
import { importTranslator, rowMessageText } from "./texts.server";

const PAGE = 5_000;

/**
 * A run's row results as CSV in the reader's language, optionally only some final statuses and
 * the rows a search finds, as the run's page shows them: the columns of the screen's download
 * (engine/results.ts), read a page at a time.
 */
export async function exportImportRowsCsv(
  runId: string,
  { lang, statuses, search }: { lang: Lang; statuses?: FinalStatus[]; search?: string },
): Promise<{ fileName: string; csv: string }> {
  const run = await loadRun(runId);
  const t = importTranslator(lang);
  const lines: CsvCell[][] = [resultsCsvHeader(t, { modelConfigured: runNamedByModel(run) })];
  for (let page = 1; ; page++) {
    const found = await findImportRows(runId, { statuses, search, page, pageSize: PAGE });
    lines.push(...resultsCsvRows(found.rows, t, (r) => rowMessageText(r.messages, lang)));
    if (page >= found.pageCount) break;
  }
  const base = run.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "-") || "import";
  return { fileName: `${base}-results.csv`, csv: toCsv(lines) };
}
