import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, product } from "../../app/db/schema";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { createPriceList, findPriceListBySlug, listPriceLists } from "../../app/features/price-lists/lists.server";
import type { ListActionResult } from "../../app/features/price-lists/schema";
import { action, loader } from "../../app/routes/prices-manage";
import { load, postForm } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

let seller: SessionUser;
let admin: SessionUser;
let customer: SessionUser;

async function post(fields: Record<string, string>, user: SessionUser = seller) {
  return postForm<ListActionResult>(action, "/prices-manage", fields, { user });
}

beforeEach(async () => {
  await db().execute(sql`delete from customer_price_list`);
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  admin ??= await makeUser("admin");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango", category: "fruits", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", category: "fruits", basePriceCents: 2150 },
    ])
    .returning({ id: product.id });
  const base = await createPriceList(seller, {
    name: "Wholesale",
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    isPublic: true,
    isDefaultForCustomers: false,
    isTemplate: false,
  });
  await addProductsToList(
    seller,
    base.id,
    rows.map((r) => r.id),
  );
});

describe(`the price lists screen (${test.kind})`, () => {
  it("creates a list copied with a percentage adjustment and says so", async () => {
    const result = await post({
      intent: "create",
      name: "Hotels",
      description: "For hotels",
      source: "wholesale",
      adjustmentType: "percentage",
      adjustmentValue: "-5",
      isTemplate: "on",
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, message: "messages.added", slug: "hotels" });
    expect(await findPriceListBySlug("hotels")).toMatchObject({
      parentName: "Wholesale",
      adjustmentType: "percentage",
      adjustmentValue: -500,
      isTemplate: true,
      isPublic: false,
      itemCount: 2,
    });
  });

  it.each([
    [{ name: "" }, "name", "errors.nameRequired"],
    [{ name: "x".repeat(101) }, "name", "errors.nameTooLong"],
    [{ adjustmentType: "percentage", adjustmentValue: "abc" }, "adjustmentValue", "errors.adjustmentInvalid"],
    [{ adjustmentType: "percentage", adjustmentValue: "-150" }, "adjustmentValue", "errors.adjustmentInvalid"],
    [{ adjustmentType: "fixed", adjustmentValue: "1e9" }, "adjustmentValue", "errors.adjustmentInvalid"],
  ])("refuses %j with a message and creates nothing", async (fields, field, message) => {
    const before = (await listPriceLists({ lang: "en" })).length;
    const result = await post({ intent: "create", name: "Bad", source: "wholesale", ...fields });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "messages.createFailed", errors: { [field]: message } });
    expect(await listPriceLists({ lang: "en" })).toHaveLength(before);
  });

  it("refuses a copy of a list that does not exist", async () => {
    const result = await post({ intent: "create", name: "Ghost", source: "no-such-list" });
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({
      ok: false,
      message: "messages.createFailed",
      errors: { form: "errors.notFound" },
    });
  });

  it("keeps markup in a name as text", async () => {
    const result = await post({ intent: "create", name: "<script>alert(1)</script>" });
    expect(result.data).toMatchObject({ ok: true });
    expect((await listPriceLists({ lang: "en" })).map((l) => l.name)).toContain("<script>alert(1)</script>");
  });

  it("duplicates, deletes and lets only an admin restore, each with its message and activity", async () => {
    expect((await post({ intent: "duplicate", slug: "wholesale", name: "Wholesale (copy)" })).data).toMatchObject({
      ok: true,
      message: "messages.duplicated",
      slug: "wholesale-copy",
    });
    const deleted = await post({ intent: "delete", slug: "wholesale-copy" });
    expect(deleted.data).toMatchObject({ ok: true, message: "messages.deleted" });
    expect(await findPriceListBySlug("wholesale-copy")).toBeNull();
    const bySeller = await post({ intent: "restore", slug: "wholesale-copy" });
    expect(bySeller.status).toBe(403);
    expect(await findPriceListBySlug("wholesale-copy")).toBeNull();
    const byAdmin = await post({ intent: "restore", slug: "wholesale-copy" }, admin);
    expect(byAdmin.data).toMatchObject({ ok: true, message: "messages.restored" });
    expect(await findPriceListBySlug("wholesale-copy")).toMatchObject({ itemCount: 2 });
    const actions = await db()
      .select({ action: activity.action })
      .from(activity)
      .where(sql`${activity.entityType} = 'price_list' and ${activity.summary} = 'Wholesale (copy)'`);
    expect(actions.map((a) => a.action)).toEqual(["created", "deleted", "updated"]);
  });

  it("answers a list that is already gone with the failure text", async () => {
    const result = await post({ intent: "delete", slug: "nothing-here" });
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ ok: false, message: "messages.deleteFailed" });
  });

  it("shows an admin the deleted lists, a seller not, and previews a source list's prices", async () => {
    await post({ intent: "delete", slug: "wholesale" });
    const forAdmin = await load<Awaited<ReturnType<typeof loader>>>(loader, "/prices-manage", { user: admin });
    expect(forAdmin.data).toMatchObject({ kind: "page", canRestore: true, deleted: [{ slug: "wholesale" }] });
    const forSeller = await load<Awaited<ReturnType<typeof loader>>>(loader, "/prices-manage", { user: seller });
    expect(forSeller.data).toMatchObject({ kind: "page", canRestore: false, deleted: [] });
    await post({ intent: "restore", slug: "wholesale" }, admin);
    const preview = await load(loader, "/prices-manage?preview=wholesale", { user: seller });
    expect(preview.data).toEqual({
      kind: "preview",
      preview: [
        { name: "Lime", priceCents: 2150 },
        { name: "Mango", priceCents: 1000 },
      ],
    });
  });

  it("refuses customers the page and every action", async () => {
    expect((await load(loader, "/prices-manage", { user: customer })).location).toBe("/unauthorized");
    const refused = await post({ intent: "delete", slug: "wholesale" }, customer);
    expect(refused.status).toBe(403);
    expect(await findPriceListBySlug("wholesale")).not.toBeNull();
  });
});
