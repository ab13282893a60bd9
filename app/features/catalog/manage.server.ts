import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { isUniqueViolation, violatedConstraint } from "~/db/errors.server";
import { activity, priceHistory, product, user } from "~/db/schema";
import { diffFields, recordActivity } from "~/features/activity/record.server";
import type { Lang } from "~/i18n/config";
import { Refusal } from "~/lib/refusal";
import { searchKey } from "~/lib/search";
import { firstFreeSlug, slugify } from "~/lib/slug";
import { isCategory } from "./categories";
import type { ManageQuery } from "./manage-query";
import {
  missingForCreate,
  type EditableField,
  type FieldErrors,
  type ProductErrorKey,
  type ProductValues,
} from "./product-fields";
import { orderTerms } from "./query";
import { categoryCondition, likePattern, numberOrNull, orderByTerms, productSearch } from "./sql.server";

export const MANAGE_PAGE_SIZE = 50;
/** More rows than a page shows: a save beyond it is not from the screen. */
export const MAX_ROWS_PER_SAVE = 500;

export type Actor = { id: string };

/** A product as the management screen shows and edits it. */
export type ManagedProduct = ProductValues & {
  id: string;
  revision: number;
  imageKey: string | null;
  imageUrl: string | null;
  archived: boolean;
  /** Created by an import and not reviewed yet (docs/decisions/026-imported-products-review.md). */
  importReview: boolean;
  updatedAt: string;
};

const columns = {
  id: product.id,
  slug: product.slug,
  nameEn: product.nameEn,
  nameEs: product.nameEs,
  descriptionEn: product.descriptionEn,
  descriptionEs: product.descriptionEs,
  category: product.category,
  basePriceCents: product.basePriceCents,
  quantity: product.quantity,
  unit: product.unit,
  packValue: product.packValue,
  packUnit: product.packUnit,
  availability: product.availability,
  active: product.active,
  hidden: product.hidden,
  importReview: product.importReview,
  quickbooksId: product.quickbooksId,
  sku: product.sku,
  popularity: product.popularity,
  imageKey: product.imageKey,
  imageUrl: product.imageUrl,
  revision: product.revision,
  archivedAt: product.archivedAt,
  updatedAt: product.updatedAt,
};

type Row = Pick<typeof product.$inferSelect, keyof typeof columns>;

function toManaged(row: Row): ManagedProduct {
  return {
    id: row.id,
    slug: row.slug,
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    descriptionEn: row.descriptionEn,
    descriptionEs: row.descriptionEs,
    category: isCategory(row.category) ? row.category : null,
    basePriceCents: row.basePriceCents,
    quantity: numberOrNull(row.quantity),
    unit: row.unit,
    packValue: numberOrNull(row.packValue),
    packUnit: row.packUnit,
    availability: row.availability === "out_of_stock" ? "out_of_stock" : "in_stock",
    active: row.active,
    hidden: row.hidden,
    importReview: row.importReview,
    quickbooksId: row.quickbooksId,
    sku: row.sku,
    popularity: row.popularity,
    imageKey: row.imageKey,
    imageUrl: row.imageUrl,
    revision: row.revision,
    archived: row.archivedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function where(query: ManageQuery, search: ReturnType<typeof productSearch>): SQL | undefined {
  const conditions: SQL[] = [];
  const category = categoryCondition(query.category);
  if (category) conditions.push(category);
  if (query.availability !== "all") conditions.push(eq(product.availability, query.availability));
  switch (query.status) {
    case "current":
      conditions.push(isNull(product.archivedAt));
      break;
    case "active":
      conditions.push(isNull(product.archivedAt), eq(product.active, true));
      break;
    case "inactive":
      conditions.push(isNull(product.archivedAt), eq(product.active, false));
      break;
    case "review":
      conditions.push(isNull(product.archivedAt), eq(product.importReview, true));
      break;
    case "archived":
      conditions.push(isNotNull(product.archivedAt));
      break;
  }
  if (search) conditions.push(search.where);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the catalogue as staff manage it: every product, archived ones on request. */
export async function findManagedProducts(query: ManageQuery, lang: Lang, { pageSize = MANAGE_PAGE_SIZE } = {}) {
  const search = productSearch(query.search, { staffFields: true });
  const condition = where(query, search);
  const [{ total }] = await db().select({ total: count() }).from(product).where(condition);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db()
    .select(columns)
    .from(product)
    .where(condition)
    .orderBy(...(search ? [search.order] : []), ...orderByTerms(orderTerms(query.sort), lang, product.basePriceCents))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { products: rows.map(toManaged), total, page, pageCount };
}

/** One product another person saved after the revision the screen started from. */
export type ProductConflict = {
  productId: string;
  name: string;
  /** The fields that differ from what the screen had, with their current values. */
  current: ManagedProduct;
  authorName: string | null;
  at: string;
};

const notFound = () => new Refusal("manage.errors.notFound", 404);

/** Values the screen must change before saving, per row ("new" for a new product) and field. */
const fieldsRefused = (errors: Record<string, FieldErrors>) =>
  new Refusal("manage.errors.invalidFields", 400, { fieldErrors: errors });

/** Who last changed each product, from the activity log. */
async function lastAuthors(tx: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string | null; at: string }>();
  const rows = await tx
    .selectDistinctOn([activity.entityId], { id: activity.entityId, name: user.name, at: activity.createdAt })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .where(and(eq(activity.entityType, "product"), inArray(activity.entityId, ids)))
    .orderBy(activity.entityId, desc(activity.createdAt), desc(activity.id));
  return new Map(rows.map((r) => [r.id!, { name: r.name, at: r.at.toISOString() }]));
}

async function checkUnique(tx: Tx, rows: { id: string | null; values: Partial<ProductValues> }[]) {
  const errors: Record<string, FieldErrors> = {};
  const refuse = (key: string, field: EditableField, code: ProductErrorKey) => {
    errors[key] = { ...errors[key], [field]: code };
  };
  const seenSlugs = new Map<string, string>();
  const seenCodes = new Map<string, string>();
  for (const row of rows) {
    const key = row.id ?? "new";
    const { slug, quickbooksId } = row.values;
    if (slug) {
      if (seenSlugs.has(slug)) refuse(key, "slug", "manage.errors.slugTaken");
      seenSlugs.set(slug, key);
      const [taken] = await tx
        .select({ id: product.id })
        .from(product)
        .where(row.id ? and(eq(product.slug, slug), ne(product.id, row.id)) : eq(product.slug, slug))
        .limit(1);
      if (taken) refuse(key, "slug", "manage.errors.slugTaken");
    }
    if (quickbooksId) {
      if (seenCodes.has(quickbooksId)) refuse(key, "quickbooksId", "manage.errors.quickbooksIdTaken");
      seenCodes.set(quickbooksId, key);
      const [taken] = await tx
        .select({ id: product.id })
        .from(product)
        .where(
          row.id
            ? and(eq(product.quickbooksId, quickbooksId), ne(product.id, row.id))
            : eq(product.quickbooksId, quickbooksId),
        )
        .limit(1);
      if (taken) refuse(key, "quickbooksId", "manage.errors.quickbooksIdTaken");
    }
  }
  if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
}

/** A unique index that refused a write between the check and the write, as a field error. */
function refusedByIndex(error: unknown, key: string) {
  if (!isUniqueViolation(error)) return error;
  const constraint = violatedConstraint(error);
  const field: EditableField = constraint?.includes("quickbooks") ? "quickbooksId" : "slug";
  const code: ProductErrorKey = field === "slug" ? "manage.errors.slugTaken" : "manage.errors.quickbooksIdTaken";
  return fieldsRefused({ [key]: { [field]: code } });
}

/** A base price change is a price change like any other: it goes into the history (no list). */
async function recordBasePrice(
  tx: Tx,
  actor: Actor,
  productId: string,
  oldCents: number | null,
  newCents: number | null,
) {
  if (oldCents === newCents) return;
  await tx.insert(priceHistory).values({
    productId,
    priceListId: null,
    oldPriceCents: oldCents,
    newPriceCents: newCents,
    source: "product",
    authorId: actor.id,
  });
}

/** What a save writes: the fields staff edit, and the review mark publishing clears. */
type StoredEdit = Partial<ProductValues> & { importReview?: boolean };

function storedValues(values: StoredEdit) {
  const { quantity, packValue, ...rest } = values;
  return {
    ...rest,
    ...(quantity !== undefined ? { quantity: quantity === null ? null : quantity.toFixed(2) } : {}),
    ...(packValue !== undefined ? { packValue: packValue === null ? null : String(packValue) } : {}),
  };
}

export type ProductEdit = { id: string; revision: number; values: Partial<ProductValues> };

/** The products, locked to the end of the transaction in id order, so two saves never wait on each other crosswise. */
function lockProducts(tx: Tx, ids: string[]) {
  return tx.select(columns).from(product).where(inArray(product.id, ids)).orderBy(product.id).for("update");
}

/**
 * Saves many rows together or none (docs/decisions/012-products-and-images.md): each row names the
 * revision it was edited from; if any row moved on since, nothing is written and the other person's
 * values come back. To save over them, the screen names their revision. An empty slug is refused.
 */
export async function saveProducts(actor: Actor, edits: ProductEdit[]) {
  if (edits.length === 0) return { changed: 0, revisions: {} as Record<string, number> };
  const empty: Record<string, FieldErrors> = {};
  for (const edit of edits) if (edit.values.slug === "") empty[edit.id] = { slug: "manage.errors.slugInvalid" };
  if (Object.keys(empty).length > 0) throw fieldsRefused(empty);
  return withTransaction(async (tx) => {
    const ids = edits.map((e) => e.id);
    const locked = await lockProducts(tx, ids);
    const byId = new Map(locked.map((row) => [row.id, toManaged(row)]));
    if (byId.size !== new Set(ids).size) throw notFound();
    const stale = edits.filter((e) => byId.get(e.id)!.revision !== e.revision);
    if (stale.length > 0) {
      const authors = await lastAuthors(
        tx,
        stale.map((e) => e.id),
      );
      const conflicts: ProductConflict[] = stale.map((e) => {
        const current = byId.get(e.id)!;
        const author = authors.get(e.id);
        return {
          productId: e.id,
          name: current.nameEn,
          current,
          authorName: author?.name ?? null,
          at: author?.at ?? current.updatedAt,
        };
      });
      throw new Refusal("manage.errors.conflict", 409, { data: { conflicts } });
    }
    await checkUnique(
      tx,
      edits.map((e) => ({ id: e.id, values: e.values })),
    );
    return writeEdits(tx, actor, byId, edits);
  });
}

/**
 * Writes locked rows' edits: each changed row gets its next revision, its base price history and
 * one activity entry. Showing a product to customers again is its review: the import's mark goes.
 */
async function writeEdits(
  tx: Tx,
  actor: Actor,
  byId: ReadonlyMap<string, ManagedProduct>,
  edits: Array<{ id: string; values: StoredEdit }>,
) {
  const now = new Date();
  const revisions: Record<string, number> = {};
  let changed = 0;
  for (const edit of edits) {
    const before = byId.get(edit.id)!;
    const values: StoredEdit =
      edit.values.hidden === false && before.importReview ? { ...edit.values, importReview: false } : edit.values;
    const changes = diffFields(before as unknown as Record<string, unknown>, values);
    revisions[edit.id] = before.revision;
    if (Object.keys(changes).length === 0) continue;
    changed += 1;
    revisions[edit.id] = before.revision + 1;
    try {
      await tx
        .update(product)
        .set({
          ...storedValues(values),
          // A name changed, the key with it (app/lib/search.ts).
          ...(values.nameEn !== undefined || values.nameEs !== undefined
            ? { searchKey: searchKey(values.nameEn ?? before.nameEn, values.nameEs ?? before.nameEs) }
            : {}),
          revision: before.revision + 1,
          updatedAt: now,
        })
        .where(eq(product.id, edit.id));
    } catch (error) {
      throw refusedByIndex(error, edit.id);
    }
    if (values.basePriceCents !== undefined) {
      await recordBasePrice(tx, actor, edit.id, before.basePriceCents, values.basePriceCents);
    }
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "product",
      entityId: edit.id,
      action: "updated",
      summary: values.nameEn ?? before.nameEn,
      changes,
    });
  }
  return { changed, revisions };
}

/**
 * Publishes the chosen products (the manage screen's bulk action): each hidden one is shown to
 * customers and visitors and leaves the import's review, through the same write as a save. No
 * revision is named: publishing touches nothing another person may have typed.
 */
export async function publishProducts(actor: Actor, ids: string[]) {
  if (ids.length === 0) return { changed: 0 };
  return withTransaction(async (tx) => {
    const locked = await lockProducts(tx, ids);
    if (locked.length !== new Set(ids).size) throw notFound();
    const byId = new Map(locked.map((row) => [row.id, toManaged(row)]));
    const { changed } = await writeEdits(
      tx,
      actor,
      byId,
      locked.map((row) => ({ id: row.id, values: { hidden: false } })),
    );
    return { changed };
  });
}

/** A new product with every field staff gave; the slug comes from the English name when not given. */
export async function createProduct(actor: Actor, values: Partial<ProductValues>) {
  const missing = missingForCreate(values);
  if (Object.keys(missing).length > 0) throw fieldsRefused({ new: missing });
  return withTransaction(async (tx) => {
    let slug = values.slug;
    if (!slug) {
      const base = slugify(values.nameEn!, "product");
      const taken = await tx
        .select({ slug: product.slug })
        .from(product)
        .where(or(eq(product.slug, base), ilike(product.slug, `${likePattern(base).slice(1, -1)}-%`)));
      slug = firstFreeSlug(base, new Set(taken.map((r) => r.slug)));
    }
    const full = { ...values, slug };
    await checkUnique(tx, [{ id: null, values: full }]);
    let id: string;
    try {
      [{ id }] = await tx
        .insert(product)
        .values({
          ...storedValues(full),
          nameEn: values.nameEn!,
          nameEs: values.nameEs!,
          searchKey: searchKey(values.nameEn, values.nameEs),
          slug,
        })
        .returning({ id: product.id });
    } catch (error) {
      throw refusedByIndex(error, "new");
    }
    if (values.basePriceCents !== undefined && values.basePriceCents !== null) {
      await recordBasePrice(tx, actor, id, null, values.basePriceCents);
    }
    const changes = Object.fromEntries(
      Object.entries(full)
        .filter(([, v]) => v !== null && v !== undefined && v !== "")
        .map(([k, v]) => [k, { before: null, after: v }]),
    );
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "product",
      entityId: id,
      action: "created",
      summary: full.nameEn,
      changes,
    });
    return { id, slug };
  });
}

/**
 * Archiving hides a product from visitors, customers and new lists; it is never deleted,
 * because history and versions refer to it. Restoring brings it back as it was.
 */
export async function setArchived(actor: Actor, id: string, archived: boolean) {
  return withTransaction(async (tx) => {
    const [row] = await tx.select(columns).from(product).where(eq(product.id, id)).for("update");
    if (!row) throw notFound();
    if ((row.archivedAt !== null) === archived) return { changed: false };
    const now = new Date();
    await tx
      .update(product)
      .set({ archivedAt: archived ? now : null, revision: row.revision + 1, updatedAt: now })
      .where(eq(product.id, id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "product",
      entityId: id,
      action: archived ? "deleted" : "updated",
      summary: row.nameEn,
      changes: {
        archivedAt: { before: row.archivedAt?.toISOString() ?? null, after: archived ? now.toISOString() : null },
      },
    });
    return { changed: true };
  });
}

/** A product's picture: a stored upload's key, or an address elsewhere; never both. */
export async function setProductImage(
  actor: Actor,
  id: string,
  image: { key: string } | { url: string } | { none: true },
) {
  return withTransaction(async (tx) => {
    const [row] = await tx.select(columns).from(product).where(eq(product.id, id)).for("update");
    if (!row) throw notFound();
    const next = {
      imageKey: "key" in image ? image.key : null,
      imageUrl: "url" in image ? image.url : null,
    };
    const changes = diffFields({ imageKey: row.imageKey, imageUrl: row.imageUrl }, next);
    if (Object.keys(changes).length === 0) return { revision: row.revision };
    const now = new Date();
    await tx
      .update(product)
      .set({ ...next, revision: row.revision + 1, updatedAt: now })
      .where(eq(product.id, id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "product",
      entityId: id,
      action: "updated",
      summary: row.nameEn,
      changes,
    });
    return { revision: row.revision + 1 };
  });
}

export async function productExists(id: string) {
  const [row] = await db().select({ id: product.id }).from(product).where(eq(product.id, id)).limit(1);
  return row !== undefined;
}
