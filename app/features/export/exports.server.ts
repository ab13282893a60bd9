import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db, withTransaction } from "~/db/client.server";
import { customerPriceList, user, whatsappExport, whatsappExportPreference } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { findBuyerItems } from "~/features/price-lists/items.server";
import { listName, type ListNames } from "~/features/price-lists/names";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import { siteInfo } from "~/lib/site.server";
import { buildMessage, type BuiltMessage, type MessageOptions } from "./message";
import { readStoredOptions, type ExportCustomer, type ExportListData } from "./schema";

type ListRef = { id: string; slug: string } & ListNames;

/** The options a person last saved for this list, else the defaults in their language. */
export async function findExportOptions(userId: string, listId: string, lang: Lang): Promise<MessageOptions> {
  const [row] = await db()
    .select({ options: whatsappExportPreference.options })
    .from(whatsappExportPreference)
    .where(and(eq(whatsappExportPreference.userId, userId), eq(whatsappExportPreference.priceListId, listId)));
  return readStoredOptions(row?.options, lang);
}

export async function saveExportOptions(userId: string, listId: string, options: MessageOptions) {
  const stored = { ...options, categories: options.categories ?? [] };
  await db()
    .insert(whatsappExportPreference)
    .values({ userId, priceListId: listId, options: stored })
    .onConflictDoUpdate({
      target: [whatsappExportPreference.userId, whatsappExportPreference.priceListId],
      set: { options: stored, updatedAt: sql`now()` },
    });
}

/** Customers with a phone number to send to, those who see this list first. */
export async function findExportCustomers(listId: string, lang: Lang): Promise<ExportCustomer[]> {
  const rows = await db()
    .select({
      id: user.id,
      name: user.name,
      phone: user.phoneNumber,
      assigned: sql<boolean>`${customerPriceList.priceListId} is not null and ${customerPriceList.priceListId} = ${listId}`,
    })
    .from(user)
    .leftJoin(customerPriceList, eq(customerPriceList.userId, user.id))
    .where(and(eq(user.role, "customer"), isNotNull(user.phoneNumber), sql`not coalesce(${user.banned}, false)`))
    .orderBy(alphabetical(user.name, lang), asc(user.id));
  return rows
    .map((r) => ({ id: r.id, name: r.name, phone: r.phone!, assigned: Boolean(r.assigned) }))
    .sort((a, b) => Number(b.assigned) - Number(a.assigned));
}

/** The last message generated from the list: the prices it quoted, and who made it when. */
async function findLastExport(listId: string) {
  const [row] = await db()
    .select({ prices: whatsappExport.prices, createdAt: whatsappExport.createdAt, by: user.name })
    .from(whatsappExport)
    .leftJoin(user, eq(user.id, whatsappExport.userId))
    .where(eq(whatsappExport.priceListId, listId))
    .orderBy(desc(whatsappExport.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the screen shows for one list: the person's options, the customers to send to, the last export. */
export async function loadExportListData(userId: string, list: ListRef, lang: Lang): Promise<ExportListData> {
  const [options, customers, last] = await Promise.all([
    findExportOptions(userId, list.id, lang),
    findExportCustomers(list.id, lang),
    findLastExport(list.id),
  ]);
  return {
    list: { slug: list.slug, name: listName(list, lang) },
    options,
    customers,
    lastExport: last ? { at: last.createdAt.toISOString(), by: last.by } : null,
  };
}

/**
 * Builds the list's message with these options, marking changes against the prices the last
 * message quoted, and keeps it (with the prices it quotes now) and one activity entry, together.
 */
export async function generateExport(
  actor: { id: string },
  list: ListRef,
  options: MessageOptions,
): Promise<BuiltMessage> {
  const [items, last] = await Promise.all([findBuyerItems(list.id), findLastExport(list.id)]);
  const previous = last ? new Map(Object.entries(last.prices as Record<string, number | null>)) : null;
  const message = buildMessage({
    t: translatorFor(options.lang) as never,
    options,
    list: { slug: list.slug, name: listName(list, options.lang) },
    site: siteInfo(),
    items,
    previous,
    now: new Date(),
  });
  await withTransaction(async (tx) => {
    await tx.insert(whatsappExport).values({
      priceListId: list.id,
      userId: actor.id,
      lang: options.lang,
      options: { ...options, categories: options.categories ?? [] },
      parts: message.parts,
      prices: message.quoted,
    });
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "whatsapp_export",
      entityId: list.id,
      action: "created",
      summary: list.name,
      changes: { locale: options.lang, products: message.counts.products, messageParts: message.parts.length },
    });
  });
  return message;
}
