import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import { priceListEventsReady, stopPriceListEvents } from "../../app/features/price-lists/events.server";
import { unpackPriceRows } from "../../app/features/catalog/components/price-table";
import { addProductsToList, savePriceEdits } from "../../app/features/price-lists/items.server";
import {
  assignPriceList,
  createPriceList,
  findPriceListBySlug,
  updatePriceList,
} from "../../app/features/price-lists/lists.server";
import type { Lang } from "../../app/i18n/config";
import { loader as eventsLoader } from "../../app/routes/price-list-events";
import { loader } from "../../app/routes/prices-private";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type PageData = Awaited<ReturnType<typeof loader>>;
const noFlags = { isPublic: false, isDefaultForCustomers: false, isTemplate: false };

let seller: SessionUser;
let customer: SessionUser;
let ids: Record<string, string>;
let lists: Record<string, { id: string; slug: string }>;

async function load(path: string, user: SessionUser | null, params: Record<string, string> = {}, lang: Lang = "en") {
  return callRoute<PageData>(loader, getRequest(path), routeContext({ user, lang }), params);
}

async function newList(name: string, flags: Partial<typeof noFlags> = {}) {
  return createPriceList(seller, {
    name,
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    ...noFlags,
    ...flags,
  });
}

beforeEach(async () => {
  await db().execute(sql`delete from customer_price_list`);
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango", category: "fruits", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", category: "fruits", basePriceCents: 500, active: false },
      { slug: "onion", nameEn: "Onion", nameEs: "Cebolla", category: "vegetables", basePriceCents: 300 },
    ])
    .returning({ id: product.id, slug: product.slug });
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  lists = {
    customers: await newList("Customers", { isDefaultForCustomers: true }),
    hotels: await newList("Hotels"),
  };
  for (const list of Object.values(lists)) await addProductsToList(seller, list.id, Object.values(ids));
});

afterAll(async () => {
  await stopPriceListEvents();
});

describe(`private prices (${test.kind})`, () => {
  it("shows staff the default customer list first and any list they choose", async () => {
    const first = await load("/pricesprivate", seller);
    expect(first.data?.list?.slug).toBe("customers");
    expect(first.data?.lists.map((l) => l.slug)).toEqual(["customers", "hotels"]);
    const hotels = await load("/pricesprivate/hotels", seller, { slug: "hotels" });
    expect(hotels.data?.list?.name).toBe("Hotels");
    // Staff also see items of inactive products.
    expect(unpackPriceRows(hotels.data!.items).map((i) => i.slug)).toEqual(["lime", "mango", "onion"]);
    const chosen = await load("/pricesprivate?list=hotels", seller);
    expect(chosen.location).toBe("/pricesprivate/hotels");
    expect((await load("/pricesprivate/nope", seller, { slug: "nope" })).status).toBe(404);
  });

  it("shows a customer the default list, read-only and without inactive products, in their language", async () => {
    const page = await load("/pricesprivate", customer, {}, "es");
    expect(page.data?.staff).toBe(false);
    expect(page.data?.lists).toEqual([]);
    expect(page.data?.list?.slug).toBe("customers");
    expect(unpackPriceRows(page.data!.items).map((i) => i.name)).toEqual(["Mango", "Cebolla"]);
  });

  it("shows a customer their assigned list and never another one", async () => {
    await assignPriceList(seller, lists.hotels.id, [customer.id]);
    expect((await load("/pricesprivate", customer)).data?.list?.slug).toBe("hotels");
    expect((await load("/pricesprivate/hotels", customer, { slug: "hotels" })).data?.list?.slug).toBe("hotels");
    const other = await load("/pricesprivate/customers", customer, { slug: "customers" });
    expect(other.status).toBe(404);
    expect((await load("/pricesprivate?list=customers", customer)).data?.list?.slug).toBe("hotels");
  });

  it("says so when a customer has no list at all", async () => {
    await updatePriceList(seller, lists.customers.id, {
      revision: (await findPriceListBySlug(lists.customers.slug))!.revision,
      name: "Customers",
      description: null,
      nameEs: null,
      descriptionEs: null,
      ...noFlags,
    });
    const page = await load("/pricesprivate", customer);
    expect(page.data?.list).toBeNull();
  });

  it("sends anonymous visitors to sign in and back", async () => {
    const page = await load("/pricesprivate/hotels", null, { slug: "hotels" });
    expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent("/pricesprivate/hotels")}`);
  });
});

describe(`live price events (${test.kind})`, () => {
  async function openStream(user: SessionUser | null, slug: string) {
    const controller = new AbortController();
    const request = new Request(`http://localhost:3000/pricesprivate/${slug}/events`, { signal: controller.signal });
    const result = await callRoute(eventsLoader, request, routeContext({ user }), { slug });
    return { result, controller };
  }

  it("streams a change of the followed list to a page, not of others, with heartbeat-ready headers", async () => {
    const controller = new AbortController();
    const request = new Request("http://localhost:3000/pricesprivate/hotels/events", { signal: controller.signal });
    const response = (await eventsLoader({
      request,
      context: routeContext({ user: seller }),
      params: { slug: "hotels" },
    } as never)) as Response;
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toContain("no-transform");
    await priceListEventsReady();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil("event: ready");
    await savePriceEdits(seller, lists.customers.id, [{ productId: ids.mango, priceCents: 1 }]);
    await savePriceEdits(seller, lists.hotels.id, [{ productId: ids.mango, priceCents: 2 }]);
    await readUntil("event: changed");
    expect(text.match(/event: changed/g)).toHaveLength(1);
    controller.abort();
    const end = await reader.read();
    expect(end.done).toBe(true);
  });

  it("lets a customer follow only their own list", async () => {
    const own = await openStream(customer, "customers");
    expect(own.result.status).toBe(200);
    own.controller.abort();
    expect((await openStream(customer, "hotels")).result.status).toBe(404);
    const anonymous = await openStream(null, "hotels");
    expect(anonymous.result.location).toMatch(/^\/login\?redirectTo=/);
  });
});
