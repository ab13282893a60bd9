import { and, eq, inArray, sql } from "drizzle-orm";
import { can, type Principal } from "~/auth/permissions";
import { db, withTransaction } from "~/db/client.server";
import { printPreference, printSelection, priceList, priceListItem, product } from "~/db/schema";
import { visibleWithJoinedPrice } from "~/features/catalog/visibility.server";
import { findBuyerItems } from "~/features/price-lists/items.server";
import { listPriceListNames, resolveReadableList } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { isLang, type Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import { siteInfo } from "~/lib/site.server";
import { parseSheetOptions, isPaper, type RejectedOption, type SheetFormat, type SheetOptions } from "./options";
import { buildSheet, type Sheet, type SheetItem } from "./sheet";

type ListRef = { id: string; slug: string; name: string };

/** The options a person chose last time; Letter, no pictures and the reader's language before that. */
export async function findSheetDefaults(userId: string, readerLang: Lang): Promise<SheetOptions> {
  const [row] = await db()
    .select({
      slug: priceList.slug,
      deletedAt: priceList.deletedAt,
      paper: printPreference.paper,
      images: printPreference.images,
      lang: printPreference.lang,
    })
    .from(printPreference)
    .leftJoin(priceList, eq(priceList.id, printPreference.priceListId))
    .where(eq(printPreference.userId, userId));
  if (!row) return { list: null, paper: "letter", images: false, lang: readerLang };
  return {
    list: row.slug && !row.deletedAt ? row.slug : null,
    paper: isPaper(row.paper) ? row.paper : "letter",
    images: row.images,
    lang: isLang(row.lang) ? row.lang : readerLang,
  };
}

/**
 * Remembers what the address chose, and only that: a sheet opened from a link that names just the
 * list keeps the paper, pictures and language chosen before. A sheet in the reader's own language
 * is remembered as no language at all (the toolbar sends the one it shows with every change), so
 * the sheet keeps following the reader's language until another one is picked.
 */
async function rememberSheetOptions(
  userId: string,
  listId: string,
  options: SheetOptions,
  given: Record<"paper" | "images" | "lang", boolean>,
  readerLang: Lang,
) {
  const chosen = {
    ...(given.paper ? { paper: options.paper } : {}),
    ...(given.images ? { images: options.images } : {}),
    ...(given.lang ? { lang: options.lang === readerLang ? null : options.lang } : {}),
  };
  await db()
    .insert(printPreference)
    .values({ userId, priceListId: listId, ...chosen })
    .onConflictDoUpdate({
      target: printPreference.userId,
      set: { priceListId: listId, ...chosen, updatedAt: sql`now()` },
    });
}

/** The products a person selected in a list, as ids. */
export async function findSelection(userId: string, listId: string): Promise<string[]> {
  const rows = await db()
    .select({ productId: printSelection.productId })
    .from(printSelection)
    .where(and(eq(printSelection.userId, userId), eq(printSelection.priceListId, listId)));
  return rows.map((r) => r.productId);
}

/**
 * A product a sheet prints: one the list's customers may see (an item of the list, by the joins
 * that use it; docs/decisions/026-imported-products-review.md).
 */
const printable = visibleWithJoinedPrice();

/** The slugs of the selected products that the list can still print. */
export async function findSelectedSlugs(userId: string, listId: string): Promise<string[]> {
  const rows = await db()
    .select({ slug: product.slug })
    .from(printSelection)
    .innerJoin(product, eq(product.id, printSelection.productId))
    .innerJoin(
      priceListItem,
      and(eq(priceListItem.priceListId, printSelection.priceListId), eq(priceListItem.productId, product.id)),
    )
    .where(and(eq(printSelection.userId, userId), eq(printSelection.priceListId, listId), printable));
  return rows.map((r) => r.slug);
}

/** Of these products, the ones the list can print: only they can be ticked. */
export async function findPrintableSlugs(listId: string, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db()
    .select({ slug: product.slug })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(and(eq(priceListItem.priceListId, listId), inArray(product.slug, [...slugs]), printable));
  return rows.map((r) => r.slug);
}

export type SelectionChange =
  | { kind: "add"; slugs: string[] }
  | { kind: "remove"; slugs: string[] }
  | { kind: "set"; slugs: string[] }
  | { kind: "clear" };

/**
 * Adds, removes or replaces products, named by slug, of one list's selection; products the list
 * cannot print are ignored. Answers the selection's slugs afterwards.
 */
export async function changeSelection(userId: string, list: ListRef, change: SelectionChange) {
  const mine = and(eq(printSelection.userId, userId), eq(printSelection.priceListId, list.id));
  await withTransaction(async (tx) => {
    const slugs = change.kind === "clear" ? [] : change.slugs;
    const ids =
      slugs.length === 0
        ? []
        : (
            await tx
              .select({ id: product.id })
              .from(priceListItem)
              .innerJoin(product, eq(product.id, priceListItem.productId))
              .where(and(eq(priceListItem.priceListId, list.id), inArray(product.slug, slugs), printable))
          ).map((i) => i.id);
    if (change.kind === "clear" || change.kind === "set") await tx.delete(printSelection).where(mine);
    if (ids.length === 0) return;
    if (change.kind === "remove") {
      await tx.delete(printSelection).where(and(mine, inArray(printSelection.productId, ids)));
    } else {
      await tx
        .insert(printSelection)
        .values(ids.map((productId) => ({ userId, priceListId: list.id, productId })))
        .onConflictDoNothing();
    }
  });
  return findSelectedSlugs(userId, list.id);
}

export type SheetPage =
  | { kind: "none"; options: SheetOptions; rejected: RejectedOption[]; lists: ListRef[] }
  | { kind: "notFound"; options: SheetOptions; rejected: RejectedOption[]; lists: ListRef[] }
  | {
      kind: "sheet";
      options: SheetOptions;
      rejected: RejectedOption[];
      lists: ListRef[];
      sheet: Sheet;
      /** Selected products the sheet leaves out because the list no longer holds them or they are hidden. */
      dropped: number;
    };

/**
 * Everything a sheet's page or PDF needs from its URL: the options (remembered for next time when
 * the URL chose them), the list the person may print, and the sheet.
 */
export async function loadSheetPage(
  user: NonNullable<Principal> & { id: string },
  readerLang: Lang,
  format: SheetFormat,
  url: URL,
  { remember = true }: { remember?: boolean } = {},
): Promise<SheetPage> {
  const staff = can(user, "prices:view-all-lists");
  const defaults = await findSheetDefaults(user.id, readerLang);
  const { options, rejected, given } = parseSheetOptions(url.searchParams, {
    ...defaults,
    // A remembered list is a member of staff's choice; a customer always has their own.
    list: staff ? defaults.list : null,
  });
  const lists = staff
    ? (await listPriceListNames(readerLang)).map((l) => ({ id: l.id, slug: l.slug, name: listName(l, readerLang) }))
    : [];
  // A malformed list name names no list: the same answer as an unknown one.
  if (rejected.some((r) => r.option === "list")) return { kind: "notFound", options, rejected: [], lists };
  let resolved = await resolveReadableList(user, options.list, readerLang);
  // A remembered list that has since been deleted is not the person's mistake: fall back quietly.
  if (resolved.kind === "notFound" && !given.list) resolved = await resolveReadableList(user, null, readerLang);
  if (resolved.kind !== "list") return { kind: resolved.kind, options, rejected, lists };

  const list = resolved.list;
  const chosen = { ...options, list: list.slug };
  let dropped = 0;
  let items: SheetItem[];
  if (format === "selected") {
    const selected = await findSelection(user.id, list.id);
    items = await findBuyerItems(list.id, selected);
    dropped = selected.length - items.length;
  } else {
    items = await findBuyerItems(list.id);
  }
  if (remember && (given.list || given.paper || given.images || given.lang)) {
    await rememberSheetOptions(user.id, list.id, chosen, given, readerLang);
  }
  const sheet = buildSheet({
    format,
    paper: chosen.paper,
    images: chosen.images,
    lang: chosen.lang,
    t: translatorFor(chosen.lang) as never,
    list: { slug: list.slug, name: listName(list, chosen.lang) },
    site: siteInfo(),
    items,
    readAt: new Date(),
  });
  return { kind: "sheet", options: chosen, rejected, lists, sheet, dropped };
}
