import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceHistory, product } from "../../app/db/schema";
import { HISTORY_LIMIT, priceHistoryAnswer, type PriceHistoryAnswer } from "../../app/features/price-lists/history";
import { findPriceHistory } from "../../app/features/price-lists/history.server";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { createPriceList, deletePriceList, findPriceListBySlug } from "../../app/features/price-lists/lists.server";
import type { Lang } from "../../app/i18n/config";
import { loader } from "../../app/routes/price-history";
import { action as savePrices } from "../../app/routes/price-list-prices";
import { action } from "../../app/routes/prices-manage-list";
import { callRoute, formRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

// The seam for a database that cannot be read: the route's own query, replaced for one call by
// this test. Nothing a visitor sends can make it fail.
vi.mock("../../app/features/price-lists/history.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../app/features/price-lists/history.server")>();
  return { ...real, findPriceHistory: vi.fn(real.findPriceHistory) };
});

const test = await useTestDatabase();

let seller: SessionUser;
let admin: SessionUser;
let customer: SessionUser;
let ids: Record<"mango" | "lime", string>;

type Outcome = { status: number; location: string | null; body: PriceHistoryAnswer | null };

/** GET /prices-manage/{slug}/history/{productId} as a visitor (none for anonymous). */
async function history(
  slug: string,
  productId: string,
  { user = seller, lang = "en", requestId }: { user?: SessionUser | null; lang?: Lang; requestId?: string } = {},
): Promise<Outcome> {
  const request = new Request(`http://localhost:3000/prices-manage/${slug}/history/${productId}`);
  const context = routeContext({ user, lang, requestId });
  let value: unknown;
  try {
    value = await loader({ request, context, params: { slug, productId } } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    value = thrown;
  }
  expect(value).toBeInstanceOf(Response);
  const res = value as Response;
  const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
  return { status: res.status, location: res.headers.get("location"), body: isJson ? await res.json() : null };
}

/** Posts one of the editor's forms as the given person: prices to its JSON save, the rest to the page. */
async function edit(user: SessionUser, fields: Record<string, string>, slug = "daily") {
  const list = await findPriceListBySlug(slug);
  const [handler, path] = fields.intent
    ? [action, `/prices-manage/${slug}`]
    : [savePrices, `/prices-manage/${slug}/prices`];
  const result = await callRoute<{ ok: boolean; version?: number }>(
    handler,
    formRequest(path, { revision: String(list!.revision), ...fields }),
    routeContext({ user }),
    { slug },
  );
  expect(result.data?.ok, JSON.stringify(result.data)).toBe(true);
  return result.data!;
}

const newList = (
  actor: SessionUser,
  name: string,
  copy?: { sourceId: string; type: "percentage" | "fixed"; value: number },
) =>
  createPriceList(actor, {
    name,
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: copy?.sourceId ?? null,
    adjustmentType: copy?.type ?? null,
    adjustmentValue: copy?.value ?? null,
    isPublic: false,
    isDefaultForCustomers: false,
    isTemplate: false,
  });

beforeEach(async () => {
  vi.mocked(findPriceHistory).mockClear();
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from customer_price_list`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller", { name: "Sara Seller" });
  admin ??= await makeUser("admin", { name: "Ana Admin" });
  customer ??= await makeUser("customer", { name: "Carl Customer" });
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango de azúcar", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", basePriceCents: 500 },
    ])
    .returning({ id: product.id, slug: product.slug });
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id])) as typeof ids;
  // "Base" has the mango at $10.00; "Daily" is its copy at +10 % ($11.00), made by the admin.
  const base = await newList(admin, "Base");
  await addProductsToList(admin, base.id, [ids.mango]);
  await newList(admin, "Daily", { sourceId: base.id, type: "percentage", value: 1000 });
});

describe(`a product's price history in a list (${test.kind})`, () => {
  it("lists the changes made through the editor's actions, newest first, with their sources and authors", async () => {
    await edit(seller, { edits: JSON.stringify([{ productId: ids.mango, price: "12.00" }]) });
    await edit(admin, {
      edits: JSON.stringify([{ productId: ids.mango, price: "12.50" }]),
      bulk: JSON.stringify({ type: "fixed", value: 50, rounding: "cent", category: null }),
    });
    const { version } = await edit(seller, { intent: "version", reason: "at 12.50" });
    await edit(seller, { edits: JSON.stringify([{ productId: ids.mango, price: "13.00" }]) });
    await edit(seller, { intent: "restore-version", version: String(version) });
    await edit(admin, { intent: "reapply" });
    // Another list's changes and another product's are not this history.
    await edit(seller, { edits: JSON.stringify([{ productId: ids.mango, price: "9.00" }]) }, "base");
    await edit(seller, { intent: "add", productIds: JSON.stringify([ids.lime]) });

    const got = await history("daily", ids.mango);
    expect(got.status).toBe(200);
    expect(priceHistoryAnswer.safeParse(got.body).success, "the answer is what the dialog reads").toBe(true);
    if (!got.body?.ok) throw new Error("expected a history");
    expect(got.body.list).toEqual({ slug: "daily", name: "Daily" });
    expect(got.body.product).toEqual({ id: ids.mango, slug: "mango", name: "Mango" });
    expect(got.body.total).toBe(6);
    expect(got.body.limit).toBe(HISTORY_LIMIT);
    expect(got.body.entries.map((e) => [e.source, e.oldCents, e.newCents, e.author])).toEqual([
      ["reapply", 1250, 1100, "Ana Admin"],
      ["restore", 1300, 1250, "Sara Seller"],
      ["screen", 1250, 1300, "Sara Seller"],
      ["bulk", 1200, 1250, "Ana Admin"],
      ["screen", 1100, 1200, "Sara Seller"],
      ["create", null, 1100, "Ana Admin"],
    ]);
    const times = got.body.entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(got.body.entries.map((e) => e.id)).size).toBe(6);
  });

  it("shows an item added to and removed from the list, and names the product in the reader's language", async () => {
    await edit(seller, { intent: "add", productIds: JSON.stringify([ids.lime]) });
    await edit(admin, { intent: "remove", productIds: JSON.stringify([ids.lime]) });
    const got = await history("daily", ids.lime, { lang: "es", user: admin });
    if (!got.body?.ok) throw new Error("expected a history");
    expect(got.body.product.name).toBe("Limón");
    expect(got.body.entries.map((e) => [e.source, e.oldCents, e.newCents, e.author])).toEqual([
      ["remove", 550, null, "Ana Admin"],
      ["add", null, 550, "Sara Seller"],
    ]);
  });

  it("answers an empty history for a product the list never had", async () => {
    const got = await history("daily", ids.lime);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ ok: true, entries: [], total: 0 });
  });

  it(`keeps the ${HISTORY_LIMIT} newest changes of a long history and says how many there are`, async () => {
    const list = await findPriceListBySlug("daily");
    const start = Date.parse("2020-01-01T12:00:00Z");
    await db()
      .insert(priceHistory)
      .values(
        Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => ({
          productId: ids.mango,
          priceListId: list!.id,
          oldPriceCents: 1000 + i,
          newPriceCents: 1001 + i,
          source: "import",
          authorId: null,
          createdAt: new Date(start + i * 60_000),
        })),
      );
    const got = await history("daily", ids.mango);
    if (!got.body?.ok) throw new Error("expected a history");
    expect(got.body.total).toBe(HISTORY_LIMIT + 6);
    expect(got.body.entries).toHaveLength(HISTORY_LIMIT);
    // Newest first: the copy that made the list today, then the older imports from the last one.
    expect(got.body.entries[0]).toMatchObject({ source: "create", newCents: 1100 });
    expect(got.body.entries[1]).toMatchObject({ source: "import", newCents: 1001 + HISTORY_LIMIT + 4, author: null });
    expect(got.body.entries.at(-1)).toMatchObject({ source: "import", newCents: 1001 + 6 });
  });

  it("answers 404 in JSON for an unknown or malformed list or product, and for a deleted list", async () => {
    const unknownProduct = crypto.randomUUID();
    const cases: Array<[string, string]> = [
      ["no-such-list", ids.mango],
      ["daily", unknownProduct],
      ["daily", "not-a-uuid"],
      ["Daily!", ids.mango],
      ["x".repeat(200), ids.mango],
    ];
    for (const [slug, productId] of cases) {
      const got = await history(slug, productId);
      expect(got.status, `${slug} ${productId}`).toBe(404);
      expect(got.body).toEqual({
        ok: false,
        error: "notFound",
        message: "This price list or product does not exist any more.",
      });
    }
    const daily = await findPriceListBySlug("daily");
    await deletePriceList(admin, daily!.id);
    expect((await history("daily", ids.mango)).status).toBe(404);
  });

  it("refuses anonymous visitors and customers", async () => {
    const anonymous = await history("daily", ids.mango, { user: null });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/prices-manage/daily/history/${ids.mango}`)}`,
    );
    expect(anonymous.body).toBeNull();
    const refused = await history("daily", ids.mango, { user: customer });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/unauthorized");
    expect(refused.body).toBeNull();
    expect(findPriceHistory).not.toHaveBeenCalled();
  });

  it("says 'Error fetching price history' when the history cannot be read, in both languages", async () => {
    const failure = new Error('relation "price_history" is unreachable');
    for (const [lang, message] of [
      ["en", "Error fetching price history"],
      ["es", "Error al obtener el historial de precios"],
    ] as const) {
      vi.mocked(findPriceHistory).mockRejectedValueOnce(failure);
      const requestId = crypto.randomUUID();
      const got = await history("daily", ids.mango, { lang, requestId });
      expect(got.status).toBe(500);
      expect(got.body).toEqual({ ok: false, error: "fetchError", message, reference: requestId });
      expect(JSON.stringify(got.body)).not.toContain("price_history");
    }
    // The next reading works again.
    expect((await history("daily", ids.mango)).body).toMatchObject({ ok: true });
  });
});

describe("the history answer's contract", () => {
  it("refuses what the route never sends", () => {
    expect(priceHistoryAnswer.safeParse({ ok: true }).success).toBe(false);
    expect(priceHistoryAnswer.safeParse({ ok: false, error: "other", message: "x" }).success).toBe(false);
    expect(priceHistoryAnswer.safeParse("<!doctype html>").success).toBe(false);
  });
});
