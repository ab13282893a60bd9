import { and, eq, like, sql } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import type { Tx } from "~/db/client.server";
import { priceListItem, priceListVersion, product } from "~/db/schema";
import {
  applyPriceChanges,
  lockList,
  takeVersion,
  type Actor,
  type PriceChange,
} from "~/features/price-lists/internal.server";
import { searchKey } from "~/lib/search";
import { firstFreeSlug, RESERVED_SLUGS, slugify } from "~/lib/slug";
import type { Category } from "~/features/catalog/categories";
import {
  createDecider,
  indexExisting,
  type DecideOptions,
  type ExistingProduct,
  type ProductState,
} from "../engine/plan/decide";
import type { PreparedRow } from "../engine/prepare";
import { toRowResult, type ImportRowResult } from "../engine/results";

/**
 * Writing one batch of an import (docs/decisions/014-import-runs.md), inside the caller's
 * transaction, after the batch's number is recorded (batch.server.ts): products are matched by
 * QuickBooks ID then SKU (the one decision, engine/plan/decide.ts), created with every field or updated in the
 * fields an import owns (quantity on hand, active, SKU, QuickBooks ID; never names, category, slug
 * or image), prices go through the one price write path with history (source "import") after an
 * automatic version of the list (once per run). A few statements
 * per batch, not one per row (PGlite is about 15 times slower row by row). A row the database's
 * rules would refuse (a SKU another product holds, a value a column cannot hold, an archived
 * product's price) is found before anything is written and stored as `error_db_product` or
 * `error_db_price`, and the rest of its batch is written
 * (docs/decisions/017-import-row-errors-and-upkeep.md). A product the batch creates is hidden and
 * marked for review unless the run publishes new products, and keeps the run's id: it is shown to
 * customers only priced in their list (docs/decisions/026-imported-products-review.md).
 */

export type BatchWrite = {
  runId: string;
  listId: string;
  actor: Actor;
  batchNumber: number;
  rows: PreparedRow[];
  /** Name matching and staff's choices of the run (docs/decisions/027-first-import-matching.md). */
  decide: DecideOptions;
  /** New products go live at once, else they are kept hidden for review. */
  publishNew: boolean;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * Import batches take turns on the catalogue (whatever their list), held to the commit: the SKUs
 * and QuickBooks IDs a batch checks before writing cannot be taken meanwhile by another import
 * (another list, another server process), so a conflict is found and reported, never raced.
 * Only imports write those columns. A batch is short (docs/decisions/024-budgets-and-rules.md), so
 * the wait is too.
 */
const IMPORT_CATALOGUE_LOCK = 7_200_114;
async function lockCatalogue(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_CATALOGUE_LOCK})`);
}

/**
 * Products the rows may be (by QuickBooks ID, by SKU among products without one, by name among
 * those without one, or chosen by staff), and every other product that holds one of the rows'
 * SKUs (a conflict the row is refused for), in the order the decisions take them: by QuickBooks
 * ID, then oldest first.
 */
async function findProducts(
  tx: Tx,
  listId: string,
  rows: PreparedRow[],
  options: DecideOptions,
): Promise<ExistingProduct[]> {
  const keys = [...new Set(rows.map((r) => r.quickbooksId!))];
  const skus = [...new Set(rows.map((r) => r.sku).filter((s): s is string => s !== null))];
  if (keys.length === 0) return [];
  // Index lookups with the rows' keys as array parameters (plans that stay good without table
  // statistics, which PGlite never gathers). Not locked: the update writes the file's values for
  // the fields an import owns whatever a concurrent edit did, and bumps the revision; only
  // imports write QuickBooks IDs and SKUs, and their batches take turns (lockCatalogue).
  type Found = {
    id: string;
    quickbooks_id: string | null;
    sku: string | null;
    active: boolean;
    quantity: string | null;
    archived: boolean;
    name_en: string;
    name_es: string;
    category: Category | null;
    pack_value: string | null;
    pack_unit: string | null;
  };
  const columns = sql`id, quickbooks_id, sku, active, quantity, archived_at is not null as archived, name_en, name_es,
    category, pack_value, pack_unit`;
  const found = (
    await tx.execute<Found>(sql`
      select ${columns} from ${product}
      where quickbooks_id = any(${sql.param(keys)}::text[])
      order by id`)
  ).rows;
  if (skus.length > 0) {
    // Products found by their key above are left out: a re-import reads each product once.
    const bySku = await tx.execute<Found>(sql`
      select ${columns} from ${product}
      where sku = any(${sql.param(skus)}::text[])
        and (quickbooks_id is null or not (quickbooks_id = any(${sql.param(keys)}::text[])))
      order by created_at, id`);
    found.push(...bySku.rows);
  }
  // A row its key leaves unmatched may be a product typed before the first import, or one staff chose.
  // As the decision matches: by QuickBooks ID, or by a SKU a product without one holds.
  const keyed = new Set(found.flatMap((p) => (p.quickbooks_id ? [p.quickbooks_id] : [])));
  const freeSkus = new Set(found.flatMap((p) => (!p.quickbooks_id && p.sku ? [p.sku] : [])));
  const unmatched = rows.filter((r) => !keyed.has(r.quickbooksId!) && (r.sku === null || !freeSkus.has(r.sku)));
  const chosen = rows.flatMap((r) => {
    const choice = options.choices?.get(r.row);
    return choice?.kind === "link" ? [choice.productId] : [];
  });
  if (chosen.length > 0 || (unmatched.length > 0 && options.nameMatch !== false)) {
    const seen = new Set(found.map((p) => p.id));
    const more = await tx.execute<Found>(sql`
      select ${columns} from ${product}
      where id = any(${sql.param(chosen)}::uuid[])
        ${options.nameMatch !== false && unmatched.length > 0 ? sql`or (quickbooks_id is null and archived_at is null)` : sql``}
      order by created_at, id`);
    found.push(...more.rows.filter((p) => !seen.has(p.id)));
  }
  const prices = new Map<string, number | null>();
  if (found.length > 0) {
    const items = await tx.execute<{ product_id: string; price_cents: number | null }>(sql`
      select product_id, price_cents from ${priceListItem}
      where price_list_id = ${listId} and product_id = any(${sql.param(found.map((p) => p.id))}::uuid[])`);
    for (const item of items.rows)
      prices.set(item.product_id, item.price_cents === null ? null : Number(item.price_cents));
  }
  return found.map((p) => ({
    id: p.id,
    quickbooksId: p.quickbooks_id,
    sku: p.sku,
    active: p.active,
    quantity: numberOrNull(p.quantity),
    inList: prices.has(p.id),
    priceCents: prices.get(p.id) ?? null,
    archived: Boolean(p.archived),
    name: p.name_en,
    nameEs: p.name_es,
    category: p.category,
    packValue: numberOrNull(p.pack_value),
    packUnit: p.pack_unit,
  }));
}

/** Readable, unique slugs: the name, else the name with the item's code, else numbered. */
async function assignSlugs(tx: Tx, creates: NewProduct[]) {
  if (creates.length === 0) return;
  const options = creates.map((c) => {
    const base = slugify(c.nameEn, "product");
    return [base, slugify(`${c.nameEn} ${c.quickbooksId}`, "product")] as const;
  });
  const candidates = [...new Set(options.flat())];
  const taken = new Set(
    (
      await tx.execute<{ slug: string }>(
        sql`select slug from ${product} where slug = any(${sql.param(candidates)}::text[])`,
      )
    ).rows.map((r) => r.slug),
  );
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug);
  for (const [i, create] of creates.entries()) {
    const [base, withCode] = options[i];
    let slug = free(base) ? base : free(withCode) ? withCode : null;
    if (!slug) {
      const numbered = await tx
        .select({ slug: product.slug })
        .from(product)
        .where(like(product.slug, `${withCode.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`));
      slug = firstFreeSlug(withCode, new Set([...taken, ...numbered.map((r) => r.slug)]));
    }
    taken.add(slug);
    create.slug = slug;
  }
}

/**
 * Writes one prepared batch's products and prices in `tx` (the caller has claimed the batch) and
 * returns each row's result; any error rolls the whole batch back.
 */
export async function writeBatch(tx: Tx, input: BatchWrite): Promise<ImportRowResult[]> {
  const { runId, batchNumber } = input;
  await lockCatalogue(tx);
  const list = await lockList(tx, input.listId);

  const toWrite = input.rows.filter((r) => r.importable && r.supersededBy === null && r.quickbooksId !== null);
  const decide = createDecider(indexExisting(await findProducts(tx, list.id, toWrite, input.decide)), input.decide);
  const decisions = input.rows.map((row) => ({ row, decision: decide(row) }));

  // Products: one insert for the new ones, one update for the changed ones.
  const created = decisions.filter((d) => d.decision.action === "created").map((d) => d.decision.product!);
  const creates = created.map(newProduct);
  await assignSlugs(tx, creates);
  if (creates.length > 0) {
    const now = new Date();
    const column = <K extends keyof (typeof creates)[number]>(key: K) => creates.map((c) => c[key] ?? null);
    const review = !input.publishNew;
    const marks = sql`${review}::boolean, ${review}::boolean, ${runId}::uuid`;
    const inserted = await tx.execute<{ id: string; quickbooks_id: string }>(sql`
      insert into ${product} (slug, name_en, name_es, category, base_price_cents, quantity, unit, pack_value,
        pack_unit, active, quickbooks_id, sku, search_key, created_at, updated_at, hidden, import_review, import_run_id)
      select v.*, ${now}::timestamptz, ${now}::timestamptz, ${marks} from ${unnestRows(
        [
          [column("slug"), "text"],
          [column("nameEn"), "text"],
          [column("nameEs"), "text"],
          [column("category"), "text"],
          [column("basePriceCents"), "integer"],
          [column("quantity"), "numeric"],
          [column("unit"), "text"],
          [column("packValue"), "numeric"],
          [column("packUnit"), "text"],
          [column("active"), "boolean"],
          [column("quickbooksId"), "text"],
          [column("sku"), "text"],
          [column("searchKey"), "text"],
        ],
        [
          "slug",
          "name_en",
          "name_es",
          "category",
          "base_price_cents",
          "quantity",
          "unit",
          "pack_value",
          "pack_unit",
          "active",
          "quickbooks_id",
          "sku",
          "search_key",
        ],
      )}
      returning id, quickbooks_id`);
    const ids = new Map(inserted.rows.map((r) => [r.quickbooks_id, r.id]));
    for (const state of created) state.id = ids.get(state.quickbooksId!)!;
  }
  const updates = [
    ...new Set(
      decisions
        .map((d) => d.decision)
        .filter((d) => d.action === "updated" && d.productStatus === "success" && !d.product!.createdBy)
        .map((d) => d.product!),
    ),
  ];
  if (updates.length > 0) {
    await tx.execute(sql`
      update ${product} as p
      set active = v.active, quantity = coalesce(v.quantity, p.quantity), sku = v.sku, quickbooks_id = v.quickbooks_id,
          revision = p.revision + 1, updated_at = now()
      from ${unnestRows(
        [
          [updates.map((s) => s.id), "uuid"],
          [updates.map((s) => s.active), "boolean"],
          [updates.map((s) => (s.quantity === null ? null : s.quantity.toFixed(2))), "numeric"],
          [updates.map((s) => s.sku), "text"],
          [updates.map((s) => s.quickbooksId), "text"],
        ],
        ["id", "active", "quantity", "sku", "quickbooks_id"],
      )}
      where p.id = v.id`);
  }

  // Prices: the one price write path, after an automatic version of the list, once per run.
  const changes = new Map<string, PriceChange>();
  for (const { decision } of decisions) {
    if (!decision.priceChange) continue;
    const id = decision.product!.id!;
    const previous = changes.get(id);
    changes.set(id, {
      productId: id,
      oldCents: previous ? previous.oldCents : decision.priceChange.oldCents,
      newCents: decision.priceChange.newCents,
    });
  }
  if (changes.size > 0) {
    const reason = `import:${runId}`;
    const [version] = await tx
      .select({ id: priceListVersion.id })
      .from(priceListVersion)
      .where(and(eq(priceListVersion.priceListId, list.id), eq(priceListVersion.reason, reason)))
      .limit(1);
    if (!version) await takeVersion(tx, list, { actor: input.actor, reason, automatic: true });
    await applyPriceChanges(tx, list, [...changes.values()], {
      actor: input.actor,
      source: "import",
      activity: false,
    });
  }

  return decisions.map(({ row, decision }) => toRowResult(row, decision, batchNumber));
}

type NewProduct = typeof product.$inferInsert & { quickbooksId: string };

/** The insert of a product the batch creates: its row's values, and what later rows of its item changed. */
function newProduct(state: ProductState): NewProduct {
  const row = state.createdBy!;
  const key = state.quickbooksId!;
  const nameEn = row.name ?? key;
  const nameEs = row.nameEs ?? row.name ?? key;
  return {
    slug: "",
    nameEn,
    nameEs,
    searchKey: searchKey(nameEn, nameEs),
    category: row.category,
    basePriceCents: row.priceCents,
    quantity: state.quantity === null ? null : state.quantity.toFixed(2),
    unit: row.unit,
    packValue: row.packValue === null ? null : String(row.packValue),
    packUnit: row.packUnit,
    active: state.active,
    quickbooksId: key,
    sku: state.sku,
  };
}
