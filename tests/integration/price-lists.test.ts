import { and, asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db, withTransaction } from "../../app/db/client.server";
import { activity, priceHistory, priceList, priceListItem, priceListVersion, product } from "../../app/db/schema";
import { findPriceHistory } from "../../app/features/price-lists/history.server";
import {
  addProductsToList,
  findPriceItems,
  previewReapply,
  reapplyFromParent,
  removeProductsFromList,
  savePriceEdits,
} from "../../app/features/price-lists/items.server";
import {
  assignPriceList,
  createPriceList,
  deletePriceList,
  duplicatePriceList,
  findCustomerList,
  findPriceListBySlug,
  listPriceLists,
  restoreDeletedPriceList,
  updatePriceList,
} from "../../app/features/price-lists/lists.server";
import {
  compareVersions,
  listVersions,
  restoreVersion,
  saveVersion,
} from "../../app/features/price-lists/versions.server";
import { Refusal } from "../../app/lib/refusal";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const noFlags = { isPublic: false, isDefaultForCustomers: false, isTemplate: false };
let seller: { id: string };
let ids: Record<string, string>;
let baseId: string;

async function prices(listId: string) {
  const rows = await db()
    .select({ slug: product.slug, cents: priceListItem.priceCents })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(eq(priceListItem.priceListId, listId))
    .orderBy(asc(product.slug));
  return Object.fromEntries(rows.map((r) => [r.slug, r.cents]));
}

async function historyOf(listId: string) {
  return db()
    .select({
      productId: priceHistory.productId,
      old: priceHistory.oldPriceCents,
      new: priceHistory.newPriceCents,
      source: priceHistory.source,
      revision: priceHistory.listRevision,
      authorId: priceHistory.authorId,
    })
    .from(priceHistory)
    .where(eq(priceHistory.priceListId, listId))
    .orderBy(asc(priceHistory.id));
}

async function revisionOf(listId: string) {
  const [row] = await db().select({ revision: priceList.revision }).from(priceList).where(eq(priceList.id, listId));
  return row.revision;
}

beforeEach(async () => {
  await db().execute(sql`delete from activity`);
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from customer_price_list`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango", category: "fruits", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", category: "fruits", basePriceCents: 2150 },
      { slug: "onion", nameEn: "Onion", nameEs: "Cebolla", category: "vegetables", basePriceCents: 3 },
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs", basePriceCents: 499 },
    ])
    .returning({ id: product.id, slug: product.slug });
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  const base = await createPriceList(seller, {
    name: "Base",
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    ...noFlags,
  });
  baseId = base.id;
  await addProductsToList(seller, baseId, [ids.mango, ids.lime, ids.onion]);
});

describe(`price lists (${test.kind})`, () => {
  it("creates an empty list with a readable slug, numbered on collision", async () => {
    const a = await createPriceList(seller, {
      name: "Hoteles Miami",
      description: "Para hoteles",
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: "percentage",
      adjustmentValue: 500,
      ...noFlags,
    });
    const b = await createPriceList(seller, {
      name: "Hoteles  Miami!",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      ...noFlags,
    });
    expect([a.slug, b.slug]).toEqual(["hoteles-miami", "hoteles-miami-2"]);
    const found = await findPriceListBySlug("hoteles-miami");
    // An empty list has nothing to adjust: no parent, no adjustment.
    expect(found).toMatchObject({ itemCount: 0, adjustmentType: null, adjustmentValue: null, parentName: null });
  });

  it("copies a list with a percentage adjustment rounded half-up to the cent, keeping parent and adjustment", async () => {
    const derived = await createPriceList(seller, {
      name: "Restaurants",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: baseId,
      adjustmentType: "percentage",
      adjustmentValue: -500,
      ...noFlags,
    });
    // 2150 * 0.95 = 2042.5 → 2043; 3 * 0.95 = 2.85 → 3.
    expect(await prices(derived.id)).toEqual({ lime: 2043, mango: 950, onion: 3 });
    expect(await findPriceListBySlug("restaurants")).toMatchObject({
      parentName: "Base",
      adjustmentType: "percentage",
      adjustmentValue: -500,
      itemCount: 3,
    });
    const history = await historyOf(derived.id);
    expect(history.map((h) => [h.old, h.new, h.source])).toEqual(
      expect.arrayContaining([
        [null, 2043, "create"],
        [null, 950, "create"],
      ]),
    );
  });

  it("copies with a fixed adjustment that never goes below zero", async () => {
    const derived = await createPriceList(seller, {
      name: "Promo",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: baseId,
      adjustmentType: "fixed",
      adjustmentValue: -100,
      ...noFlags,
    });
    expect(await prices(derived.id)).toEqual({ lime: 2050, mango: 900, onion: 0 });
  });

  it("saves edited prices with one history row each, one activity entry for the save, and a new revision", async () => {
    const before = await revisionOf(baseId);
    const result = await savePriceEdits(
      seller,
      baseId,
      [
        { productId: ids.mango, priceCents: 1100 },
        { productId: ids.lime, priceCents: 2150 },
        { productId: ids.onion, priceCents: null },
      ],
      { expectedRevision: before },
    );
    expect(result).toEqual({ revision: before + 1, changed: 2 });
    expect(await prices(baseId)).toEqual({ lime: 2150, mango: 1100, onion: null });
    const history = (await historyOf(baseId)).filter((h) => h.source === "screen");
    expect(history).toEqual([
      { productId: ids.mango, old: 1000, new: 1100, source: "screen", revision: before + 1, authorId: seller.id },
      { productId: ids.onion, old: 3, new: null, source: "screen", revision: before + 1, authorId: seller.id },
    ]);
    // The save is one entry about the list; its rows are that revision's history rows.
    const [entry] = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "price_item"), eq(activity.listRevision, before + 1)));
    expect(entry).toMatchObject({
      actorId: seller.id,
      entityId: baseId,
      action: "updated",
      summary: "Base",
      changes: { source: "screen", count: 2 },
    });

    // A single price saved stays an entry about that price.
    await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1150 }]);
    const single = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "price_item"), eq(activity.entityId, `${baseId}:${ids.mango}`)));
    expect(single).toHaveLength(1);
    expect(single[0]).toMatchObject({
      action: "updated",
      listRevision: null,
      changes: { priceCents: { before: 1100, after: 1150 }, source: "screen" },
    });
  });

  it("refuses a save over a newer revision with the other person's changes, and overwrites when asked", async () => {
    const loaded = await revisionOf(baseId);
    const other = await makeUser("seller", { name: "Olga Other" });
    await savePriceEdits(other, baseId, [{ productId: ids.mango, priceCents: 1200 }], { expectedRevision: loaded });
    const refused = await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1300 }], {
      expectedRevision: loaded,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({
      code: "errors.conflict",
      status: 409,
      data: {
        revision: loaded + 1,
        changes: [
          { productId: ids.mango, productName: "Mango", oldCents: 1000, newCents: 1200, authorName: "Olga Other" },
        ],
      },
    });
    expect(await prices(baseId)).toMatchObject({ mango: 1200 });
    await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1300 }]);
    expect(await prices(baseId)).toMatchObject({ mango: 1300 });
    // Both saves stay in history.
    const mango = (await historyOf(baseId)).filter((h) => h.productId === ids.mango && h.source === "screen");
    expect(mango.map((h) => [h.old, h.new])).toEqual([
      [1000, 1200],
      [1200, 1300],
    ]);
  });

  it("saves a bulk change's prices with their history marked bulk, and refuses a description no editor makes", async () => {
    const bulk = { type: "percentage", value: 1000, rounding: "cent", category: null } as const;
    const edits = [
      { productId: ids.mango, priceCents: 1100 },
      { productId: ids.lime, priceCents: 2365 },
    ];
    await savePriceEdits(seller, baseId, edits, { bulk });
    expect(await prices(baseId)).toMatchObject({ lime: 2365, mango: 1100 });
    expect((await historyOf(baseId)).filter((h) => h.source === "bulk")).toHaveLength(2);
    await expect(
      savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1 }], {
        bulk: { ...bulk, category: "Fruits; drop table" },
      }),
    ).rejects.toMatchObject({ code: "errors.adjustmentInvalid", status: 400 });
    expect(await prices(baseId)).toMatchObject({ mango: 1100 });
  });

  it("adds products priced from the parent with the list's adjustment, and removes them with history", async () => {
    const derived = await createPriceList(seller, {
      name: "Hotels",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: baseId,
      adjustmentType: "percentage",
      adjustmentValue: 1000,
      ...noFlags,
    });
    await addProductsToList(seller, baseId, [ids.basil]);
    await addProductsToList(seller, derived.id, [ids.basil]);
    expect((await prices(derived.id)).basil).toBe(549);
    await removeProductsFromList(seller, derived.id, [ids.basil]);
    expect(await prices(derived.id)).not.toHaveProperty("basil");
    const basil = (await historyOf(derived.id)).filter((h) => h.productId === ids.basil);
    expect(basil.map((h) => [h.old, h.new, h.source])).toEqual([
      [null, 549, "add"],
      [549, null, "remove"],
    ]);
    await expect(addProductsToList(seller, derived.id, [crypto.randomUUID()])).rejects.toMatchObject({
      code: "errors.productNotFound",
      status: 400,
    });
  });

  it("previews and re-applies the parent's prices with the adjustment, after an automatic version", async () => {
    const derived = await createPriceList(seller, {
      name: "Retail",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: baseId,
      adjustmentType: "percentage",
      adjustmentValue: 2000,
      ...noFlags,
    });
    await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 2000 }]);
    await savePriceEdits(seller, derived.id, [{ productId: ids.lime, priceCents: 1 }]);
    const preview = await previewReapply(derived.id, "es");
    expect(preview.changes).toEqual(
      expect.arrayContaining([
        { productId: ids.mango, name: "Mango", oldCents: 1200, newCents: 2400 },
        { productId: ids.lime, name: "Limón", oldCents: 1, newCents: 2580 },
      ]),
    );
    expect(preview.count).toBe(2);
    // A long list's preview shows its first changes and counts them all.
    const first = await previewReapply(derived.id, "en", 1);
    expect(first).toMatchObject({ count: 2, changes: [expect.objectContaining({ name: expect.any(String) })] });
    expect(first.changes).toHaveLength(1);
    await reapplyFromParent(seller, derived.id, { expectedRevision: preview.revision });
    expect(await prices(derived.id)).toEqual({ lime: 2580, mango: 2400, onion: 4 });
    const versions = await listVersions(derived.id);
    expect(versions[0]).toMatchObject({ number: 1, automatic: true, reason: "reapply" });
    await expect(previewReapply(baseId, "en")).rejects.toMatchObject({ code: "errors.noParent" });
  });

  it("saves versions with a reason, compares them and restores one after an automatic version", async () => {
    const v1 = await saveVersion(seller, baseId, "Monday prices");
    await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1500 }]);
    await removeProductsFromList(seller, baseId, [ids.onion]);
    await addProductsToList(seller, baseId, [ids.basil]);
    const compared = await compareVersions(baseId, v1.number, "current");
    expect(compared.differences).toBe(3);
    expect(compared.rows.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Mango", left: 1000, right: 1500 }),
        expect.objectContaining({ name: "Onion", left: 3, right: "absent" }),
        expect.objectContaining({ name: "Basil", left: "absent", right: 499 }),
      ]),
    );
    await restoreVersion(seller, baseId, v1.number);
    expect(await prices(baseId)).toEqual({ lime: 2150, mango: 1000, onion: 3 });
    const versions = await listVersions(baseId);
    expect(versions.map((v) => [v.number, v.automatic, v.reason])).toEqual([
      [2, true, "restore:1"],
      [1, false, "Monday prices"],
    ]);
    // The automatic version holds the prices the restore replaced.
    const undo = await compareVersions(baseId, 2, "current");
    expect(undo.rows.find((r) => r.name === "Mango")).toMatchObject({ left: 1500, right: 1000 });
    expect((await historyOf(baseId)).filter((h) => h.source === "restore")).toHaveLength(3);
  });

  it("moves the public and default flags from one list to another", async () => {
    await updatePriceList(seller, baseId, {
      revision: (await findPriceListBySlug("base"))!.revision,
      name: "Base",
      description: null,
      nameEs: null,
      descriptionEs: null,
      ...noFlags,
      isPublic: true,
    });
    const other = await createPriceList(seller, {
      name: "Public two",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      ...noFlags,
      isPublic: true,
      isDefaultForCustomers: true,
    });
    const lists = await listPriceLists({ lang: "en" });
    expect(lists.filter((l) => l.isPublic).map((l) => l.id)).toEqual([other.id]);
    expect(lists.filter((l) => l.isDefaultForCustomers).map((l) => l.id)).toEqual([other.id]);
  });

  it("duplicates a list with its prices and none of its flags", async () => {
    await updatePriceList(seller, baseId, {
      revision: (await findPriceListBySlug("base"))!.revision,
      name: "Base",
      description: "d",
      nameEs: null,
      descriptionEs: null,
      ...noFlags,
      isPublic: true,
    });
    const copy = await duplicatePriceList(seller, baseId, { name: "Base (copy)", nameEs: null });
    expect(copy.slug).toBe("base-copy");
    expect(await prices(copy.id)).toEqual(await prices(baseId));
    expect(await findPriceListBySlug("base-copy")).toMatchObject({ isPublic: false, description: "d" });
  });

  it("deletes a list keeping its versions, and an admin restores it", async () => {
    const customer = await makeUser("customer");
    await assignPriceList(seller, baseId, [customer.id]);
    expect(await findCustomerList(customer.id)).toMatchObject({ slug: "base", assigned: true });
    await deletePriceList(seller, baseId);
    expect(await findPriceListBySlug("base")).toBeNull();
    expect((await listPriceLists({ deleted: true, lang: "en" })).map((l) => l.slug)).toEqual(["base"]);
    expect(await findCustomerList(customer.id)).toBeNull();
    const versions = await db().select().from(priceListVersion).where(eq(priceListVersion.priceListId, baseId));
    expect(versions).toHaveLength(1);
    await expect(savePriceEdits(seller, baseId, [])).rejects.toMatchObject({ code: "errors.notFound" });
    const admin = await makeUser("admin");
    await restoreDeletedPriceList(admin, baseId);
    expect(await findPriceListBySlug("base")).toMatchObject({ itemCount: 3 });
    expect(await findCustomerList(customer.id)).toMatchObject({ slug: "base" });
  });

  it("assigns a list to customers only, moving each customer from any other list", async () => {
    const customer = await makeUser("customer");
    const anotherSeller = await makeUser("seller");
    const other = await createPriceList(seller, {
      name: "Other",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      ...noFlags,
    });
    await assignPriceList(seller, other.id, [customer.id]);
    const result = await assignPriceList(seller, baseId, [customer.id, anotherSeller.id]);
    expect(result).toEqual({ assigned: 1, unknown: 1 });
    expect(await findCustomerList(customer.id)).toMatchObject({ slug: "base" });
    await assignPriceList(seller, baseId, []);
    expect(await findCustomerList(customer.id)).toBeNull();
  });

  it("writes neither the prices nor their history nor the activity when the transaction fails", async () => {
    const before = await prices(baseId);
    const historyBefore = (await historyOf(baseId)).length;
    const [{ n: activityBefore }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(activity);
    await expect(
      savePriceEdits(seller, baseId, [
        { productId: ids.mango, priceCents: 5000 },
        { productId: ids.lime, priceCents: -1 },
      ]),
    ).rejects.toThrow();
    expect(await prices(baseId)).toEqual(before);
    expect(await historyOf(baseId)).toHaveLength(historyBefore);
    const [{ n: activityAfter }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(activity);
    expect(activityAfter).toBe(activityBefore);
  });

  it("shows a product's history across lists, newest first, with the change", async () => {
    await savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1250 }]);
    const history = await findPriceHistory(ids.mango, "en");
    expect(history[0]).toMatchObject({ listName: "Base", oldCents: 1000, newCents: 1250, changeCents: 250 });
    expect(history.at(-1)).toMatchObject({ oldCents: null, newCents: 1000, changeCents: null, source: "add" });
  });

  it("lists items with their products in the reader's language", async () => {
    const items = await findPriceItems(baseId, "es");
    expect(items.map((i) => i.name)).toEqual(["Limón", "Mango", "Cebolla"]);
  });

  it.runIf(test.kind === "postgres")(
    "serialises two saves of one list: the second sees the first's revision",
    async () => {
      const loaded = await revisionOf(baseId);
      const other = await makeUser("seller");
      const results = await Promise.allSettled([
        savePriceEdits(seller, baseId, [{ productId: ids.mango, priceCents: 1111 }], { expectedRevision: loaded }),
        savePriceEdits(other, baseId, [{ productId: ids.mango, priceCents: 2222 }], { expectedRevision: loaded }),
      ]);
      const fulfilled = results.filter((r) => r.status === "fulfilled");
      const rejected = results.filter((r) => r.status === "rejected");
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: "errors.conflict", status: 409 });
      expect(await revisionOf(baseId)).toBe(loaded + 1);
    },
  );

  it("takes no version or change for an empty save", async () => {
    const before = await revisionOf(baseId);
    expect(await savePriceEdits(seller, baseId, [])).toEqual({ revision: before, changed: 0 });
    await withTransaction(async (tx) => {
      const [row] = await tx.select().from(priceList).where(eq(priceList.id, baseId));
      expect(row.revision).toBe(before);
    });
  });
});
