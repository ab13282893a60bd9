import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { can, type Principal } from "~/auth/permissions";
import { db, preparedQuery, withTransaction, type Tx } from "~/db/client.server";
import { customerPriceList, priceList, priceListItem, user } from "~/db/schema";
import { recordActivity, diffFields } from "~/features/activity/record.server";
import { applyAdjustment, type AdjustmentType } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import type { PriceListErrorCode } from "./errors";
import {
  applyPriceChanges,
  currentItems,
  lockList,
  notifyListChanged,
  takeVersion,
  type Actor,
  type LockedList,
} from "./internal.server";
import { firstFreeSlug, slugify } from "~/lib/slug";
import type { Lang } from "~/i18n/config";
import { localeOf } from "~/lib/locale";
import { listName, type ListNames } from "./names";

export type PriceListFlags = { isPublic: boolean; isDefaultForCustomers: boolean; isTemplate: boolean };

export type PriceListSummary = PriceListFlags & {
  id: string;
  slug: string;
  name: string;
  nameEs: string | null;
  description: string | null;
  descriptionEs: string | null;
  parentName: string | null;
  parentNameEs: string | null;
  adjustmentType: AdjustmentType | null;
  adjustmentValue: number | null;
  itemCount: number;
  revision: number;
  updatedAt: string;
  deletedAt: string | null;
};

const parent = sql`(select p.name from ${priceList} p where p.id = ${priceList.parentId})`;
const parentEs = sql`(select p.name_es from ${priceList} p where p.id = ${priceList.parentId})`;

type SummaryRow = typeof priceList.$inferSelect & {
  parentName: string | null;
  parentNameEs: string | null;
  itemCount: number;
};

function toSummary(row: SummaryRow): PriceListSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameEs: row.nameEs,
    description: row.description,
    descriptionEs: row.descriptionEs,
    isPublic: row.isPublic,
    isDefaultForCustomers: row.isDefaultForCustomers,
    isTemplate: row.isTemplate,
    parentName: row.parentName,
    parentNameEs: row.parentNameEs,
    adjustmentType: row.adjustmentType as AdjustmentType | null,
    adjustmentValue: row.adjustmentValue,
    itemCount: Number(row.itemCount),
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

const summaryColumns = {
  list: priceList,
  parentName: sql<string | null>`${parent}`,
  parentNameEs: sql<string | null>`${parentEs}`,
  itemCount: sql<number>`(select count(*) from ${priceListItem} i where i.price_list_id = ${priceList.id})`,
};

/** Lists by their name in the reader's language, as the reader's alphabet sorts it. */
function byName<T extends ListNames>(lists: T[], lang: Lang) {
  const collator = new Intl.Collator(localeOf(lang), { sensitivity: "base", numeric: true });
  return lists.sort((a, b) => collator.compare(listName(a, lang), listName(b, lang)));
}

/** The lists staff work with (or, for an admin restoring one, the deleted ones), by name. */
export async function listPriceLists({
  deleted = false,
  lang,
}: {
  deleted?: boolean;
  lang: Lang;
}): Promise<PriceListSummary[]> {
  const rows = await db()
    .select(summaryColumns)
    .from(priceList)
    .where(deleted ? isNotNull(priceList.deletedAt) : isNull(priceList.deletedAt))
    .orderBy(asc(priceList.id));
  return byName(
    rows.map((r) =>
      toSummary({ ...r.list, parentName: r.parentName, parentNameEs: r.parentNameEs, itemCount: r.itemCount }),
    ),
    lang,
  );
}

const priceListNames = preparedQuery((d) =>
  d
    .select({ id: priceList.id, slug: priceList.slug, name: priceList.name, nameEs: priceList.nameEs })
    .from(priceList)
    .where(isNull(priceList.deletedAt))
    .orderBy(asc(priceList.id))
    .prepare("price_list_names"),
);

/**
 * The lists staff may pick from, in the order of their names in the reader's language: the pickers
 * of the price and product pages, shown on every view, so without the counts and parents the
 * management screen reads.
 */
export async function listPriceListNames(lang: Lang): Promise<Array<{ id: string; slug: string } & ListNames>> {
  return byName(await priceListNames().execute(), lang);
}

export async function findPriceListBySlug(slug: string, { includeDeleted = false } = {}) {
  const [row] = await db()
    .select(summaryColumns)
    .from(priceList)
    .where(includeDeleted ? eq(priceList.slug, slug) : and(eq(priceList.slug, slug), isNull(priceList.deletedAt)))
    .limit(1);
  return row
    ? toSummary({ ...row.list, parentName: row.parentName, parentNameEs: row.parentNameEs, itemCount: row.itemCount })
    : null;
}

async function freeSlug(tx: Tx, name: string, exceptId?: string) {
  const base = slugify(name);
  const rows = await tx
    .select({ slug: priceList.slug })
    .from(priceList)
    .where(
      and(
        sql`(${priceList.slug} = ${base} or ${priceList.slug} like ${`${base}-%`})`,
        exceptId ? ne(priceList.id, exceptId) : undefined,
      ),
    );
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

/** One public and one default list; setting the flag on one list takes it from the other. */
async function takeExclusiveFlags(tx: Tx, actor: Actor, exceptId: string | null, flags: Partial<PriceListFlags>) {
  for (const flag of ["isPublic", "isDefaultForCustomers"] as const) {
    if (!flags[flag]) continue;
    const column = flag === "isPublic" ? priceList.isPublic : priceList.isDefaultForCustomers;
    const others = await tx
      .update(priceList)
      .set({ [flag]: false, updatedAt: new Date() })
      .where(and(eq(column, true), exceptId ? ne(priceList.id, exceptId) : undefined, isNull(priceList.deletedAt)))
      .returning({ id: priceList.id, name: priceList.name });
    for (const other of others) {
      await recordActivity(tx, {
        actorId: actor.id,
        entityType: "price_list",
        entityId: other.id,
        action: "updated",
        summary: other.name,
        changes: { [flag]: { before: true, after: false } },
      });
    }
  }
}

/** A new list with its activity entry and its first items, each with a history row ("create"). */
async function insertList(
  tx: Tx,
  actor: Actor,
  values: Omit<typeof priceList.$inferInsert, "createdBy" | "revision">,
  changes: Record<string, unknown>,
  items: { productId: string; priceCents: number | null }[],
) {
  const [created] = await tx
    .insert(priceList)
    .values({ ...values, createdBy: actor.id, revision: 0 })
    .returning();
  await recordActivity(tx, {
    actorId: actor.id,
    entityType: "price_list",
    entityId: created.id,
    action: "created",
    summary: created.name,
    changes: { name: created.name, ...changes },
  });
  const { revision } = await applyPriceChanges(
    tx,
    created,
    items.map((i) => ({ productId: i.productId, oldCents: "absent" as const, newCents: i.priceCents })),
    { actor, source: "create", alwaysBump: true },
  );
  return { id: created.id, slug: created.slug, revision };
}

export type ListTexts = {
  name: string;
  nameEs: string | null;
  description: string | null;
  descriptionEs: string | null;
};

export type CreatePriceListInput = PriceListFlags &
  ListTexts & {
    sourceId: string | null;
    adjustmentType: AdjustmentType | null;
    adjustmentValue: number | null;
  };

/** An empty list's input: no parent, adjustment, description or flags. */
export function emptyListInput(name: string): CreatePriceListInput {
  return {
    name,
    nameEs: null,
    description: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    isPublic: false,
    isDefaultForCustomers: false,
    isTemplate: false,
  };
}

/**
 * An empty list, or a copy of another list's items with the adjustment applied (rounded
 * half-up to the cent); the source becomes the parent and the adjustment is kept for re-applying.
 */
export async function createPriceList(actor: Actor, input: CreatePriceListInput) {
  return withTransaction(async (tx) => {
    let source: LockedList | null = null;
    if (input.sourceId) source = await lockList(tx, input.sourceId);
    const adjustmentType = source ? input.adjustmentType : null;
    const adjustmentValue = source && input.adjustmentType ? input.adjustmentValue : null;
    if (input.isPublic || input.isDefaultForCustomers) await takeExclusiveFlags(tx, actor, null, input);
    const sourceItems = source ? await currentItems(tx, source.id) : new Map<string, number | null>();
    return insertList(
      tx,
      actor,
      {
        slug: await freeSlug(tx, input.name),
        name: input.name,
        nameEs: input.nameEs,
        description: input.description,
        descriptionEs: input.descriptionEs,
        isPublic: input.isPublic,
        isDefaultForCustomers: input.isDefaultForCustomers,
        isTemplate: input.isTemplate,
        parentId: source?.id ?? null,
        adjustmentType,
        adjustmentValue,
      },
      {
        parent: source?.name ?? null,
        adjustmentType,
        adjustmentValue,
        isPublic: input.isPublic,
        isDefaultForCustomers: input.isDefaultForCustomers,
        isTemplate: input.isTemplate,
      },
      [...sourceItems].map(([productId, cents]) => ({
        productId,
        priceCents: cents === null ? null : applyAdjustment(cents, adjustmentType, adjustmentValue),
      })),
    );
  });
}

export type UpdatePriceListInput = PriceListFlags & ListTexts & { revision: number };

/** Name, description and flags; the slug stays, so links keep working. */
export async function updatePriceList(actor: Actor, id: string, input: UpdatePriceListInput) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, id);
    if (list.revision !== input.revision) throw new Refusal<PriceListErrorCode>("errors.conflict", 409);
    const after = {
      name: input.name,
      nameEs: input.nameEs,
      description: input.description,
      descriptionEs: input.descriptionEs,
      isPublic: input.isPublic,
      isDefaultForCustomers: input.isDefaultForCustomers,
      isTemplate: input.isTemplate,
    };
    const changes = diffFields(list, after);
    if (Object.keys(changes).length === 0) return { revision: list.revision, changed: false };
    await takeExclusiveFlags(tx, actor, list.id, input);
    await tx.update(priceList).set(after).where(eq(priceList.id, list.id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "price_list",
      entityId: list.id,
      action: "updated",
      summary: input.name,
      changes,
    });
    const { revision } = await applyPriceChanges(tx, list, [], { actor, source: "screen", alwaysBump: true });
    return { revision, changed: true };
  });
}

/** A copy with the same items and prices, parent and adjustment, and none of the flags. */
export async function duplicatePriceList(actor: Actor, id: string, names: ListNames) {
  return withTransaction(async (tx) => {
    const source = await lockList(tx, id);
    const items = await currentItems(tx, source.id);
    return insertList(
      tx,
      actor,
      {
        slug: await freeSlug(tx, names.name),
        name: names.name,
        nameEs: names.nameEs,
        description: source.description,
        descriptionEs: source.descriptionEs,
        parentId: source.parentId,
        adjustmentType: source.adjustmentType,
        adjustmentValue: source.adjustmentValue,
      },
      { duplicateOf: source.name },
      [...items].map(([productId, priceCents]) => ({ productId, priceCents })),
    );
  });
}

/**
 * Deleting keeps the list and its versions (an admin can restore it): it takes a version, then
 * marks the list deleted. Its flags go with it, so the public page says there is no list rather
 * than showing a deleted one.
 */
export async function deletePriceList(actor: Actor, id: string) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, id);
    await takeVersion(tx, list, { actor, reason: "deleted", automatic: true });
    await tx
      .update(priceList)
      .set({ deletedAt: new Date(), updatedAt: new Date(), revision: list.revision + 1 })
      .where(eq(priceList.id, list.id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "price_list",
      entityId: list.id,
      action: "deleted",
      summary: list.name,
      changes: { deletedAt: { before: null, after: new Date().toISOString() } },
    });
    await notifyListChanged(tx, list.id);
    return { slug: list.slug };
  });
}

/** An admin brings a deleted list back; a flag another list took meanwhile stays with that list. */
export async function restoreDeletedPriceList(actor: Actor, id: string) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, id, { includeDeleted: true });
    if (!list.deletedAt) throw new Refusal<PriceListErrorCode>("errors.notDeleted", 409);
    const taken = await tx
      .select({ isPublic: priceList.isPublic, isDefault: priceList.isDefaultForCustomers })
      .from(priceList)
      .where(and(isNull(priceList.deletedAt), sql`(${priceList.isPublic} or ${priceList.isDefaultForCustomers})`));
    const keepPublic = list.isPublic && !taken.some((t) => t.isPublic);
    const keepDefault = list.isDefaultForCustomers && !taken.some((t) => t.isDefault);
    await tx
      .update(priceList)
      .set({
        deletedAt: null,
        isPublic: keepPublic,
        isDefaultForCustomers: keepDefault,
        updatedAt: new Date(),
        revision: list.revision + 1,
      })
      .where(eq(priceList.id, list.id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "price_list",
      entityId: list.id,
      action: "updated",
      summary: list.name,
      changes: { deletedAt: { before: list.deletedAt.toISOString(), after: null } },
    });
    await notifyListChanged(tx, list.id);
    return { slug: list.slug };
  });
}

/** Customers (name and email only) and the list each one sees, for the assignment screen. */
export async function listCustomerAssignments(lang: Lang) {
  return db()
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      priceListId: customerPriceList.priceListId,
    })
    .from(user)
    .leftJoin(customerPriceList, eq(customerPriceList.userId, user.id))
    .where(eq(user.role, "customer"))
    .orderBy(alphabetical(user.name, lang), asc(user.id));
}

/**
 * These customers see this list from now on (each customer sees one list); customers of the
 * list who are not named go back to the default list.
 */
export async function assignPriceList(actor: Actor, listId: string, customerIds: string[]) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    const customers = customerIds.length
      ? await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(and(inArray(user.id, customerIds), eq(user.role, "customer")))
      : [];
    const before = await tx
      .select({ userId: customerPriceList.userId, email: user.email })
      .from(customerPriceList)
      .innerJoin(user, eq(user.id, customerPriceList.userId))
      .where(eq(customerPriceList.priceListId, list.id));
    const keep = new Set(customers.map((c) => c.id));
    const removed = before.filter((b) => !keep.has(b.userId));
    if (removed.length > 0) {
      await tx.delete(customerPriceList).where(
        and(
          eq(customerPriceList.priceListId, list.id),
          inArray(
            customerPriceList.userId,
            removed.map((r) => r.userId),
          ),
        ),
      );
    }
    if (customers.length > 0) {
      await tx
        .insert(customerPriceList)
        .values(customers.map((c) => ({ userId: c.id, priceListId: list.id, assignedBy: actor.id })))
        .onConflictDoUpdate({
          target: customerPriceList.userId,
          set: { priceListId: list.id, assignedBy: actor.id, updatedAt: new Date() },
        });
    }
    const beforeEmails = before.map((b) => b.email).sort();
    const afterEmails = customers.map((c) => c.email).sort();
    if (JSON.stringify(beforeEmails) !== JSON.stringify(afterEmails)) {
      await recordActivity(tx, {
        actorId: actor.id,
        entityType: "price_list",
        entityId: list.id,
        action: "updated",
        summary: list.name,
        changes: { customers: { before: beforeEmails, after: afterEmails } },
      });
    }
    return { assigned: customers.length, unknown: customerIds.length - customers.length };
  });
}

/**
 * The list a customer sees: the one assigned to them, else the default list for customers;
 * `assigned` says which.
 */
export async function findCustomerList(userId: string) {
  const [assigned] = await db()
    .select({ slug: priceList.slug })
    .from(customerPriceList)
    .innerJoin(priceList, eq(priceList.id, customerPriceList.priceListId))
    .where(and(eq(customerPriceList.userId, userId), isNull(priceList.deletedAt)));
  if (assigned) {
    const list = await findPriceListBySlug(assigned.slug);
    return list ? { ...list, assigned: true } : null;
  }
  const [fallback] = await db()
    .select({ slug: priceList.slug })
    .from(priceList)
    .where(and(eq(priceList.isDefaultForCustomers, true), isNull(priceList.deletedAt)));
  const list = fallback ? await findPriceListBySlug(fallback.slug) : null;
  return list ? { ...list, assigned: false } : null;
}

/** The list a member of staff sees first: the default customer list, else the public one, else the first. */
export async function findFirstListForStaff(lang: Lang) {
  const lists = await listPriceLists({ lang });
  return lists.find((l) => l.isDefaultForCustomers) ?? lists.find((l) => l.isPublic) ?? lists[0] ?? null;
}

/**
 * The one answer to "which price list may this person read": staff any list (the one asked for,
 * else the first they see); a customer only their own (assigned, else the default for customers),
 * and another one asked for is answered as if it did not exist, so a customer cannot tell someone
 * else's list from a list that is not there. Every page, stream, sheet and answer that shows a
 * list's prices asks this.
 */
export async function resolveReadableList(
  user: NonNullable<Principal> & { id: string },
  asked: string | null,
  lang: Lang,
) {
  if (can(user, "prices:view-all-lists")) {
    if (asked) {
      const list = await findPriceListBySlug(asked);
      return list ? ({ kind: "list", list } as const) : ({ kind: "notFound" } as const);
    }
    const first = await findFirstListForStaff(lang);
    return first ? ({ kind: "list", list: first } as const) : ({ kind: "none" } as const);
  }
  const own = await findCustomerList(user.id);
  if (asked && asked !== own?.slug) return { kind: "notFound" } as const;
  return own ? ({ kind: "list", list: own } as const) : ({ kind: "none" } as const);
}
