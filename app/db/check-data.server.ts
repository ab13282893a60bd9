import { sql, type SQL } from "drizzle-orm";
import { formatMoney } from "~/lib/money";
import { MAX_SLUG_LENGTH, RESERVED_SLUGS, SLUG_PATTERN } from "~/lib/slug";
import { db, type DbOrTx } from "./client.server";
import { importBatch, importRow, importRun, priceHistory, priceList, priceListItem, product } from "./schema";

/**
 * The data check (`npm run check-data`, docs/decisions/032-data-check.md): what the write paths
 * promise about the stored data, asked of the database itself, one statement per promise, each
 * answering the rows that break it (the first `limit`, with how many there are) said in words.
 *
 *   checkData(executor?, {limit?}): Promise<DataCheckResult[]>     every check, in this order
 */

export type DataCheckId = "price-items" | "list-revisions" | "slugs" | "import-batches";

export type DataCheckResult = {
  id: DataCheckId;
  /** What must be true, in a sentence. */
  rule: string;
  /** How many things break it, all of them. */
  count: number;
  /** The first of them, each in words: which list, product or run, what was expected and what was found. */
  problems: string[];
};

/** Problems listed per check: enough to see the pattern, few enough to read. */
export const PROBLEMS_LISTED = 20;

type Check = {
  id: DataCheckId;
  rule: string;
  query: (limit: number) => SQL;
  describe: (row: Record<string, unknown>) => string;
};

const money = (cents: unknown) => (cents === null || cents === undefined ? "no price" : formatMoney(Number(cents), "en"));
const quoted = (text: unknown) => `“${String(text)}”`;
const productLabel = (name: unknown, sku: unknown) => `${quoted(name)}${sku ? ` (SKU ${String(sku)})` : ""}`;

/**
 * Each item's price is the new price of its latest history row (by id, the order they were
 * written in), and a product whose latest row gives it a price in a list is in that list. The
 * seed writes an "initial" row for each of its prices, so every item has one.
 */
const priceItems: Check = {
  id: "price-items",
  rule: "Every price in a list is the one its latest price history row gives",
  query: (limit) => sql`
    with latest as (
      select distinct on (price_list_id, product_id) id, price_list_id, product_id, new_price_cents, source
      from ${priceHistory}
      where price_list_id is not null
      order by price_list_id, product_id, id desc
    ), wrong as (
      select coalesce(i.price_list_id, h.price_list_id) as list_id,
        coalesce(i.product_id, h.product_id) as product_id,
        i.product_id is not null as held, i.price_cents as price,
        h.id is not null as has_history, h.new_price_cents as history_price, h.source
      from ${priceListItem} i
      full join latest h on h.price_list_id = i.price_list_id and h.product_id = i.product_id
      where case
        when i.product_id is null then h.new_price_cents is not null
        when h.id is null then true
        else i.price_cents is distinct from h.new_price_cents
      end
    )
    select w.held, w.price, w.has_history, w.history_price, w.source, l.name as list_name,
      p.name_en as product_name, p.sku, (count(*) over ())::int as total
    from wrong w
    join ${priceList} l on l.id = w.list_id
    join ${product} p on p.id = w.product_id
    order by l.name, l.id, p.name_en, p.id
    limit ${limit}`,
  describe: (r) => {
    const where = `In ${quoted(r.list_name)}, ${productLabel(r.product_name, r.sku)}`;
    if (!r.held) {
      return `${where} is not in the list, but its latest history row (${String(r.source)}) gives it ${money(r.history_price)}.`;
    }
    if (!r.has_history) return `${where} is priced ${money(r.price)} and has no price history row at all.`;
    return `${where} is priced ${money(r.price)}, but its latest history row (${String(r.source)}) says ${money(r.history_price)}.`;
  },
};

/**
 * A list's revision is never behind its history: every history row of a list names the
 * revision its change produced, none above the list's own, and the rows of one revision were
 * written by one change (one source, one author, one time). The revision may be ahead: renaming,
 * flags, deleting and restoring a list move it without a price changing.
 */
const listRevisions: Check = {
  id: "list-revisions",
  rule: "Every list's revision is at or past the latest revision its price history records, one change a revision",
  query: (limit) => sql`
    with revisions as (
      select price_list_id, list_revision, count(*)::int as n,
        count(distinct source)::int as sources,
        count(distinct created_at)::int as times,
        count(distinct coalesce(author_id, ''))::int as authors,
        string_agg(distinct source, ', ' order by source) as source_names
      from ${priceHistory}
      where price_list_id is not null and list_revision >= 1
      group by price_list_id, list_revision
    ), problems as (
      select price_list_id as list_id, 'unnumbered' as kind, null::int as history_revision, count(*)::int as n,
        null::int as sources, null::int as times, null::int as authors, null::text as source_names
      from ${priceHistory}
      where price_list_id is not null and (list_revision is null or list_revision < 1)
      group by price_list_id
      union all
      select r.price_list_id, 'ahead', max(r.list_revision), null, null, null, null, null
      from revisions r
      join ${priceList} l on l.id = r.price_list_id
      group by r.price_list_id, l.revision
      having max(r.list_revision) > l.revision
      union all
      select price_list_id, 'mixed', list_revision, n, sources, times, authors, source_names
      from revisions
      where sources > 1 or times > 1 or authors > 1
    )
    select p.*, l.name as list_name, l.revision, (count(*) over ())::int as total
    from problems p
    join ${priceList} l on l.id = p.list_id
    order by l.name, l.id, p.kind, p.history_revision
    limit ${limit}`,
  describe: (r) => {
    const list = quoted(r.list_name);
    if (r.kind === "unnumbered") return `${list}: ${String(r.n)} price history row(s) name no list revision.`;
    if (r.kind === "ahead") {
      return `${list} is at revision ${String(r.revision)}, but its price history records a change that made revision ${String(r.history_revision)}.`;
    }
    const differences = [
      Number(r.sources) > 1 ? `sources ${String(r.source_names)}` : null,
      Number(r.times) > 1 ? `${String(r.times)} different times` : null,
      Number(r.authors) > 1 ? `${String(r.authors)} different authors` : null,
    ].filter((d) => d !== null);
    return (
      `${list}, revision ${String(r.history_revision)}: its ${String(r.n)} price history rows were written by more ` +
      `than one change (${differences.join("; ")}).`
    );
  },
};

/** Every product and price list has a slug its address can name (docs/decisions/023-specification-decisions.md). */
const slugs: Check = {
  id: "slugs",
  rule: "Every product and price list has a slug: lowercase letters and digits joined by single hyphens, not a reserved word",
  query: (limit) => {
    const reserved = sql.param([...RESERVED_SLUGS]);
    const bad = sql`(slug !~ ${SLUG_PATTERN} or length(slug) > ${MAX_SLUG_LENGTH} or slug = any(${reserved}::text[]))`;
    return sql`
      select *, (count(*) over ())::int as total from (
        select 'product' as kind, id, name_en as name, sku, slug from ${product} where ${bad}
        union all
        select 'price list', id, name, null, slug from ${priceList} where ${bad}
      ) s
      order by kind desc, name, id
      limit ${limit}`;
  },
  describe: (r) => {
    const slug = String(r.slug);
    const what = r.kind === "product" ? `Product ${productLabel(r.name, r.sku)}` : `Price list ${quoted(r.name)}`;
    if (slug.trim() === "") return `${what} has no slug.`;
    const why = RESERVED_SLUGS.has(slug)
      ? "a word an address of the site already uses"
      : slug.length > MAX_SLUG_LENGTH
        ? `longer than ${MAX_SLUG_LENGTH} characters`
        : "not lowercase letters and digits joined by single hyphens";
    return `${what} has the slug ${quoted(slug)}: ${why}.`;
  },
};

/**
 * An import batch is applied at most once (docs/decisions/014-import-runs.md): no row of a run is
 * stored twice, and rows are stored only for a batch recorded applied or failed, the record a
 * batch's transaction writes before anything else.
 */
const importBatches: Check = {
  id: "import-batches",
  rule: "Every import batch was applied at most once, and only as a recorded batch",
  query: (limit) => sql`
    with copies as (
      select run_id, row_number, min(batch_number) as batch_number, count(*)::int as n
      from ${importRow}
      group by run_id, row_number
      having count(*) > 1
    ), problems as (
      select run_id, batch_number, 'repeated' as kind, count(*)::int as rows, max(n)::int as times
      from copies
      group by run_id, batch_number
      union all
      select r.run_id, r.batch_number, 'unrecorded', count(*)::int, null
      from ${importRow} r
      left join ${importBatch} b on b.run_id = r.run_id and b.number = r.batch_number
      where b.status is null or b.status not in ('applied', 'failed')
      group by r.run_id, r.batch_number
    )
    select p.*, b.status as batch_status, u.file_name, l.name as list_name, (count(*) over ())::int as total
    from problems p
    join ${importRun} u on u.id = p.run_id
    left join ${priceList} l on l.id = u.price_list_id
    left join ${importBatch} b on b.run_id = p.run_id and b.number = p.batch_number
    order by u.started_at, u.id, p.batch_number, p.kind
    limit ${limit}`,
  describe: (r) => {
    const run = `Import ${String(r.run_id)} of ${quoted(r.file_name)}${r.list_name ? ` into ${quoted(r.list_name)}` : ""}, batch ${String(r.batch_number)}`;
    if (r.kind === "repeated") {
      return `${run}: ${String(r.rows)} row(s) stored up to ${String(r.times)} times, so the batch was applied more than once.`;
    }
    const recorded = r.batch_status ? `recorded as ${String(r.batch_status)}` : "not recorded";
    return `${run}: ${String(r.rows)} row(s) stored, but the batch is ${recorded}, not applied or failed.`;
  },
};

const checks: Check[] = [priceItems, listRevisions, slugs, importBatches];

/**
 * Runs every check on `executor` (the app's database, or a transaction the caller holds) and
 * answers each with its problems; a check with none passed. Reads only.
 */
export async function checkData(
  executor: DbOrTx = db(),
  { limit = PROBLEMS_LISTED }: { limit?: number } = {},
): Promise<DataCheckResult[]> {
  const results: DataCheckResult[] = [];
  for (const check of checks) {
    const { rows } = await executor.execute<Record<string, unknown>>(check.query(limit));
    results.push({
      id: check.id,
      rule: check.rule,
      count: Number(rows[0]?.total ?? 0),
      problems: rows.map(check.describe),
    });
  }
  return results;
}
