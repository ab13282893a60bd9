import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceHistory, priceListItem, product } from "../../app/db/schema";
import { unpackPriceRows } from "../../app/features/catalog/components/price-table";
import { LIST_PAGE_SIZE, WHOLE_LIST_MAX } from "../../app/features/price-lists/list-query";
import { assignPriceList, findPriceListBySlug } from "../../app/features/price-lists/lists.server";
import type { Lang } from "../../app/i18n/config";
import { compileSearch } from "../../app/lib/search";
import { loader as itemsLoader } from "../../app/routes/price-list-items";
import { action as savePrices } from "../../app/routes/price-list-prices";
import { loader as editorLoader } from "../../app/routes/prices-manage-list";
import { loader as privateLoader } from "../../app/routes/prices-private";
import { BIG_LIST_ITEMS, insertBigList, type BigList } from "../support/big-list";
import { callRoute, formRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type EditorData = Awaited<ReturnType<typeof editorLoader>>;
type PrivateData = Awaited<ReturnType<typeof privateLoader>>;

let seller: SessionUser;
let customer: SessionUser;
let big: BigList;
let hiddenId: string;

beforeAll(async () => {
  seller = await makeUser("seller");
  customer = await makeUser("customer");
  big = await insertBigList(seller.id);
  await assignPriceList(seller, big.listId, [customer.id]);
  // One product kept from customers while staff review it: staff see it, the customer does not.
  hiddenId = big.products[5].id;
  await db().update(product).set({ hidden: true }).where(eq(product.id, hiddenId));
}, 180_000);

async function editor(search = "", lang: Lang = "en") {
  const { data } = await callRoute<EditorData>(
    editorLoader,
    new Request(`http://localhost:3000/prices-manage/${big.slug}${search}`),
    routeContext({ user: seller, lang }),
    { slug: big.slug },
  );
  if (data?.kind !== "page") throw new Error(`expected the editor's page, got ${JSON.stringify(data).slice(0, 200)}`);
  if (!data.paging) throw new Error("expected a page of a long list");
  return { items: data.items, paging: data.paging };
}

async function privatePage(user: SessionUser, search = "") {
  const { data } = await callRoute<PrivateData>(
    privateLoader,
    new Request(`http://localhost:3000/pricesprivate/${big.slug}${search}`),
    routeContext({ user }),
    { slug: big.slug },
  );
  if (!data?.paging) throw new Error("expected a page of a long list");
  return { rows: unpackPriceRows(data.items), paging: data.paging };
}

/** What the one search finds among the list's products, as the browser's search would. */
function matchesOf(query: string) {
  const search = compileSearch(query)!;
  return big.products.filter((p) => search.rank(p.searchKey) !== null);
}

describe(`a list of ${BIG_LIST_ITEMS.toLocaleString("en-US")} items (${test.kind})`, () => {
  it("opens in the editor one page at a time, with the whole list's counts and categories", async () => {
    expect(BIG_LIST_ITEMS).toBeGreaterThan(WHOLE_LIST_MAX);
    const { items, paging } = await editor();
    expect(items).toHaveLength(LIST_PAGE_SIZE);
    expect(paging).toMatchObject({ total: BIG_LIST_ITEMS, matching: BIG_LIST_ITEMS, page: 1 });
    expect(paging.pageCount).toBe(Math.ceil(BIG_LIST_ITEMS / LIST_PAGE_SIZE));
    expect(new Set(paging.groups)).toEqual(new Set(big.products.map((p) => p.category)));
    // By category, then name, as the whole list is shown.
    const categories = items.map((i) => i.category ?? "zzz");
    expect(categories).toEqual([...categories].sort());
  });

  it("searches on the server with the one search: accents, both languages, aliases, best matches first", async () => {
    const guineo = await editor("?q=guineo");
    expect(guineo.paging.matching).toBe(matchesOf("guineo").length);
    expect(guineo.paging.matching).toBeGreaterThan(LIST_PAGE_SIZE);
    expect(guineo.items.every((i) => i.name.startsWith("Bananas lot "))).toBe(true);

    const pina = await editor("?q=pina", "es");
    expect(pina.paging.matching).toBe(matchesOf("pina").length);
    expect(pina.items.every((i) => i.name.startsWith("Piña"))).toBe(true);

    // "lot 7" is a whole name's start in one product of each kind ("... lot 7"), and a word's
    // start in "... lot 70" to "lot 79": the tier puts none of the latter before the former.
    const lot = await editor("?q=lot%207&sort=alphabetical");
    const search = compileSearch("lot 7")!;
    const tiers = lot.items.map((i) => search.rank(big.products.find((p) => p.id === i.productId)!.searchKey)!);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(lot.paging.matching).toBe(matchesOf("lot 7").length);
  });

  it("filters by category, availability and changed today on the server", async () => {
    const { items, paging } = await editor("?category=fruits&availability=out-of-stock");
    const expected = big.products.filter((p) => p.category === "fruits" && !p.inStock);
    expect(paging.matching).toBe(expected.length);
    expect(items.length).toBe(Math.min(LIST_PAGE_SIZE, expected.length));
    expect(items.every((i) => i.category === "fruits" && !i.available)).toBe(true);

    const today = await editor("?changed=today");
    expect(today.paging.matching).toBe(big.products.filter((p) => p.pricedToday).length);
  });

  it("sorts on the server, and its pages follow on without overlapping", async () => {
    const first = await editor("?sort=price-desc");
    const second = await editor("?sort=price-desc&page=2");
    const prices = [...first.items, ...second.items].map((i) => i.priceCents!);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBe(Math.max(...big.products.map((p) => p.priceCents)));
    const ids = new Set([...first.items, ...second.items].map((i) => i.productId));
    expect(ids.size).toBe(LIST_PAGE_SIZE * 2);
    // A page past the end shows the last one.
    const last = await editor("?page=9999");
    expect(last.paging.page).toBe(last.paging.pageCount);
    expect(last.items.length).toBeGreaterThan(0);
  });

  it("opens on /pricesprivate a page at a time: staff see every item, a customer what customers may see", async () => {
    const staff = await privatePage(seller);
    expect(staff.rows).toHaveLength(LIST_PAGE_SIZE);
    expect(staff.paging.total).toBe(BIG_LIST_ITEMS);
    const own = await privatePage(customer);
    expect(own.rows).toHaveLength(LIST_PAGE_SIZE);
    expect(own.paging.total).toBe(BIG_LIST_ITEMS - 1);
    const hidden = big.products[5];
    const searched = await privatePage(customer, `?q=${encodeURIComponent(hidden.nameEn)}`);
    expect(searched.rows.map((r) => r.name)).not.toContain(hidden.nameEn);
    const searchedByStaff = await privatePage(seller, `?q=${encodeURIComponent(hidden.nameEn)}`);
    expect(searchedByStaff.rows[0]?.name).toBe(hidden.nameEn);

    const filtered = await privatePage(customer, "?category=herbs&availability=in-stock&page=2");
    expect(filtered.paging.page).toBe(2);
    expect(filtered.paging.matching).toBe(big.products.filter((p) => p.category === "herbs" && p.inStock).length);
  });

  it("gives the editor the rows of a draft's edits typed on other pages, and refuses a bad request", async () => {
    const wanted = [big.products[59_999].id, big.products[0].id];
    const ask = (ids: string) =>
      callRoute<{ items?: { productId: string }[] }>(
        itemsLoader,
        new Request(`http://localhost:3000/prices-manage/${big.slug}/items?ids=${ids}`),
        routeContext({ user: seller }),
        { slug: big.slug },
      );
    const found = await ask(wanted.join(","));
    expect(found.status).toBe(200);
    expect(new Set(found.data?.items?.map((i) => i.productId))).toEqual(new Set(wanted));
    expect((await ask("not-an-id")).status).toBe(400);
    const refused = await callRoute(
      itemsLoader,
      new Request(`http://localhost:3000/prices-manage/${big.slug}/items?ids=${wanted[0]}`),
      routeContext({ user: customer }),
      { slug: big.slug },
    );
    expect(refused.status).not.toBe(200);
  });

  it("saves one price, writing that one item and its history, and refuses an id of no item without failing", async () => {
    const list = (await findPriceListBySlug(big.slug))!;
    const target = big.products[31_337];
    const save = (edits: unknown[], revision?: number) =>
      callRoute<{ ok: boolean; changed?: number; message?: string }>(
        savePrices,
        formRequest(`/prices-manage/${big.slug}/prices`, {
          edits: JSON.stringify(edits),
          revision: revision === undefined ? undefined : String(revision),
        }),
        routeContext({ user: seller }),
        { slug: big.slug },
      );
    const saved = await save([{ productId: target.id, price: "12.34" }], list.revision);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, changed: 1 });
    const [item] = await db()
      .select({ priceCents: priceListItem.priceCents })
      .from(priceListItem)
      .where(and(eq(priceListItem.priceListId, big.listId), eq(priceListItem.productId, target.id)));
    expect(item?.priceCents).toBe(1234);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(eq(priceHistory.priceListId, big.listId));
    expect(n).toBe(1);
    // The page shows it at once, on the page a search finds it.
    const { items } = await editor(`?q=${encodeURIComponent(target.nameEn)}`);
    expect(items.find((i) => i.productId === target.id)?.priceCents).toBe(1234);

    const bogus = await save([{ productId: "------------------------------------", price: "1.00" }]);
    expect(bogus.status).toBe(400);
    expect(bogus.data?.message).toBe("errors.productNotFound");
  });
});
