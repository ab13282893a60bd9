import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, priceList, priceListItem, product } from "../../app/db/schema";
import { indexExisting, planImport, understandFile, type ExistingProduct } from "../../app/features/imports/engine";
import { findPriceListBySlug, listPriceLists } from "../../app/features/price-lists/lists.server";
import type { ListActionResult } from "../../app/features/price-lists/schema";
import {
  PLAN_KEYS_PER_REQUEST,
  planRequestChunks,
  type ImportActionResult,
} from "../../app/features/imports/screen/schema";
import { action } from "../../app/routes/import-quickbooks";
import { BASE_URL, callRoute, postForm, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

let seller: SessionUser;
let admin: SessionUser;
let customer: SessionUser;
const ids: Record<string, string> = {};

/** The screen's fetcher request: JSON to the route's action. */
function jsonRequest(body: unknown, raw?: string) {
  return new Request(new URL("/import-quickbooks", BASE_URL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });
}

async function plan(body: unknown, user: SessionUser | null = seller, raw?: string) {
  return callRoute<ImportActionResult>(action, jsonRequest(body, raw), routeContext({ user }));
}

async function tableCounts() {
  const { rows } = await db().execute<{ products: string; items: string; history: string; activity: string }>(
    sql`select (select count(*) from product) as products, (select count(*) from price_list_item) as items,
        (select count(*) from price_history) as history, (select count(*) from activity) as activity`,
  );
  return rows[0];
}

const byId = (products: ExistingProduct[]) => new Map(products.map((p) => [p.id, p]));

beforeAll(async () => {
  seller = await makeUser("seller");
  admin = await makeUser("admin");
  customer = await makeUser("customer");
  const [wholesale, hotels, gone] = await db()
    .insert(priceList)
    .values([
      { slug: "wholesale", name: "Wholesale" },
      { slug: "hotels", name: "Hotels" },
      { slug: "gone", name: "Gone", deletedAt: new Date() },
    ])
    .returning({ id: priceList.id });
  const rows = await db()
    .insert(product)
    .values([
      // qbo_small.csv row 1, exactly as the file has it: unchanged.
      {
        slug: "avo48",
        nameEn: "My avocados",
        nameEs: "Mis aguacates",
        quickbooksId: "AVO48",
        sku: "AVO-48",
        quantity: "120",
      },
      // Row 2 with another price: updated.
      {
        slug: "avo60",
        nameEn: "Avocado 60",
        nameEs: "Aguacate 60",
        quickbooksId: "AVO60",
        sku: "AVO-60",
        quantity: "85",
      },
      // Row 3's SKU, no QuickBooks ID yet: found by SKU, updated (its QuickBooks ID gets set).
      { slug: "avo-org", nameEn: "Organic avocado", nameEs: "Aguacate orgánico", sku: "AVO-O48" },
      // An archived product keeps its QuickBooks ID: row 5 finds it.
      { slug: "mango-tommy", nameEn: "Mango", nameEs: "Mango", quickbooksId: "MANGO TOMMY 9", archivedAt: new Date() },
      // Not in the file.
      { slug: "other", nameEn: "Other", nameEs: "Otro", quickbooksId: "NOT IN FILE", sku: "NOPE-1" },
    ])
    .returning({ id: product.id, slug: product.slug });
  for (const row of rows) ids[row.slug] = row.id;
  await db()
    .insert(priceListItem)
    .values([
      { priceListId: wholesale.id, productId: ids.avo48, priceCents: 5400 },
      { priceListId: wholesale.id, productId: ids.avo60, priceCents: 4000 },
      { priceListId: hotels.id, productId: ids.avo48, priceCents: 9900 },
      { priceListId: gone.id, productId: ids.avo48, priceCents: 1 },
    ]);
});

describe(`the import screen's "plan" intent (${test.kind})`, () => {
  it("answers the products the keys match, with their price in the chosen list, and writes nothing", async () => {
    const before = await tableCounts();
    const result = await plan({
      intent: "plan",
      list: "wholesale",
      quickbooksIds: ["AVO48", "AVO60", "AVO-ORG-48", "MANGO TOMMY 9", "NO SUCH ITEM"],
      skus: ["AVO-48", "AVO-60", "AVO-O48"],
    });
    expect(result.status).toBe(200);
    expect(result.data?.ok).toBe(true);
    const products = result.data?.ok ? result.data.products : [];
    expect(products).toHaveLength(4);
    const found = byId(products);
    expect(found.get(ids.avo48)).toEqual({
      id: ids.avo48,
      quickbooksId: "AVO48",
      sku: "AVO-48",
      priceCents: 5400,
      active: true,
      quantity: 120,
      inList: true,
      archived: false,
      name: "My avocados",
      // What the screen links the row to the product by.
      nameEs: "Mis aguacates",
      slug: "avo48",
      category: null,
      packValue: null,
      packUnit: null,
    });
    expect(found.get(ids.avo60)).toMatchObject({ priceCents: 4000, quantity: 85 });
    expect(found.get(ids["avo-org"])).toMatchObject({
      quickbooksId: null,
      sku: "AVO-O48",
      priceCents: null,
      quantity: null,
    });
    expect(found.get(ids["mango-tommy"])).toMatchObject({
      quickbooksId: "MANGO TOMMY 9",
      priceCents: null,
      inList: false,
      archived: true,
    });
    expect(found.has(ids.other)).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it("reads the price from the list asked for", async () => {
    const result = await plan({ intent: "plan", list: "hotels", quickbooksIds: ["AVO48", "AVO60"], skus: [] });
    const found = byId(result.data?.ok ? result.data.products : []);
    expect(found.get(ids.avo48)?.priceCents).toBe(9900);
    expect(found.get(ids.avo60)?.priceCents).toBeNull();
  });

  it("gives the engine what its dry run of qbo_small.csv needs: unchanged, updated, found by SKU, new", async () => {
    const understood = await understandFile(readFileSync("tests/fixtures/quickbooks/qbo_small.csv"));
    if (!understood.ok) throw new Error("qbo_small.csv was refused");
    const keys = {
      quickbooksIds: [
        ...new Set(understood.rows.flatMap((r) => (r.importable && r.quickbooksId ? [r.quickbooksId] : []))),
      ],
      skus: [...new Set(understood.rows.flatMap((r) => (r.importable && r.sku ? [r.sku] : [])))],
    };
    const existing: ExistingProduct[] = [];
    for (const request of planRequestChunks("wholesale", keys)) {
      const result = await plan(request);
      if (!result.data?.ok) throw new Error(`plan answered ${result.status}`);
      existing.push(...result.data.products);
    }
    const dryRun = planImport(understood.rows, indexExisting(existing));
    const action = (row: number) => dryRun.results.find((r) => r.row === row)!;
    expect(action(1)).toMatchObject({ row: 1, action: "unchanged", productId: ids.avo48 });
    expect(action(2)).toMatchObject({ row: 2, action: "updated", productId: ids.avo60 });
    expect(action(3)).toMatchObject({ row: 3, action: "updated", productId: ids["avo-org"] });
    expect(action(3).messages).toContainEqual({ code: "matched_by_sku", severity: "info", params: { sku: "AVO-O48" } });
    // Found, but archived: the run would refuse to put its price in the list
    // (docs/decisions/017-import-row-errors-and-upkeep.md).
    expect(action(5)).toMatchObject({
      action: "error",
      finalStatus: "error_db_price",
      productId: ids["mango-tommy"],
      messages: [{ code: "archived_price", params: { product: "Mango" } }],
    });
    expect(dryRun.counts).toMatchObject({ total: 69, new: 44, linked: 1, updated: 1, unchanged: 1, errors: 1 });
  });

  it("looks up more keys than one query takes", async () => {
    const many = Array.from({ length: 2_500 }, (_, i) => ({
      slug: `bulk-${i}`,
      nameEn: `Bulk ${i}`,
      nameEs: `Granel ${i}`,
      quickbooksId: `BULK ${i}`,
      sku: i % 2 === 0 ? `B-${i}` : null,
    }));
    await db().insert(product).values(many);
    const quickbooksIds = many.filter((_, i) => i % 2 === 1).map((p) => p.quickbooksId);
    const skus = many.filter((_, i) => i % 2 === 0).map((p) => p.sku!);
    const result = await plan({ intent: "plan", list: "wholesale", quickbooksIds, skus });
    expect(result.status).toBe(200);
    expect(result.data?.ok ? result.data.products.length : 0).toBe(2_500);
  });

  it("lets an admin ask too", async () => {
    const result = await plan({ intent: "plan", list: "wholesale", quickbooksIds: ["AVO48"], skus: [] }, admin);
    expect(result.status).toBe(200);
    expect(result.data?.ok ? result.data.products.map((p) => p.id) : []).toEqual([ids.avo48]);
  });
});

describe(`who may ask (${test.kind})`, () => {
  const body = { intent: "plan", list: "wholesale", quickbooksIds: ["AVO48"], skus: [] };

  it("answers 'User not authenticated.' to the screen when the session is gone", async () => {
    const result = await plan(body, null);
    expect(result.status).toBe(401);
    expect(result.data).toEqual({ ok: false, error: "screen.errors.notAuthenticated" });
  });

  it("sends an anonymous form post to /login, like every private route", async () => {
    const result = await postForm(action, "/import-quickbooks", { intent: "plan", list: "wholesale" }, { user: null });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent("/import-quickbooks")}`);
  });

  it("refuses a customer with 403 and answers nothing", async () => {
    const result = await plan(body, customer);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ error: "forbidden" });
  });
});

describe(`bad input (${test.kind})`, () => {
  const long = "x".repeat(201);
  it.each([
    ["no list", { intent: "plan", quickbooksIds: [], skus: [] }, 400, "screen.errors.listRequired"],
    ["an empty list", { intent: "plan", list: "  ", quickbooksIds: [], skus: [] }, 400, "screen.errors.listRequired"],
    [
      "a list that does not exist",
      { intent: "plan", list: "nope", quickbooksIds: [], skus: [] },
      404,
      "screen.errors.listNotFound",
    ],
    [
      "a deleted list",
      { intent: "plan", list: "gone", quickbooksIds: ["AVO48"], skus: [] },
      404,
      "screen.errors.listNotFound",
    ],
    [
      "another intent",
      { intent: "write", list: "wholesale", quickbooksIds: [], skus: [] },
      400,
      "screen.errors.badRequest",
    ],
    [
      "keys that are not strings",
      { intent: "plan", list: "wholesale", quickbooksIds: [1, 2], skus: [] },
      400,
      "screen.errors.badRequest",
    ],
    [
      "an empty key",
      { intent: "plan", list: "wholesale", quickbooksIds: [""], skus: [] },
      400,
      "screen.errors.badRequest",
    ],
    [
      "a key over 200 characters",
      { intent: "plan", list: "wholesale", quickbooksIds: [long], skus: [] },
      400,
      "screen.errors.badRequest",
    ],
    ["keys missing", { intent: "plan", list: "wholesale" }, 400, "screen.errors.badRequest"],
    [
      "too many keys",
      {
        intent: "plan",
        list: "wholesale",
        quickbooksIds: Array.from({ length: PLAN_KEYS_PER_REQUEST / 2 + 1 }, (_, i) => `Q${i}`),
        skus: Array.from({ length: PLAN_KEYS_PER_REQUEST / 2 }, (_, i) => `S${i}`),
      },
      400,
      "screen.errors.badRequest",
    ],
    ["an array", [], 400, "screen.errors.badRequest"],
  ])("refuses %s with a message", async (_what, body, status, error) => {
    const before = await tableCounts();
    const result = await plan(body);
    expect(result.status).toBe(status);
    expect(result.data).toEqual({ ok: false, error });
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses JSON it cannot read, and a form post, with a message", async () => {
    expect((await plan(null, seller, "{not json")).data).toEqual({ ok: false, error: "screen.errors.badRequest" });
    const form = await postForm(action, "/import-quickbooks", { intent: "plan", list: "wholesale" }, { user: seller });
    expect(form.status).toBe(400);
    expect(form.data).toEqual({ ok: false, error: "screen.errors.badRequest" });
  });
});

describe(`the screen's "New price list" (${test.kind})`, () => {
  const create = (fields: Record<string, string>, user: SessionUser = seller) =>
    postForm<ListActionResult>(action, "/import-quickbooks", { intent: "create", ...fields }, { user });

  it("creates a copy of a list with its adjustment, as the price lists screen does, with its activity entry", async () => {
    const result = await create({
      name: "Import hotels",
      source: "wholesale",
      adjustmentType: "percentage",
      adjustmentValue: "10",
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, message: "messages.added", slug: "import-hotels" });
    const created = await findPriceListBySlug("import-hotels");
    expect(created).toMatchObject({ parentName: "Wholesale", adjustmentType: "percentage", adjustmentValue: 1000 });
    const prices = await db()
      .select({ cents: priceListItem.priceCents })
      .from(priceListItem)
      .where(sql`${priceListItem.priceListId} = ${created!.id}`)
      .orderBy(priceListItem.priceCents);
    expect(prices.map((p) => p.cents)).toEqual([4400, 5940]);
    const entries = await db()
      .select({ action: activity.action, actorId: activity.actorId })
      .from(activity)
      .where(sql`${activity.entityType} = 'price_list' and ${activity.entityId} = ${created!.id}`);
    expect(entries).toEqual([{ action: "created", actorId: seller.id }]);
  });

  it("creates an empty list for an admin", async () => {
    const result = await create({ name: "Import empty" }, admin);
    expect(result.data).toMatchObject({ ok: true, slug: "import-empty" });
    expect(await findPriceListBySlug("import-empty")).toMatchObject({ itemCount: 0, parentName: null });
  });

  it.each([
    [{ name: "" }, "name", "errors.nameRequired"],
    [
      { name: "Bad", source: "wholesale", adjustmentType: "fixed", adjustmentValue: "abc" },
      "adjustmentValue",
      "errors.adjustmentInvalid",
    ],
  ])("refuses %j with the field's message and creates nothing", async (fields, field, message) => {
    const before = (await listPriceLists({ lang: "en" })).length;
    const result = await create(fields);
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "messages.createFailed", errors: { [field]: message } });
    expect(await listPriceLists({ lang: "en" })).toHaveLength(before);
  });

  it("refuses a customer with 403 and creates nothing", async () => {
    const before = (await listPriceLists({ lang: "en" })).length;
    const result = await create({ name: "Customer list" }, customer);
    expect(result.status).toBe(403);
    expect(await listPriceLists({ lang: "en" })).toHaveLength(before);
  });

  it("does nothing but create: another list intent posted here is refused", async () => {
    const result = await postForm(action, "/import-quickbooks", { intent: "delete", slug: "hotels" }, { user: admin });
    expect(result.status).toBe(400);
    expect(await findPriceListBySlug("hotels")).not.toBeNull();
  });
});

describe("planRequestChunks", () => {
  it("splits the keys into requests the action accepts, QuickBooks IDs first, the first asking for name matches", () => {
    const keys = {
      quickbooksIds: Array.from({ length: PLAN_KEYS_PER_REQUEST + 10 }, (_, i) => `Q${i}`),
      skus: ["S1", "S2"],
    };
    const requests = planRequestChunks("wholesale", keys);
    expect(requests).toHaveLength(2);
    expect(requests[0].quickbooksIds).toHaveLength(PLAN_KEYS_PER_REQUEST);
    expect(requests[0].skus).toEqual([]);
    expect(requests[0].candidates).toBe(true);
    expect(requests[1]).toEqual({
      intent: "plan",
      list: "wholesale",
      quickbooksIds: keys.quickbooksIds.slice(-10),
      skus: ["S1", "S2"],
    });
    expect(planRequestChunks("x", { quickbooksIds: [], skus: [] })).toEqual([
      { intent: "plan", list: "x", quickbooksIds: [], skus: [], candidates: true },
    ]);
  });
});
