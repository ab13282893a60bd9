import { saveEditedPrices } from "../../app/features/price-lists/edit-prices.server";
import { findPriceListBySlug } from "../../app/features/price-lists/lists.server";
import { centsToInput } from "../../app/lib/money";
import type { PriceBenchList } from "./price-bench-data";

/**
 * The server time of the list editor's save action for `edits` typed prices,
 * on the database open in this process. The form is what the editor posts (the edits as JSON text
 * and the revision it loaded); every run changes every price it sends. One warm-up run, then
 * `runs` timed ones; returns their times in milliseconds.
 */
export async function timeEditorSaves(list: PriceBenchList, { edits = 500, runs = 7 } = {}) {
  if (list.productIds.length < edits)
    throw new Error(`The list has ${list.productIds.length} products, fewer than ${edits}.`);
  const ids = list.productIds.slice(0, edits);
  let revision = (await findPriceListBySlug(list.slug))!.revision;
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    // 20.00 and up, a different price for each product and each run.
    const payload = ids.map((productId, i) => ({ productId, price: centsToInput(2_000 + i * (runs + 2) + run) }));
    const form = { edits: JSON.stringify(payload), revision: String(revision) };
    const started = performance.now();
    const { status, result } = await saveEditedPrices({ id: list.sellerId }, list.listId, form, `bench-save-${run}`);
    const ms = performance.now() - started;
    if (status !== 200 || !result.ok || !("changed" in result)) {
      throw new Error(`The editor's save answered ${status}: ${JSON.stringify(result).slice(0, 200)}`);
    }
    if (run > 0 && result.changed !== edits) throw new Error(`A save changed ${result.changed} prices, not ${edits}.`);
    revision = result.revision;
    if (run > 0) times.push(ms);
  }
  return times;
}
