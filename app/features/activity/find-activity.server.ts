import { compileSearch } from "~/lib/search";
import { searchMatches } from "~/lib/search.server";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { unnestRows } from "~/db/bulk.server";
import { db } from "~/db/client.server";
import { activity, importRun, priceHistory, priceList, product, user } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { contactOf, looksLikePhone } from "~/features/account/phone";
import { listName } from "~/features/price-lists/names";
import { hasMailbox } from "~/lib/contact";
import { logger } from "~/lib/logger.server";
import { isImportCountField, readChanges, readImportCounts, readPriceGroup, type ChangeSet } from "./changes";
import { ACTIVITY_PAGE_SIZE, NO_ACTOR, type ActivityFilters, type FilterErrors } from "./schema";
import {
  knownSummaries,
  type ActivityEntryView,
  type ActivityLogView,
  type ActorView,
  type EntityView,
  type EntryNote,
  type GroupRowView,
  type PriceGroupView,
  type UserOption,
} from "./types";

/** The business's time zone: a date filter means that whole day in Florida. */
const TIME_ZONE = "America/New_York";

function startOfDay(date: string, plusDays = 0) {
  return sql`((${date}::date + ${plusDays}::integer)::timestamp at time zone ${TIME_ZONE})`;
}

/**
 * The ids of the products the site's one search finds by the text (docs/decisions/028-search.md:
 * either name, accents, plurals and trade aliases forgiven). Read first, then carried as one array
 * parameter: the catalogue is scanned once per query, not once per branch of the condition or per
 * group.
 */
async function findProductsNamed(text: string) {
  const search = compileSearch(text);
  if (!search) return [];
  const rows = await db().select({ id: product.id }).from(product).where(searchMatches(product.searchKey, search));
  return rows.map((r) => r.id);
}

/**
 * Entries about one of these products: the product's own entries, a single price of it, a grouped
 * change with it among its rows (that revision's history rows), and an import run that priced it
 * (its list's import history rows between the run's start and its entry). Each branch starts from
 * the products' history rows (indexed by product), never from every row of every group.
 */
function productCondition(productIds: string[]): SQL {
  if (productIds.length === 0) return sql`false`;
  const ids = sql`${sql.param(productIds)}::uuid[]`;
  const texts = sql`${sql.param(productIds)}::text[]`;
  return sql`(
    (${activity.entityType} = 'product' and ${activity.entityId} = any(${texts}))
    or (${activity.entityType} = 'price_item' and ${activity.listRevision} is null
      and split_part(${activity.entityId}, ':', 2) = any(${texts}))
    or (${activity.listRevision} is not null and (${activity.entityId}, ${activity.listRevision}) in (
      select h.price_list_id::text, h.list_revision from ${priceHistory} h where h.product_id = any(${ids})))
    or (${activity.entityType} = 'import_run' and exists (
      select 1 from ${importRun} r join ${priceHistory} h on h.price_list_id = r.price_list_id
      where r.id::text = ${activity.entityId} and h.source = 'import' and h.product_id = any(${ids})
        and h.created_at >= r.started_at and h.created_at <= ${activity.createdAt})))`;
}

function conditions(filters: ActivityFilters, productIds: string[] | null): SQL | undefined {
  const where: SQL[] = [];
  if (filters.entity) where.push(eq(activity.entityType, filters.entity));
  if (filters.action) where.push(eq(activity.action, filters.action));
  if (filters.user === NO_ACTOR) where.push(isNull(activity.actorId));
  else if (filters.user) where.push(eq(activity.actorId, filters.user));
  if (filters.from) where.push(gte(activity.createdAt, startOfDay(filters.from)));
  if (filters.to) where.push(lt(activity.createdAt, startOfDay(filters.to, 1)));
  if (productIds) where.push(productCondition(productIds));
  return where.length > 0 ? and(...where) : undefined;
}

export type ActivityRow = {
  id: number;
  actorId: string | null;
  entityType: string;
  entityId: string | null;
  action: string;
  summary: string | null;
  changes: unknown;
  listRevision: number | null;
  createdAt: Date;
};

const entryColumns = {
  id: activity.id,
  actorId: activity.actorId,
  entityType: activity.entityType,
  entityId: activity.entityId,
  action: activity.action,
  summary: activity.summary,
  changes: activity.changes,
  listRevision: activity.listRevision,
  createdAt: activity.createdAt,
};

/**
 * One page of entries, newest first (entries of one transaction share their time, so the id breaks
 * ties), with the total. Offset paging rather than keyset: people jump to "page 7 of 12" and keep
 * that page in the URL, which a keyset cursor cannot give; the filters narrow the log through its
 * indexes, and a page beyond the last one shows the last.
 */
export async function findActivityEntries(filters: ActivityFilters) {
  const productIds = filters.product ? await findProductsNamed(filters.product) : null;
  const where = conditions(filters, productIds);
  const [{ total }] = await db().select({ total: count() }).from(activity).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows: ActivityRow[] = await db()
    .select(entryColumns)
    .from(activity)
    .where(where)
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  // The products the filter found, for the grouped entries' rows: the catalogue is searched once.
  return { rows, total, page, pageCount, productIds };
}

const userColumns = { id: user.id, name: user.name, email: user.email, phoneNumber: user.phoneNumber };

function userOption(u: { id: string; name: string; email: string; phoneNumber: string | null }): UserOption {
  return { id: u.id, name: u.name, contact: contactOf(u) };
}

/** The people the entries name: who made each change, and the accounts changes were made to. */
function peopleNamedBy(rows: ActivityRow[]) {
  return rows.flatMap((r) => [r.actorId, r.entityType === "user" ? r.entityId : null]).filter((id) => id !== null);
}

export type ActivityUsers = { byId: Map<string, UserOption>; options: UserOption[] };

/**
 * The people an activity page names (by id), and the ones the user filter offers: everyone who has
 * made a recorded change, plus the one already chosen.
 */
export async function findActivityUsers(ids: string[], selected: string | null): Promise<ActivityUsers> {
  const wanted = [...new Set(ids)];
  const named = wanted.length ? await db().select(userColumns).from(user).where(inArray(user.id, wanted)) : [];
  const actors = db()
    .select({ one: sql`1` })
    .from(activity)
    .where(eq(activity.actorId, user.id));
  const options = await db()
    .select(userColumns)
    .from(user)
    .where(or(sql`exists (${actors})`, selected && selected !== NO_ACTOR ? eq(user.id, selected) : undefined))
    .orderBy(asc(user.name), asc(user.email));
  return { byId: new Map(named.map((u) => [u.id, userOption(u)])), options: options.map(userOption) };
}

/** The rows a grouped entry shows on the page; the rest are counted ("and 59,990 more"). */
export const GROUP_ROWS_SHOWN = 10;

/** A grouped entry names its list by id and the revision its change produced. */
function groupKey(row: ActivityRow) {
  const listId = uuidOf(row.entityId);
  return row.listRevision !== null && listId ? { listId, revision: row.listRevision } : null;
}

/**
 * The first rows of each grouped entry of a page, in the order they were written, in one query:
 * each group reads at most GROUP_ROWS_SHOWN of its history rows through their (list, revision, id)
 * index, however many it has. With a product filter, the rows of the matching products.
 */
async function findGroupRows(rows: ActivityRow[], lang: Lang, productIds: string[] | null) {
  const groups = rows.flatMap((row) => {
    const key = groupKey(row);
    return key ? [{ id: row.id, ...key }] : [];
  });
  const byEntry = new Map<number, GroupRowView[]>();
  if (groups.length === 0) return byEntry;
  const name = lang === "es" ? sql`p.name_es` : sql`p.name_en`;
  const result = await db().execute<{
    entry_id: string | number;
    product_id: string;
    name: string;
    old_cents: number | null;
    new_cents: number | null;
  }>(sql`
    select v.entry_id, h.product_id, ${name} as name, h.old_price_cents as old_cents, h.new_price_cents as new_cents
    from ${unnestRows(
      [
        [groups.map((g) => g.id), "bigint"],
        [groups.map((g) => g.listId), "uuid"],
        [groups.map((g) => g.revision), "integer"],
      ],
      ["entry_id", "list_id", "revision"],
    )}
    cross join lateral (
      select h.id, h.product_id, h.old_price_cents, h.new_price_cents from ${priceHistory} h
      where h.price_list_id = v.list_id and h.list_revision = v.revision
        ${productIds ? sql`and h.product_id = any(${sql.param(productIds)}::uuid[])` : sql``}
      order by h.id
      limit ${GROUP_ROWS_SHOWN}
    ) h
    join ${product} p on p.id = h.product_id
    order by v.entry_id, h.id`);
  for (const r of result.rows) {
    const id = Number(r.entry_id);
    const list = byEntry.get(id) ?? [];
    list.push({ productId: r.product_id, name: r.name, oldCents: r.old_cents, newCents: r.new_cents });
    byEntry.set(id, list);
  }
  return byEntry;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A price's entity id is "listId:productId". */
function priceItemIds(entityId: string | null) {
  const [listId, productId] = (entityId ?? "").split(":");
  return UUID.test(listId ?? "") && UUID.test(productId ?? "") ? { listId, productId } : null;
}

function uuidOf(entityId: string | null) {
  return entityId && UUID.test(entityId) ? entityId : null;
}

/** `names` holds the entity's name in both languages: an entry's summary wrote one of them. */
type Found = {
  products: Map<string, { name: string; names: string[]; slug: string; isPublic: boolean }>;
  lists: Map<string, { name: string; names: string[]; slug: string; deleted: boolean }>;
  runs: Map<string, { fileName: string; summary: unknown; listName: string | null }>;
};

/** The products, price lists and import runs a page of entries is about, in one query each. */
async function findEntities(rows: ActivityRow[], lang: Lang): Promise<Found> {
  const productIds = new Set<string>();
  const listIds = new Set<string>();
  const runIds = new Set<string>();
  for (const row of rows) {
    const group = groupKey(row);
    if (group) {
      listIds.add(group.listId);
      continue;
    }
    if (row.entityType === "price_item") {
      const ids = priceItemIds(row.entityId);
      if (ids) {
        productIds.add(ids.productId);
        listIds.add(ids.listId);
      }
      continue;
    }
    const id = uuidOf(row.entityId);
    if (!id) continue;
    if (row.entityType === "product") productIds.add(id);
    else if (row.entityType === "price_list" || row.entityType === "whatsapp_export") listIds.add(id);
    else if (row.entityType === "import_run") runIds.add(id);
  }
  const [products, lists, runs] = await Promise.all([
    productIds.size
      ? db()
          .select({
            id: product.id,
            nameEn: product.nameEn,
            nameEs: product.nameEs,
            slug: product.slug,
            isPublic: sql<boolean>`${product.active} and ${product.archivedAt} is null`,
          })
          .from(product)
          .where(inArray(product.id, [...productIds]))
      : [],
    listIds.size
      ? db()
          .select({
            id: priceList.id,
            name: priceList.name,
            nameEs: priceList.nameEs,
            slug: priceList.slug,
            deleted: sql<boolean>`${priceList.deletedAt} is not null`,
          })
          .from(priceList)
          .where(inArray(priceList.id, [...listIds]))
      : [],
    runIds.size
      ? db()
          .select({
            id: importRun.id,
            fileName: importRun.fileName,
            summary: importRun.summary,
            listName: priceList.name,
            listNameEs: priceList.nameEs,
          })
          .from(importRun)
          .leftJoin(priceList, eq(priceList.id, importRun.priceListId))
          .where(inArray(importRun.id, [...runIds]))
      : [],
  ]);
  return {
    products: new Map(
      products.map((p) => [p.id, { ...p, name: lang === "es" ? p.nameEs : p.nameEn, names: [p.nameEn, p.nameEs] }]),
    ),
    lists: new Map(lists.map((l) => [l.id, { ...l, name: listName(l, lang), names: [l.name, l.nameEs ?? l.name] }])),
    runs: new Map(
      runs.map(({ listName: name, listNameEs: nameEs, ...r }) => [
        r.id,
        { ...r, listName: name === null ? null : listName({ name, nameEs }, lang) },
      ]),
    ),
  };
}

const missing = (name: string | null): EntityView => ({ name, context: null, href: null, gone: true });

function describeList(listId: string | null, found: Found, fallback: string | null): EntityView {
  const list = listId ? found.lists.get(listId) : undefined;
  if (!list) return missing(fallback);
  return {
    name: list.name,
    context: null,
    href: list.deleted ? null : `/prices-manage/${list.slug}`,
    gone: list.deleted,
  };
}

function describeEntity(row: ActivityRow, found: Found, users: ActivityUsers | null): EntityView {
  const id = uuidOf(row.entityId);
  // A grouped change of prices is about its list.
  if (groupKey(row)) return describeList(id, found, row.summary);
  switch (row.entityType) {
    case "product": {
      const p = id ? found.products.get(id) : undefined;
      if (!p) return missing(row.summary);
      return { name: p.name, context: null, href: p.isPublic ? `/products/${p.slug}` : null, gone: false };
    }
    case "price_list":
      return describeList(id, found, row.summary);
    case "whatsapp_export": {
      // A message is about its list: the export screen opens on it.
      const list = id ? found.lists.get(id) : undefined;
      if (!list) return missing(row.summary);
      return {
        name: list.name,
        context: null,
        href: list.deleted ? null : `/exportlistswhatsapp?list=${list.slug}`,
        gone: list.deleted,
      };
    }
    case "price_item": {
      const ids = priceItemIds(row.entityId);
      const p = ids ? found.products.get(ids.productId) : undefined;
      const list = ids ? found.lists.get(ids.listId) : undefined;
      if (!p || !list) return missing(row.summary);
      return {
        name: p.name,
        context: list.name,
        href: list.deleted ? null : `/prices-manage/${list.slug}`,
        gone: list.deleted,
      };
    }
    case "user": {
      const person = row.entityId ? users?.byId.get(row.entityId) : undefined;
      if (person) {
        return {
          name: person.contact,
          context: person.name,
          href: `/manage-users?q=${encodeURIComponent(person.contact)}`,
          gone: false,
        };
      }
      // Without the user data, the email or phone the writer put in the summary (when it did) still
      // says who; an older entry may hold a phone account's placeholder address, which says nothing.
      const summary = row.summary ?? "";
      const contact = (summary.includes("@") && hasMailbox(summary)) || looksLikePhone(summary) ? summary : null;
      return users ? missing(contact) : { name: contact, context: null, href: null, gone: false };
    }
    case "import_run": {
      const run = id ? found.runs.get(id) : undefined;
      // The run's page: its summary and every row's result.
      return run
        ? { name: run.fileName, context: null, href: `/import-quickbooks/runs/${id}`, gone: false }
        : missing(null);
    }
    default:
      return missing(row.summary);
  }
}

function describeActor(actorId: string | null, users: ActivityUsers | null): ActorView {
  if (!actorId) return { state: "none" };
  const person = users?.byId.get(actorId);
  return person ? { state: "user", ...person } : { state: "unknown" };
}

/** The summary, when it says more than the entity's name already does. */
function noteOf(row: ActivityRow, entity: EntityView, found: Found): EntryNote | null {
  const summary = row.summary?.trim();
  if (!summary) return null;
  if (Object.hasOwn(knownSummaries, summary)) {
    return { kind: "known", key: knownSummaries[summary as keyof typeof knownSummaries] };
  }
  if (summary === entity.name || row.entityType === "price_item") return null;
  const id = uuidOf(row.entityId);
  const names = id ? (found.products.get(id) ?? found.lists.get(id))?.names : undefined;
  if (names?.includes(summary)) return null;
  return { kind: "text", text: summary };
}

/**
 * An import run's counts are shown as counts; its other fields as changes, the list it priced
 * named in the reader's language (the entry holds the English name the run was written with).
 */
function importRunChanges(changes: ChangeSet, listNameNow: string | null): ChangeSet {
  if (changes.kind !== "fields") return changes;
  const rows = changes.rows
    .filter((r) => !isImportCountField(r.field))
    .map((r) => (r.field === "list" && r.kind === "value" && listNameNow ? { ...r, value: listNameNow } : r));
  return rows.length > 0 ? { kind: "fields", rows } : { kind: "none" };
}

/** A grouped entry's description and shown rows; null when its description cannot be read. */
function describeGroup(row: ActivityRow, groupRows: Map<number, GroupRowView[]>): PriceGroupView | null {
  const group = readPriceGroup(row.changes);
  if (!group) return null;
  const rows = groupRows.get(row.id) ?? [];
  return { ...group, rows, more: Math.max(0, group.count - rows.length) };
}

export function describeEntry(
  row: ActivityRow,
  found: Found,
  users: ActivityUsers | null,
  groupRows: Map<number, GroupRowView[]> = new Map(),
): ActivityEntryView {
  const entity = describeEntity(row, found, users);
  const about = {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entityType: row.entityType,
    actor: describeActor(row.actorId, users),
    entity,
  };
  if (groupKey(row)) {
    const group = describeGroup(row, groupRows);
    return {
      ...about,
      note: null,
      changes: group ? { kind: "none" } : { kind: "unexpected" },
      importCounts: null,
      group,
    };
  }
  let changes = readChanges(row.changes);
  let importCounts = null;
  if (row.entityType === "import_run") {
    const run = uuidOf(row.entityId) ? found.runs.get(row.entityId!) : undefined;
    importCounts = readImportCounts(changes.kind === "fields" ? row.changes : null, run?.summary);
    if (importCounts) changes = importRunChanges(changes, run?.listName ?? null);
  }
  return {
    ...about,
    note: noteOf(row, entity, found),
    changes,
    importCounts,
    group: null,
  };
}

/** The two halves of the page, injectable so a test can make the user data fail. */
export type ActivityLogDeps = {
  findEntries: typeof findActivityEntries;
  findUsers: typeof findActivityUsers;
};

const defaultDeps: ActivityLogDeps = { findEntries: findActivityEntries, findUsers: findActivityUsers };

/**
 * The /activity page: entries first, then the user data (names, emails, the user filter's
 * choices) on its own, so that when it cannot be loaded the entries still show, with a message.
 */
export async function loadActivityLog(
  filters: ActivityFilters,
  errors: FilterErrors,
  lang: Lang,
  deps: ActivityLogDeps = defaultDeps,
): Promise<ActivityLogView> {
  const { rows, total, page, pageCount, productIds } = await deps.findEntries(filters);
  const ids = peopleNamedBy(rows);
  if (filters.user && filters.user !== NO_ACTOR) ids.push(filters.user);
  let users: ActivityUsers | null = null;
  try {
    users = await deps.findUsers(ids, filters.user);
  } catch (error) {
    logger.error({ err: error }, "activity log: user data could not be loaded");
  }
  const [found, groupRows] = await Promise.all([findEntities(rows, lang), findGroupRows(rows, lang, productIds)]);
  const shownErrors = { ...errors };
  if (users && filters.user && filters.user !== NO_ACTOR && !users.byId.has(filters.user)) {
    shownErrors.user ??= "errors.userUnknown";
  }
  return {
    entries: rows.map((row) => describeEntry(row, found, users, groupRows)),
    total,
    page,
    pageCount,
    filters: { ...filters, page },
    errors: shownErrors,
    users: users ? { ok: true, options: users.options } : { ok: false },
  };
}

/** The newest entries, described as the log describes them: the staff dashboard's recent activity. */
export async function findRecentEntries(limit: number, lang: Lang): Promise<ActivityEntryView[]> {
  const rows: ActivityRow[] = await db()
    .select(entryColumns)
    .from(activity)
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit);
  return describeEntries(rows, lang);
}

/** Entries described with the people and things they name, outside the log's page and its filters. */
async function describeEntries(rows: ActivityRow[], lang: Lang): Promise<ActivityEntryView[]> {
  const ids = [...new Set(peopleNamedBy(rows))];
  const [named, found] = await Promise.all([
    ids.length ? db().select(userColumns).from(user).where(inArray(user.id, ids)) : [],
    findEntities(rows, lang),
  ]);
  const users = { byId: new Map(named.map((u) => [u.id, userOption(u)])), options: [] };
  return rows.map((row) => describeEntry(row, found, users));
}

/** Rows of a grouped entry's own page ("see all"), a page at a time. */
export const GROUP_PAGE_SIZE = 100;

export type GroupEntryView = {
  entry: ActivityEntryView;
  rows: GroupRowView[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * A grouped entry with every row of its change, in the order they were written, a page at a time:
 * what the log's "and 1,990 more" leads to. Null when there is no such entry, or it is not a
 * change of many prices. A page beyond the last shows the last.
 */
export async function loadGroupEntry(id: number, requestedPage: number, lang: Lang): Promise<GroupEntryView | null> {
  const [row] = await db().select(entryColumns).from(activity).where(eq(activity.id, id)).limit(1);
  const key = row ? groupKey(row) : null;
  if (!row || !key || !readPriceGroup(row.changes)) return null;
  const where = and(eq(priceHistory.priceListId, key.listId), eq(priceHistory.listRevision, key.revision));
  const [{ total }] = await db().select({ total: count() }).from(priceHistory).where(where);
  const pageCount = Math.max(1, Math.ceil(total / GROUP_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const [rows, [entry]] = await Promise.all([
    db()
      .select({
        productId: priceHistory.productId,
        name: lang === "es" ? product.nameEs : product.nameEn,
        oldCents: priceHistory.oldPriceCents,
        newCents: priceHistory.newPriceCents,
      })
      .from(priceHistory)
      .innerJoin(product, eq(product.id, priceHistory.productId))
      .where(where)
      .orderBy(asc(priceHistory.id))
      .limit(GROUP_PAGE_SIZE)
      .offset((page - 1) * GROUP_PAGE_SIZE),
    describeEntries([row], lang),
  ]);
  return { entry, rows, total, page, pageCount };
}
