import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceHistory, priceListItem, product } from "../../app/db/schema";
import type { SavePricesResult } from "../../app/features/price-lists/edit-prices.server";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput, findPriceListBySlug } from "../../app/features/price-lists/lists.server";
import { action as savePrices } from "../../app/routes/price-list-prices";
import { action, loader } from "../../app/routes/prices-manage-list";
import { callRoute, formRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";

const test = await useTestDatabase();

let seller: SessionUser;
let ids: Record<string, string>;
let listId: string;

/** Prices go to the editor's JSON save; fields naming an intent go to the page's other actions. */
async function save(fields: Record<string, string>, user: SessionUser = seller, slug = "daily") {
  const [handler, path] = fields.intent
    ? [action, `/prices-manage/${slug}`]
    : [savePrices, `/prices-manage/${slug}/prices`];
  return callRoute<SavePricesResult>(handler, formRequest(path, fields), routeContext({ user }), { slug });
}

async function prices() {
  const rows = await db()
    .select({ id: priceListItem.productId, cents: priceListItem.priceCents })
    .from(priceListItem)
    .where(eq(priceListItem.priceListId, listId))
    .orderBy(asc(priceListItem.productId));
  return Object.fromEntries(rows.map((r) => [Object.keys(ids).find((k) => ids[k] === r.id), r.cents]));
}

const revision = async () => String((await findPriceListBySlug("daily"))!.revision);

beforeEach(async () => {
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", basePriceCents: 500 },
    ])
    .returning({ id: product.id, slug: product.slug });
  // Written without search keys, as rows from before them: keyed as a start keys them.
  await refreshProductSearchKeys();
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  const list = await createPriceList(seller, emptyListInput("Daily"));
  listId = list.id;
  await addProductsToList(seller, listId, Object.values(ids));
});

describe(`the price editor (${test.kind})`, () => {
  async function loadEditor(search = "", slug = "daily") {
    const result = await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      new Request(`http://localhost:3000/prices-manage/${slug}${search}`),
      routeContext({ user: seller }),
      { slug },
    );
    return result.data;
  }

  it("loads the list with its items and revision", async () => {
    const page = await loadEditor();
    if (page?.kind !== "page") throw new Error(`expected the page, got ${page?.kind}`);
    expect(page.items.map((i) => i.slug)).toEqual(["lime", "mango"]);
    expect(page.list.revision).toBeGreaterThan(0);
  });

  it("removes the selected products, with history", async () => {
    const result = await save({ intent: "remove", productIds: JSON.stringify([ids.lime]) });
    expect(result.data).toMatchObject({ ok: true, changed: 1 });
    expect(await prices()).toEqual({ mango: 1000 });
  });

  it("previews and re-applies the parent's prices with the list's adjustment", async () => {
    const child = await createPriceList(seller, {
      name: "Child",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: listId,
      adjustmentType: "percentage",
      adjustmentValue: 1000,
      isPublic: false,
      isDefaultForCustomers: false,
      isTemplate: false,
    });
    await save({ edits: JSON.stringify([{ productId: ids.mango, price: "20" }]), revision: await revision() });
    const preview = await loadEditor("?reapply=preview", child.slug);
    expect(preview).toMatchObject({
      kind: "reapply",
      count: 1,
      changes: [{ productId: ids.mango, name: "Mango", oldCents: 1100, newCents: 2200 }],
    });
    const applied = await save({ intent: "reapply", revision: String(child.revision) }, seller, child.slug);
    expect(applied.data).toMatchObject({ ok: true, changed: 1 });
    const noParent = await save({ intent: "reapply" });
    expect(noParent.status).toBe(400);
    expect(noParent.data).toMatchObject({ ok: false, message: "errors.noParent" });
  });

  it("compares a version with the current prices", async () => {
    await save({ intent: "version", reason: "" });
    await save({ edits: JSON.stringify([{ productId: ids.mango, price: "15" }]), revision: await revision() });
    const compared = await loadEditor("?compare=1");
    expect(compared).toEqual({
      kind: "compare",
      version: 1,
      differences: 1,
      rows: [{ productId: ids.mango, name: "Mango", left: 1000, right: 1500 }],
    });
  });

  it("saves typed prices together, and an empty price as no price", async () => {
    const result = await save({
      edits: JSON.stringify([
        { productId: ids.mango, price: "$12.50" },
        { productId: ids.lime, price: "" },
      ]),
      revision: await revision(),
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, changed: 2 });
    expect(await prices()).toEqual({ mango: 1250, lime: null });
  });

  it.each(["-1", "abc", "12.345", "100000.01", "1e3", "<b>5</b>"])(
    "refuses %j as 'Invalid price format' and saves none of the edits",
    async (bad) => {
      const result = await save({
        edits: JSON.stringify([
          { productId: ids.mango, price: "11" },
          { productId: ids.lime, price: bad },
        ]),
        revision: await revision(),
      });
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ ok: false, message: "errors.invalidPrice", invalid: [ids.lime] });
      expect(await prices()).toEqual({ mango: 1000, lime: 500 });
    },
  );

  it.each([
    ["not json", "{"],
    ["not a list", JSON.stringify({ productId: "x" })],
    ["a bad id", JSON.stringify([{ productId: "'; drop table product;--", price: "1" }])],
    ["a number for a price", JSON.stringify([{ productId: "00000000-0000-0000-0000-000000000000", price: 5 }])],
    ["one product twice", "twice"],
  ])("refuses %s without changing anything", async (_what, text) => {
    const edits =
      text === "twice"
        ? JSON.stringify([
            { productId: ids.mango, price: "11.00" },
            { productId: ids.mango, price: "99.00" },
          ])
        : text;
    const result = await save({ edits, revision: await revision() });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "errors.invalidInput" });
    expect(await prices()).toEqual({ mango: 1000, lime: 500 });
  });

  it("answers a stale save with 409 and the other person's change, then overwrites when asked", async () => {
    const loaded = await revision();
    const other = await makeUser("seller", { name: "Olga Other" });
    await save({ edits: JSON.stringify([{ productId: ids.mango, price: "13" }]), revision: loaded }, other);
    const stale = await save({ edits: JSON.stringify([{ productId: ids.mango, price: "14" }]), revision: loaded });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({
      ok: false,
      message: "errors.conflict",
      changes: [{ productName: "Mango", oldCents: 1000, newCents: 1300, authorName: "Olga Other" }],
    });
    const overwrite = await save({ edits: JSON.stringify([{ productId: ids.mango, price: "14" }]) });
    expect(overwrite.data).toMatchObject({ ok: true });
    expect((await prices()).mango).toBe(1400);
    const history = await db()
      .select({ old: priceHistory.oldPriceCents, new: priceHistory.newPriceCents })
      .from(priceHistory)
      .where(sql`${priceHistory.productId} = ${ids.mango} and ${priceHistory.source} = 'screen'`)
      .orderBy(asc(priceHistory.id));
    expect(history).toEqual([
      { old: 1000, new: 1300 },
      { old: 1300, new: 1400 },
    ]);
  });

  it("refuses customers and unknown lists", async () => {
    const customer = await makeUser("customer");
    const refused = await save({ edits: "[]" }, customer);
    expect(refused.status).toBe(403);
    expect((await save({ edits: "[]" }, seller, "nope")).status).toBe(404);
  });

  it("saves a bulk change's prices, saves a version with a reason and restores it", async () => {
    const bulk = await save({
      edits: JSON.stringify([{ productId: ids.mango, price: "11.00" }]),
      bulk: JSON.stringify({ type: "percentage", value: 1000, rounding: "cent", category: null }),
      revision: await revision(),
    });
    expect(bulk.data).toMatchObject({ ok: true, changed: 1 });
    expect(await prices()).toEqual({ mango: 1100, lime: 500 });
    const version = await save({ intent: "version", reason: "Before the storm" });
    expect(version.data).toEqual({ ok: true, version: 1 });
    await save({ edits: JSON.stringify([{ productId: ids.lime, price: "9" }]), revision: await revision() });
    const restored = await save({ intent: "restore-version", version: "1", revision: await revision() });
    expect(restored.data).toMatchObject({ ok: true });
    expect(await prices()).toEqual({ mango: 1100, lime: 500 });
  });

  it.each([
    [
      { edits: "[]", bulk: JSON.stringify({ type: "percentage", value: -20_000, rounding: "cent", category: null }) },
      "errors.adjustmentInvalid",
    ],
    [
      { edits: "[]", bulk: JSON.stringify({ type: "double", value: 5, rounding: "cent", category: null }) },
      "errors.adjustmentInvalid",
    ],
    [{ edits: "[]", bulk: "{" }, "errors.adjustmentInvalid"],
    [{ intent: "bulk", productIds: "[]" }, "errors.invalidInput"],
    [{ intent: "version", reason: "r".repeat(201) }, "errors.reasonTooLong"],
    [{ intent: "restore-version", version: "0" }, "errors.versionNotFound"],
    [{ intent: "restore-version", version: "x", revision: "1.5" }, "errors.invalidInput"],
    [{ intent: "drop-table" }, "errors.invalidInput"],
  ])("refuses %j with %s", async (fields, message) => {
    const result = await save(fields as Record<string, string>);
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message });
    expect(await prices()).toEqual({ mango: 1000, lime: 500 });
  });

  it("answers a version that does not exist with 404", async () => {
    const result = await save({ intent: "restore-version", version: "7" });
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ ok: false, message: "errors.versionNotFound" });
  });

  it("finds products the list lacks and adds them at the list's price", async () => {
    await save({ intent: "remove", productIds: JSON.stringify([ids.lime]) });
    expect(await loadEditor("?missing=lim")).toEqual({
      kind: "missing",
      products: [{ productId: ids.lime, name: "Lime", basePriceCents: 500 }],
    });
    expect(await loadEditor("?missing=mango")).toEqual({ kind: "missing", products: [] });
    const added = await save({ intent: "add", productIds: JSON.stringify([ids.lime]) });
    expect(added.data).toMatchObject({ ok: true, changed: 1 });
    expect(await prices()).toEqual({ mango: 1000, lime: 500 });
    const unknown = await save({ intent: "add", productIds: JSON.stringify([crypto.randomUUID()]) });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, message: "errors.productNotFound" });
  });

  it("assigns the list to customers, ignoring anyone who is not a customer", async () => {
    const customer = await makeUser("customer");
    const page = await loadEditor();
    if (page?.kind !== "page") throw new Error("expected the page");
    expect(page.customers?.map((c) => c.userId)).toContain(customer.id);
    const result = await save({ intent: "assign", customerIds: JSON.stringify([customer.id, seller.id]) });
    expect(result.data).toEqual({ ok: true, assigned: true });
    const after = await loadEditor();
    if (after?.kind !== "page") throw new Error("expected the page");
    expect(after.customers?.find((c) => c.userId === customer.id)?.priceListId).toBe(listId);
    expect(after.customers?.some((c) => c.userId === seller.id)).toBe(false);
    expect((await save({ intent: "assign", customerIds: "{" })).status).toBe(400);
  });
});
