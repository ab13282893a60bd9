import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import type { Tx } from "~/db/client.server";
import { priceHistory, priceList, priceListItem, priceListVersion, product, user } from "~/db/schema";
import { recordActivity, type PriceGroupChanges } from "~/features/activity/record.server";
import { Refusal } from "~/lib/refusal";
import type { ConflictingChange, PriceListErrorCode } from "./errors";
import type { BulkChange } from "./schema";

/** Who makes a change: a person, or nobody (`id: null`, e.g. the import command line). */
export type Actor = { id: string | null };

/** Where a price change came from; every history row names one ("initial": the demo seed's prices). */
export type PriceSource =
  "initial" | "screen" | "bulk" | "reapply" | "restore" | "create" | "add" | "remove" | "import" | "assistant";

export type LockedList = typeof priceList.$inferSelect;

/** The channel NOTIFY carries changed list ids on (ids only, docs/decisions/024-budgets-and-rules.md). */
export const PRICE_LIST_CHANNEL = "price_list_changed";

/**
 * Locks the list's row for the rest of the transaction, so two saves of one list take turns
 * (revisions, docs/decisions/010-price-lists.md): the second one then sees the first one's revision.
 */
export async function lockList(tx: Tx, id: string, { includeDeleted = false } = {}): Promise<LockedList> {
  const [row] = await tx
    .select()
    .from(priceList)
    .where(includeDeleted ? eq(priceList.id, id) : and(eq(priceList.id, id), isNull(priceList.deletedAt)))
    .for("update");
  if (!row) throw new Refusal<PriceListErrorCode>("errors.notFound", 404);
  return row;
}

/**
 * A change to one product's item in one list: its price changes, or the item is added or removed
 * (a missing side is `absent`; a null price is an item without a price).
 */
export type PriceChange = {
  productId: string;
  oldCents: number | null | "absent";
  newCents: number | null | "absent";
};

const actionOf = (c: PriceChange) =>
  c.oldCents === "absent"
    ? ("created" as const)
    : c.newCents === "absent"
      ? ("deleted" as const)
      : ("updated" as const);
const centsOf = (v: number | null | "absent") => (v === "absent" ? null : v);

/**
 * What one change of prices was, beyond its source, for its activity entry: the bulk change a save
 * was made as, or the version a restore brought back.
 */
export type ChangeDescription = { bulk?: BulkChange; restoredVersion?: number };

type ApplyOptions = ChangeDescription & {
  actor: Actor;
  source: PriceSource;
  alwaysBump?: boolean;
  /** False for a writer that records one entry of its own for the whole operation (an import run). */
  activity?: boolean;
};

/**
 * The one way items are written once the list is locked: the items, one history row per change,
 * ONE activity entry for the whole change (docs/decisions/029-grouped-activity.md), the list's new
 * revision and its NOTIFY, all in the caller's transaction. Changes that change nothing are left
 * out. Returns the new revision. With `activity: false` no entry is written; the history rows stay.
 */
export async function applyPriceChanges(
  tx: Tx,
  list: LockedList,
  changes: PriceChange[],
  { actor, source, alwaysBump = false, activity = true, bulk, restoredVersion }: ApplyOptions,
) {
  const real = changes.filter((c) => c.oldCents !== c.newCents);
  if (real.length === 0 && !alwaysBump) return { revision: list.revision, changed: 0 };
  const revision = list.revision + 1;
  const now = new Date();
  const updated = real.filter((c) => actionOf(c) === "updated");
  const created = real.filter((c) => actionOf(c) === "created");
  const deleted = real.filter((c) => actionOf(c) === "deleted");
  // Each statement carries its rows as array parameters (unnestRows): one import batch writes
  // hundreds of items, and a VALUES list of that size costs more to build than to run.
  if (updated.length > 0) {
    await tx.execute(sql`
      update ${priceListItem} as i set price_cents = v.price, updated_at = ${now}
      from ${unnestRows(
        [
          [updated.map((c) => c.productId), "uuid"],
          [updated.map((c) => centsOf(c.newCents)), "integer"],
        ],
        ["product_id", "price"],
      )}
      where i.price_list_id = ${list.id} and i.product_id = v.product_id`);
  }
  if (created.length > 0) {
    await tx.execute(sql`
      insert into ${priceListItem} (price_list_id, product_id, price_cents, created_at, updated_at)
      select ${list.id}::uuid, v.product_id, v.price, ${now}::timestamptz, ${now}::timestamptz
      from ${unnestRows(
        [
          [created.map((c) => c.productId), "uuid"],
          [created.map((c) => centsOf(c.newCents)), "integer"],
        ],
        ["product_id", "price"],
      )}`);
  }
  if (deleted.length > 0) {
    await tx.delete(priceListItem).where(
      and(
        eq(priceListItem.priceListId, list.id),
        inArray(
          priceListItem.productId,
          deleted.map((c) => c.productId),
        ),
      ),
    );
  }
  if (real.length > 0) {
    await tx.execute(sql`
      insert into ${priceHistory} (product_id, price_list_id, old_price_cents, new_price_cents, source, list_revision,
        author_id, created_at)
      select v.product_id, ${list.id}::uuid, v.old, v.new, ${source}, ${revision}::integer, ${actor.id}, ${now}::timestamptz
      from ${unnestRows(
        [
          [real.map((c) => c.productId), "uuid"],
          [real.map((c) => centsOf(c.oldCents)), "integer"],
          [real.map((c) => centsOf(c.newCents)), "integer"],
        ],
        ["product_id", "old", "new"],
      )}`);
  }
  if (activity) await recordPriceActivity(tx, list, revision, real, { actor, source, bulk, restoredVersion });
  await bumpRevision(tx, list, revision, now);
  return { revision, changed: real.length };
}

/**
 * The change's one entry. A single price typed or proposed stays an entry about that price; any
 * other change (several prices, a bulk change, a re-apply, a restore) is one entry about the list
 * that names the revision it produced: its rows are that revision's history rows, read when the
 * log is shown, so a re-apply of 60,000 prices writes one entry, not 60,000.
 */
async function recordPriceActivity(
  tx: Tx,
  list: LockedList,
  revision: number,
  real: PriceChange[],
  { actor, source, bulk, restoredVersion }: ChangeDescription & { actor: Actor; source: PriceSource },
) {
  const grouped = real.length > 1 || bulk !== undefined || restoredVersion !== undefined || source === "reapply";
  if (!grouped) {
    const [change] = real;
    if (!change) return;
    const names = await productNames(tx, [change.productId]);
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "price_item",
      entityId: `${list.id}:${change.productId}`,
      action: actionOf(change),
      summary: `${names.get(change.productId) ?? change.productId} — ${list.name}`,
      changes: { priceCents: { before: centsOf(change.oldCents), after: centsOf(change.newCents) }, source },
    });
    return;
  }
  const actions = new Set(real.map(actionOf));
  const group: PriceGroupChanges = { source, count: real.length };
  if (bulk) group.bulk = { type: bulk.type, value: bulk.value, rounding: bulk.rounding, category: bulk.category };
  if (restoredVersion !== undefined) group.restoredVersion = restoredVersion;
  await recordActivity(tx, {
    actorId: actor.id,
    entityType: "price_item",
    entityId: list.id,
    // Prices only added (a new list, products added) or only removed say so; anything else updated them.
    action: actions.size === 1 ? [...actions][0] : "updated",
    summary: list.name,
    changes: group,
    listRevision: revision,
  });
}

export async function bumpRevision(tx: Tx, list: LockedList, revision = list.revision + 1, now = new Date()) {
  await tx.update(priceList).set({ revision, updatedAt: now }).where(eq(priceList.id, list.id));
  await notifyListChanged(tx, list.id);
  return revision;
}

/** Delivered to every listener when the transaction commits; never when it rolls back. */
export async function notifyListChanged(tx: Tx, listId: string) {
  await tx.execute(sql`select pg_notify(${PRICE_LIST_CHANNEL}, ${listId})`);
}

export async function productNames(tx: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx.select({ id: product.id, name: product.nameEn }).from(product).where(inArray(product.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The list's current items, by product id; with `only`, just those products' (a save of a few
 * prices reads a few rows, not a 60,000-item list).
 */
export async function currentItems(tx: Tx, listId: string, only?: readonly string[]) {
  // An id that is no uuid names no item; the cast below would fail the statement on it.
  const ids = only?.filter((id) => UUID.test(id));
  if (ids && ids.length === 0) return new Map<string, number | null>();
  const rows = await tx
    .select({ productId: priceListItem.productId, priceCents: priceListItem.priceCents })
    .from(priceListItem)
    .where(
      ids
        ? and(eq(priceListItem.priceListId, listId), sql`${priceListItem.productId} = any(${sql.param(ids)}::uuid[])`)
        : eq(priceListItem.priceListId, listId),
    )
    .orderBy(asc(priceListItem.productId));
  return new Map(rows.map((r) => [r.productId, r.priceCents]));
}

export type VersionSnapshot = {
  name: string;
  description: string | null;
  parentId: string | null;
  adjustmentType: "fixed" | "percentage" | null;
  adjustmentValue: number | null;
  items: { productId: string; priceCents: number | null }[];
};

/**
 * An immutable snapshot of the list as it is now (name, adjustment, parent and every
 * item's price), numbered after the list's last version.
 */
export async function takeVersion(
  tx: Tx,
  list: LockedList,
  { actor, reason, automatic }: { actor: Actor; reason: string | null; automatic: boolean },
) {
  const items = await currentItems(tx, list.id);
  const snapshot: VersionSnapshot = {
    name: list.name,
    description: list.description,
    parentId: list.parentId,
    adjustmentType: list.adjustmentType as VersionSnapshot["adjustmentType"],
    adjustmentValue: list.adjustmentValue,
    items: [...items].map(([productId, priceCents]) => ({ productId, priceCents })),
  };
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${priceListVersion.number}), 0) + 1` })
    .from(priceListVersion)
    .where(eq(priceListVersion.priceListId, list.id));
  const [row] = await tx
    .insert(priceListVersion)
    .values({ priceListId: list.id, number: Number(next), reason, automatic, snapshot, authorId: actor.id })
    .returning({ id: priceListVersion.id, number: priceListVersion.number });
  return row;
}

/**
 * A save based on an older revision is refused with what others changed since, unless the
 * person chose to overwrite (expected undefined).
 */
export async function assertRevision(tx: Tx, list: LockedList, expected: number | undefined) {
  if (expected === undefined || expected === list.revision) return;
  const rows = await tx
    .select({
      productId: priceHistory.productId,
      productName: product.nameEn,
      oldCents: priceHistory.oldPriceCents,
      newCents: priceHistory.newPriceCents,
      authorName: user.name,
      at: priceHistory.createdAt,
    })
    .from(priceHistory)
    .innerJoin(product, eq(product.id, priceHistory.productId))
    .leftJoin(user, eq(user.id, priceHistory.authorId))
    .where(and(eq(priceHistory.priceListId, list.id), gt(priceHistory.listRevision, expected)))
    .orderBy(asc(priceHistory.id))
    .limit(CONFLICT_CHANGES_SHOWN);
  const changes: ConflictingChange[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  throw new Refusal<PriceListErrorCode>("errors.conflict", 409, { data: { revision: list.revision, changes } });
}

const CONFLICT_CHANGES_SHOWN = 200;
