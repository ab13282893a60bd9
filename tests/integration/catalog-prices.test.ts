import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceList, priceListItem, product } from "../../app/db/schema";
import { noPriceFilters } from "../../app/features/catalog/price-filters";
import { findPublicPrices } from "../../app/features/catalog/prices.server";
import type { Lang } from "../../app/i18n/config";
import { loader } from "../../app/routes/prices";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";

const test = await useTestDatabase();

type PricesData = Awaited<ReturnType<typeof loader>>["data"];

async function loadPrices(search = "", { lang = "en" as Lang, user = null as SessionUser | null } = {}) {
  return callRoute<PricesData>(loader, getRequest(`/prices${search}`), routeContext({ lang, user }));
}

async function listData(search = "", lang: Lang = "en") {
  const result = await loadPrices(search, { lang });
  expect(result.status).toBe(200);
  const prices = result.data!.prices;
  if (prices.kind !== "list") throw new Error(`expected a list, got ${prices.kind}`);
  return prices;
}

let ids: Record<string, string>;

async function addPublicList(
  prices: Record<string, number | null>,
  flags: Partial<typeof priceList.$inferInsert> = {},
) {
  const [list] = await db()
    .insert(priceList)
    .values({ slug: `list-${crypto.randomUUID().slice(0, 6)}`, name: "Wholesale", isPublic: true, ...flags })
    .returning({ id: priceList.id });
  await db()
    .insert(priceListItem)
    .values(
      Object.entries(prices).map(([slug, priceCents]) => ({ priceListId: list.id, productId: ids[slug], priceCents })),
    );
  return list.id;
}

beforeEach(async () => {
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  const rows = await db()
    .insert(product)
    .values([
      {
        slug: "rice",
        nameEn: "Long Grain Rice",
        nameEs: "Arroz de grano largo",
        category: "dry_produce",
        unit: "bag",
        packValue: "50",
        packUnit: "lb",
      },
      { slug: "mango", nameEn: "Mangoes", nameEs: "Mangos", category: "fruits", unit: "case" },
      { slug: "apple", nameEn: "Apples", nameEs: "Manzanas", category: "fruits" },
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs" },
      { slug: "box", nameEn: "Mystery Box", nameEs: "Caja sorpresa", category: null },
      { slug: "old", nameEn: "Old Stock", nameEs: "Viejo", category: "fruits", active: false },
      { slug: "gone", nameEn: "Gone Stock", nameEs: "Ido", category: "fruits", archivedAt: new Date() },
    ])
    .returning({ id: product.id, slug: product.slug });
  // Written without search keys, as rows from before them: keyed as a start keys them.
  await refreshProductSearchKeys();
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});

describe(`the public price page (${test.kind})`, () => {
  it("shows the list flagged public, grouped by category in the reader's order, active products only", async () => {
    await addPublicList({ rice: 2675, mango: 1895, apple: 3895, basil: 1400, box: 999, old: 100, gone: 100 });
    await addPublicList({ rice: 1 }, { isPublic: false, name: "Customers", isDefaultForCustomers: true });

    const en = await listData();
    expect(en.name).toBe("Wholesale");
    expect(en.total).toBe(5);
    expect(en.rows.map((r) => [r.slug, r.category, r.priceCents])).toEqual([
      ["rice", "dry_produce", 2675],
      ["apple", "fruits", 3895],
      ["mango", "fruits", 1895],
      ["basil", "herbs", 1400],
      ["box", null, 999],
    ]);
    expect(en.rows[0]).toMatchObject({ name: "Long Grain Rice", unit: "bag", packValue: 50, packUnit: "lb" });

    // Frutas, Hierbas, Productos secos; Mangos before Manzanas.
    const es = await listData("", "es");
    expect(es.rows.map((r) => r.slug)).toEqual(["mango", "apple", "basil", "rice", "box"]);
    expect(es.rows[0].name).toBe("Mangos");
  });

  it("leaves out items without a price", async () => {
    await addPublicList({ rice: 2675, mango: null });
    expect((await listData()).rows.map((r) => r.slug)).toEqual(["rice"]);
  });

  it("searches names in both languages", async () => {
    await addPublicList({ rice: 2675, mango: 1895, apple: 3895, basil: 1400 });
    expect((await listData("?q=ALBAHACA")).rows.map((r) => r.slug)).toEqual(["basil"]);
    expect((await listData("?q=mango")).rows.map((r) => r.slug)).toEqual(["mango"]);
    const none = await listData("?q=%25%27%22%3Cscript%3E");
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
    expect((await loadPrices("?q=%20rice%20")).data!.filters.query).toBe("rice");
  });

  it("filters by category, availability and the prices changed today, from the form's fields", async () => {
    await addPublicList({ rice: 2675, mango: 1895, apple: 3895, basil: 1400, box: 999 });
    await db().update(product).set({ availability: "out_of_stock" }).where(eq(product.id, ids.mango));
    await db()
      .update(priceListItem)
      .set({ updatedAt: new Date(Date.now() - 3 * 24 * 3600_000) });
    await db().update(priceListItem).set({ updatedAt: new Date() }).where(eq(priceListItem.productId, ids.apple));
    const slugs = async (search: string) => (await listData(search)).rows.map((r) => r.slug);
    expect(await slugs("?category=fruits")).toEqual(["apple", "mango"]);
    expect(await slugs("?category=dried")).toEqual(["rice"]);
    expect(await slugs("?availability=out-of-stock")).toEqual(["mango"]);
    expect(await slugs("?changed=today")).toEqual(["apple"]);
    expect(await slugs("?category=fruits&availability=in-stock&changed=today&q=apple")).toEqual(["apple"]);
    expect((await listData("?availability=out-of-stock")).rows[0]).toMatchObject({ slug: "mango", available: false });
    expect((await loadPrices("?availability=nonsense&changed=1")).data!.filters).toEqual(noPriceFilters);
  });

  it("dates the list by its latest change, to the list or to any of its prices", async () => {
    const listId = await addPublicList({ rice: 2675, mango: 1895 });
    const listTime = new Date("2026-03-01T15:00:00Z");
    const itemTime = new Date("2026-03-05T18:30:00Z");
    await db().update(priceList).set({ updatedAt: listTime }).where(eq(priceList.id, listId));
    await db()
      .update(priceListItem)
      .set({ updatedAt: new Date("2026-02-01T00:00:00Z") });
    await db().update(priceListItem).set({ updatedAt: itemTime }).where(eq(priceListItem.productId, ids.mango));
    expect((await listData()).updatedAt).toBe(itemTime.toISOString());

    const later = new Date("2026-04-01T12:00:00Z");
    await db().update(priceList).set({ updatedAt: later }).where(eq(priceList.id, listId));
    expect((await listData()).updatedAt).toBe(later.toISOString());
  });

  it("says there is no list when none is public or the public one was deleted", async () => {
    let result = await loadPrices();
    expect(result.status).toBe(200);
    expect(result.data!.prices).toEqual({ kind: "none" });
    await addPublicList({ rice: 2675 }, { deletedAt: new Date() });
    result = await loadPrices();
    expect(result.data!.prices).toEqual({ kind: "none" });
  });

  it("says the prices failed to load when the database fails, without any detail of the failure", async () => {
    await addPublicList({ rice: 2675 });
    await db().execute(sql`alter table price_list_item rename to price_list_item_away`);
    let result;
    try {
      result = await loadPrices();
    } finally {
      await db().execute(sql`alter table price_list_item_away rename to price_list_item`);
    }
    expect(result.status).toBe(500);
    expect(result.data).toEqual({ filters: noPriceFilters, prices: { kind: "error" } });
    expect((await listData()).rows).toHaveLength(1);
  });

  it("sends signed-in users to their private prices", async () => {
    const customer = await makeUser("customer");
    const result = await loadPrices("", { user: customer });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/pricesprivate");
  });

  it("shows at most the limit of rows, with the total", async () => {
    await addPublicList({ rice: 1, mango: 2, apple: 3, basil: 4 });
    const prices = await findPublicPrices({ filters: noPriceFilters, lang: "en" }, { limit: 2 });
    expect(prices.kind === "list" && [prices.rows.length, prices.total]).toEqual([2, 4]);
  });
});
