import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { argValue, CliError, hasFlag, positionalArgs, runTool } from "./lib/cli";

const usage = `Usage: npm run import:quickbooks -- FILE (--list SLUG | --new-list NAME) [--publish-new] [--dry-run] [--json] [--batch-size N] [--no-name-match]

Imports a QuickBooks item list exported as CSV (QuickBooks Online "Products and Services", or the
QuickBooks Desktop item list) into a price list of the configured database: the embedded one in
DATA_DIR (./data; the server must be stopped), or PostgreSQL when DATABASE_URL is set (the server
may keep running). It runs the server's import: new items become products, known ones (matched by
QuickBooks ID, then SKU) are updated, a product typed before the first import that has the
item's name and pack is linked to it (it gets the QuickBooks ID and SKU, and keeps its names,
category and picture), every price change is kept in the price history, and services, fees and
rows without a usable description are skipped. Importing the same file again changes nothing.
New products are kept hidden from customers and visitors for staff to review and publish on
/products/manage ("New from import, to review"), unless --publish-new is given.

  FILE              the exported CSV (at most 10 MB)
  --list SLUG       the price list, by the slug in its address (/prices-manage/SLUG)
  --new-list NAME   a new price list with this name (created only if the file is accepted)
  --publish-new     publish the products the import creates at once (shown to the customers and
                    visitors whose price list prices them); without it they are kept for review
  --dry-run         read the file and say what the import would do; write nothing
  --json            print one JSON document {"summary": {...}, "rows": [...]} instead of text
  --batch-size N    rows written per transaction (default 500)
  --no-name-match   match items by QuickBooks ID and SKU only: an item that matches neither
                    becomes a new product even when a product of its name and pack exists

Exit status: 0 when the import completed (also with warnings, e.g. rows it could not read);
1 when the file was refused, the import failed, or the arguments are wrong.`;

if (hasFlag("help") || process.argv.slice(2).length === 0) {
  console.log(usage);
  process.exit(hasFlag("help") ? 0 : 1);
}

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const files = positionalArgs(["list", "new-list", "batch-size"]);
const listSlug = argValue("list");
const newListName = argValue("new-list");
const dryRun = hasFlag("dry-run");
const publishNew = hasFlag("publish-new");
const json = hasFlag("json");
const batchText = argValue("batch-size");
const batchSize = batchText === undefined ? undefined : Number(batchText);
const nameMatch = !hasFlag("no-name-match");

if (files.length !== 1) fail(files.length === 0 ? "FILE is required." : "Give one FILE.");
if ((listSlug === undefined) === (newListName === undefined)) fail("Give either --list SLUG or --new-list NAME.");
if ((listSlug ?? newListName ?? "").trim() === "" || (listSlug ?? newListName ?? "").startsWith("--")) {
  fail(listSlug !== undefined ? "--list needs the price list's slug." : "--new-list needs a name.");
}
if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 2000)) {
  fail("--batch-size must be a whole number from 1 to 2000.");
}
const file = path.resolve(files[0]);
if (!existsSync(file) || !statSync(file).isFile()) fail(`${files[0]}: no such file.`);

/** Writes all of it before the process exits (a pipe may take its time). */
function print(text: string) {
  return new Promise<void>((resolve, reject) =>
    process.stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
  );
}

await runTool(
  "npm run import:quickbooks",
  async () => {
    const { MAX_IMPORT_FILE_BYTES, checkFileSize, FORMAT_KEYS, countsLineText } =
      await import("../app/features/imports/engine");
    const { importQuickBooksFile, allRunRows } = await import("../app/features/imports/run/import-file.server");
    const { Refusal } = await import("../app/lib/refusal");
    const { importTranslator, rejectionText } = await import("../app/features/imports/run/texts.server");
    const { OUTCOME_KEYS } = await import("../app/features/imports/run/run-messages");
    const t = importTranslator("en");

    // Refused on its size before it is read (at most 10 MB).
    const size = statSync(file).size;
    const tooLarge = checkFileSize(size);
    const bytes = tooLarge ? new Uint8Array(0) : readFileSync(file);

    let result;
    try {
      result = tooLarge
        ? ({ ok: false, rejection: tooLarge, summary: null, rows: [] } as const)
        : await importQuickBooksFile({
            actor: { id: null },
            fileName: path.basename(file),
            bytes,
            listSlug,
            newListName,
            dryRun,
            batchSize,
            publishNew,
            mode: "cli",
            collectRows: dryRun,
            nameMatch,
          });
    } catch (error) {
      if (error instanceof Refusal) throw new CliError(t(error.code, error.values));
      throw error;
    }

    if (!result.ok) {
      const message = rejectionText(result.rejection);
      if (json) {
        await print(
          JSON.stringify({
            summary: {
              listSlug: listSlug ?? null,
              fileName: path.basename(file),
              outcome: "failed",
              message,
              rejection: result.rejection,
              maxBytes: MAX_IMPORT_FILE_BYTES,
            },
            rows: [],
          }),
        );
      } else {
        console.error(`${path.basename(file)} was refused: ${message}`);
      }
      return 1;
    }

    const { summary } = result;
    const rows = dryRun || !summary.runId ? result.rows : await allRunRows(summary.runId);
    const outcome = t(OUTCOME_KEYS[summary.outcome]);
    if (json) {
      await print(
        JSON.stringify({
          summary: { ...summary, message: outcome },
          rows: rows.map((r) => ({
            row: r.row,
            line: r.line,
            item: r.item,
            quickbooksId: r.quickbooksId,
            finalStatus: r.finalStatus,
            name: r.name,
            nameEs: r.nameEs,
            category: r.category,
            packValue: r.packValue,
            packUnit: r.packUnit,
            unit: r.unit,
            priceCents: r.priceCents,
            sku: r.sku,
            quantity: r.quantity,
            action: r.action,
            match: r.match,
            candidates: r.candidates,
            aiStatus: r.aiStatus,
            dbProductStatus: r.dbProductStatus,
            dbPriceStatus: r.dbPriceStatus,
            productId: r.productId,
            message: r.message,
          })),
        }),
      );
    } else {
      const format = summary.format ? t(FORMAT_KEYS[summary.format]) : "";
      const batches = `${summary.totalBatches} batch${summary.totalBatches === 1 ? "" : "es"}`;
      const lines = [
        dryRun
          ? `Dry run, nothing was written: ${summary.fileName} into the price list "${summary.listName}"${summary.listSlug ? ` (${summary.listSlug})` : ""}.`
          : `Imported ${summary.fileName} into the price list "${summary.listName}" (${summary.listSlug}): ${outcome}`,
        `  ${format}: ${summary.totalRows} rows in ${batches}`,
        `  ${countsLineText(summary.counts, t)}`,
        `  ${t("run.summary.created")} ${summary.created} · ${t("run.summary.updated")} ${summary.updated} · ${t("run.summary.skipped")} ${summary.skipped} · ${t("run.summary.invalidRowsSkipped")} ${summary.invalidRowsSkipped} · ${t("run.summary.errors")} ${summary.errors} · ${t("run.summary.processedInactive")} ${summary.processedInactive}`,
        `  ${t("run.summary.successCount")} ${summary.successCount} · ${t("run.summary.errorCount")} ${summary.errorCount}${summary.failedBatches ? ` · ${t("run.summary.failedBatches")} ${summary.failedBatches}` : ""}`,
      ];
      if (summary.withoutPrice) lines.push(`  ${t("run.summary.withoutPrice")}: ${summary.withoutPrice}`);
      if (summary.unrecognized) lines.push(`  ${t("run.summary.unrecognized")}: ${summary.unrecognized}`);
      if (!dryRun && summary.nothingChanged) lines.push(`  ${t("run.summary.nothingChanged")}`);
      if (!dryRun && summary.created > 0 && !publishNew) {
        lines.push(`  ${t("run.summary.keptForReview")}`);
      }
      if (summary.versionNumber !== null)
        lines.push(`  ${t("run.summary.versionTaken", { number: summary.versionNumber })}`);
      const errors = rows.filter((r) => r.finalStatus.startsWith("error") || r.finalStatus === "unknown_error");
      for (const r of errors.slice(0, 20)) lines.push(`  row ${r.row} (${r.item}): ${r.message}`);
      if (errors.length > 20) lines.push(`  … and ${errors.length - 20} more rows with errors (see --json).`);
      await print(lines.join("\n"));
    }
    return summary.outcome === "failed" ? 1 : 0;
  },
  { auth: false },
);
