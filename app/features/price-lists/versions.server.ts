import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { priceList, priceListVersion, product, user } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { Refusal } from "~/lib/refusal";
import type { PriceListErrorCode } from "./errors";
import {
  applyPriceChanges,
  assertRevision,
  currentItems,
  lockList,
  takeVersion,
  type Actor,
  type PriceChange,
  type VersionSnapshot,
} from "./internal.server";

export type VersionSummary = {
  number: number;
  reason: string | null;
  automatic: boolean;
  authorName: string | null;
  createdAt: string;
  itemCount: number;
};

/** Saves the list as it is now as a new version, with an optional reason. */
export async function saveVersion(actor: Actor, listId: string, reason: string | null) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    const version = await takeVersion(tx, list, { actor, reason, automatic: false });
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "price_list",
      entityId: list.id,
      action: "updated",
      summary: list.name,
      changes: { version: { before: null, after: version.number }, reason },
    });
    return version;
  });
}

export async function listVersions(listId: string): Promise<VersionSummary[]> {
  const rows = await db()
    .select({
      number: priceListVersion.number,
      reason: priceListVersion.reason,
      automatic: priceListVersion.automatic,
      authorName: user.name,
      createdAt: priceListVersion.createdAt,
      // Counted by the database: a snapshot of a long list is megabytes to read for one number.
      itemCount: sql<number>`jsonb_array_length(${priceListVersion.snapshot}->'items')`,
    })
    .from(priceListVersion)
    .leftJoin(user, eq(user.id, priceListVersion.authorId))
    .where(eq(priceListVersion.priceListId, listId))
    .orderBy(desc(priceListVersion.number));
  return rows.map((r) => ({
    number: r.number,
    reason: r.reason,
    automatic: r.automatic,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    itemCount: Number(r.itemCount),
  }));
}

async function findSnapshot(listId: string, number: number) {
  const [row] = await db()
    .select({ snapshot: priceListVersion.snapshot })
    .from(priceListVersion)
    .where(and(eq(priceListVersion.priceListId, listId), eq(priceListVersion.number, number)));
  if (!row) throw new Refusal<PriceListErrorCode>("errors.versionNotFound", 404);
  return row.snapshot as VersionSnapshot;
}

export type ComparedItem = {
  productId: string;
  name: string;
  nameEs: string;
  left: number | null | "absent";
  right: number | null | "absent";
};

/**
 * Two versions side by side (a number, or "current" for the list as it is now): every product in
 * either, with its price in each, differences first.
 */
export async function compareVersions(listId: string, left: number | "current", right: number | "current") {
  const itemsOf = async (side: number | "current") => {
    if (side === "current") return withTransaction((tx) => currentItems(tx, listId));
    const snapshot = await findSnapshot(listId, side);
    return new Map(snapshot.items.map((i) => [i.productId, i.priceCents]));
  };
  const [a, b] = [await itemsOf(left), await itemsOf(right)];
  const ids = [...new Set([...a.keys(), ...b.keys()])];
  const names = ids.length
    ? new Map(
        (
          await db()
            .select({ id: product.id, name: product.nameEn, nameEs: product.nameEs })
            .from(product)
            .where(inArray(product.id, ids))
        ).map((p) => [p.id, p]),
      )
    : new Map();
  const rows = ids.map((id): ComparedItem => ({
    productId: id,
    name: names.get(id)?.name ?? id,
    nameEs: names.get(id)?.nameEs ?? id,
    left: a.has(id) ? (a.get(id) ?? null) : "absent",
    right: b.has(id) ? (b.get(id) ?? null) : "absent",
  }));
  const differs = (r: ComparedItem) => r.left !== r.right;
  rows.sort((x, y) => Number(differs(y)) - Number(differs(x)) || x.name.localeCompare(y.name));
  return { rows, differences: rows.filter(differs).length };
}

/**
 * Makes a version the current prices (items, adjustment and parent), after an automatic
 * version of the list as it was, so the restore itself can be undone.
 */
export async function restoreVersion(
  actor: Actor,
  listId: string,
  number: number,
  { expectedRevision }: { expectedRevision?: number } = {},
) {
  const snapshot = await findSnapshot(listId, number);
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    await assertRevision(tx, list, expectedRevision);
    await takeVersion(tx, list, { actor, reason: `restore:${number}`, automatic: true });
    const items = await currentItems(tx, list.id);
    const wanted = new Map(snapshot.items.map((i) => [i.productId, i.priceCents]));
    const existing = new Set(
      (
        await tx
          .select({ id: product.id })
          .from(product)
          .where(
            and(
              inArray(product.id, [...wanted.keys(), "00000000-0000-0000-0000-000000000000"]),
              isNull(product.archivedAt),
            ),
          )
      ).map((p) => p.id),
    );
    const changes: PriceChange[] = [];
    for (const [productId, priceCents] of wanted) {
      if (!existing.has(productId)) continue;
      changes.push({
        productId,
        oldCents: items.has(productId) ? (items.get(productId) ?? null) : "absent",
        newCents: priceCents,
      });
    }
    for (const [productId, priceCents] of items) {
      if (!wanted.has(productId)) changes.push({ productId, oldCents: priceCents, newCents: "absent" });
    }
    const settings = {
      parentId: snapshot.parentId,
      adjustmentType: snapshot.adjustmentType,
      adjustmentValue: snapshot.adjustmentValue,
    };
    const settingsChanged =
      settings.parentId !== list.parentId ||
      settings.adjustmentType !== list.adjustmentType ||
      settings.adjustmentValue !== list.adjustmentValue;
    if (settingsChanged) await tx.update(priceList).set(settings).where(eq(priceList.id, list.id));
    // The restore is one entry, its prices its rows, even when no price moved.
    return applyPriceChanges(tx, list, changes, {
      actor,
      source: "restore",
      alwaysBump: true,
      restoredVersion: number,
    });
  });
}
