import { sql } from "drizzle-orm";
import { db } from "../../app/db/client.server";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";

// Children before parents, so no foreign key stands in the way.
const importTables = [
  "import_row",
  "import_batch",
  "import_file",
  "job",
  "import_run",
  "activity",
  "price_history",
  "price_list_version",
  "price_list_item",
  "price_list",
  "product",
];

/**
 * What each import test starts from: no imports, jobs, activity or catalogue, no injected fault,
 * and one empty price list to import into, made by `actor`.
 */
export async function freshImportData(actor: { id: string }, listName: string) {
  setImportFaultsForTests(undefined);
  for (const table of importTables) await db().execute(sql.raw(`delete from ${table}`));
  return createPriceList(actor, emptyListInput(listName));
}
