import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db, withTransaction } from "../../app/db/client.server";
import {
  customerPriceList,
  priceHistory,
  priceList,
  priceListItem,
  priceVisit,
  product,
  user,
} from "../../app/db/schema";
import { recordActivity } from "../../app/features/activity/record.server";
import { CHANGES_SHOWN } from "../../app/features/dashboard/dashboard.server";
import { FIRST_VISIT_DAYS } from "../../app/features/dashboard/visits.server";
import { savePriceEdits } from "../../app/features/price-lists/items.server";
import type { Lang } from "../../app/i18n/config";
import { loader } from "../../app/routes/dashboard";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type DashboardData = Awaited<ReturnType<typeof loader>>;

async function load(viewer: SessionUser | null, lang: Lang = "en") {
  return callRoute<DashboardData>(loader, getRequest("/dashboard"), routeContext({ user: viewer, lang }));
}

async function loadData(viewer: SessionUser, lang: Lang = "en") {
  const result = await load(viewer, lang);
  expect(result.status).toBe(200);
  return result.data!;
}

function staffData(data: DashboardData) {
  if (data.kind !== "staff") throw new Error(`a staff dashboard was expected, got ${data.kind}`);
  return data;
}

async function customerData(viewer: SessionUser, lang: Lang = "en") {
  const data = await loadData(viewer, lang);
  if (data.kind !== "customer") throw new Error(`a customer dashboard was expected, got ${data.kind}`);
  return data;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** The changes a dashboard lists, as "name old→new". */
function changeLines(data: Awaited<ReturnType<typeof customerData>>) {
  return data.changes!.rows.map((r) => `${r.name} ${r.oldCents}→${r.newCents}`);
}

/**
 * A price change written as the history has it, at a time in the past: the list's price becomes
 * `newCents` and one history row says from what and when.
 */
async function pastChange(listId: string, productId: string, oldCents: number | null, newCents: number, at: Date) {
  await db()
    .insert(priceListItem)
    .values({ priceListId: listId, productId, priceCents: newCents })
    .onConflictDoUpdate({
      target: [priceListItem.priceListId, priceListItem.productId],
      set: { priceCents: newCents },
    });
  await db().insert(priceHistory).values({
    productId,
    priceListId: listId,
    oldPriceCents: oldCents,
    newPriceCents: newCents,
    source: "screen",
    createdAt: at,
  });
}

/** The customer's record of their visits, moved as if their last look had been at `seenAt`. */
async function lastLookedAt(viewer: SessionUser, seenAt: Date) {
  await db().update(priceVisit).set({ seenAt }).where(eq(priceVisit.userId, viewer.id));
}

async function visitOf(viewer: SessionUser) {
  const [row] = await db().select().from(priceVisit).where(eq(priceVisit.userId, viewer.id));
  return row ?? null;
}

let admin: SessionUser;
let seller: SessionUser;
let customer: SessionUser;
let assignedCustomer: SessionUser;
let ids: Record<string, string>;
let lists: Record<"customers" | "restaurants" | "big", string>;

const produce = [
  { slug: "mango", nameEn: "Mangos", nameEs: "Mango", unit: "case", packValue: "9", packUnit: "ct" },
  { slug: "lime", nameEn: "Limes", nameEs: "Limón" },
  { slug: "avocado", nameEn: "Hass Avocados", nameEs: "Aguacate Hass" },
  { slug: "banana", nameEn: "Bananas", nameEs: "Guineo" },
  { slug: "papaya", nameEn: "Papaya", nameEs: "Papaya" },
  { slug: "secret", nameEn: "Secret", nameEs: "Secreto", hidden: true },
  ...Array.from({ length: CHANGES_SHOWN + 2 }, (_, i) => ({
    slug: `item-${i + 1}`,
    nameEn: `Item ${i + 1}`,
    nameEs: `Artículo ${i + 1}`,
  })),
];

beforeAll(async () => {
  admin = await makeUser("admin", { name: "Ada Admin" });
  seller = await makeUser("seller", { name: "Sam Seller" });
  customer = await makeUser("customer", { name: "Cleo Customer" });
  assignedCustomer = await makeUser("customer", { name: "Rita Restaurant" });
  const disabled = await makeUser("customer");
  await db()
    .update(user)
    .set({ banned: true })
    .where(sql`${user.id} = ${disabled.id}`);

  const inserted = await db()
    .insert(product)
    .values([
      { slug: "p1", nameEn: "One", nameEs: "Uno" },
      { slug: "p2", nameEn: "Two", nameEs: "Dos" },
      { slug: "p3", nameEn: "Three", nameEs: "Tres", active: false },
      { slug: "p4", nameEn: "Four", nameEs: "Cuatro", archivedAt: new Date() },
      ...produce,
    ])
    .returning({ id: product.id, slug: product.slug });
  ids = Object.fromEntries(inserted.map((p) => [p.slug, p.id]));
  const [, customers, restaurants, , big] = await db()
    .insert(priceList)
    .values([
      { slug: "public", name: "Public", isPublic: true },
      { slug: "customers", name: "Customers", isDefaultForCustomers: true },
      { slug: "restaurants", name: "Restaurants", nameEs: "Restaurantes" },
      { slug: "gone", name: "Gone", deletedAt: new Date() },
      { slug: "big", name: "Big buyers" },
    ])
    .returning({ id: priceList.id });
  lists = { customers: customers.id, restaurants: restaurants.id, big: big.id };
  await db().insert(customerPriceList).values({ userId: assignedCustomer.id, priceListId: restaurants.id });
  // Both lists price the same produce: what one customer sees must never come from the other list.
  for (const listId of [customers.id, restaurants.id]) {
    await db()
      .insert(priceListItem)
      .values(
        ["mango", "lime", "avocado", "banana", "papaya", "secret"].map((slug) => ({
          priceListId: listId,
          productId: ids[slug],
          priceCents: 1000,
        })),
      );
  }

  for (let i = 1; i <= 12; i++) {
    await withTransaction((tx) =>
      recordActivity(tx, {
        actorId: i === 12 ? null : admin.id,
        ...(i === 12
          ? { entityType: "price_list", entityId: restaurants.id, summary: "Restaurants" }
          : { entityType: "product", entityId: String(i), summary: `entry ${i}` }),
        action: "updated",
      }),
    );
  }
});

const products = 4 + produce.length - 1;

describe(`dashboard (${test.kind})`, () => {
  it("names what the recent activity is about in the reader's language", async () => {
    const [entry] = staffData(await loadData(admin, "es")).recentActivity!;
    expect(entry.entity).toMatchObject({ name: "Restaurantes", href: "/prices-manage/restaurants" });
  });

  it("shows an admin every count, users by role, the last 10 activity entries and every link", async () => {
    const data = staffData(await loadData(admin));
    expect(data).toMatchObject({ name: "Ada Admin", role: "admin" });
    expect(["morning", "afternoon", "evening"]).toContain(data.greeting);
    expect(data.catalog).toEqual({ products, activeProducts: products - 1, priceLists: 4 });
    expect(data.users).toEqual({ admin: 1, seller: 1, customer: 3, disabled: 1 });
    const entries = data.recentActivity!;
    expect(entries).toHaveLength(10);
    expect(entries.map((e) => e.entity.name)).toEqual([
      "Restaurants",
      ...Array.from({ length: 9 }, (_, i) => `entry ${11 - i}`),
    ]);
    expect(entries[0]).toMatchObject({ actor: { state: "none" }, action: "updated", entityType: "price_list" });
    expect(entries[1]).toMatchObject({
      actor: { state: "user", name: "Ada Admin", contact: admin.email },
      entityType: "product",
    });
    expect(data.links.map((l) => l.to)).toEqual([
      "/pricesprivate",
      "/products",
      "/ai",
      "/prices-short",
      "/prices-long",
      "/prices-selected",
      "/products/manage",
      "/prices-manage",
      "/import-quickbooks",
      "/exportlistswhatsapp",
      "/manage-users",
      "/activity",
      "/profile",
    ]);
  });

  it("shows a seller the catalogue and staff links, but no user counts or activity, and records no visit", async () => {
    const data = staffData(await loadData(seller));
    expect(data.catalog).toEqual({ products, activeProducts: products - 1, priceLists: 4 });
    expect(data.users).toBeNull();
    expect(data.recentActivity).toBeNull();
    expect(data).not.toHaveProperty("changes");
    const links = data.links.map((l) => l.to);
    expect(links).toContain("/products/manage");
    expect(links).toContain("/import-quickbooks");
    expect(links).not.toContain("/manage-users");
    expect(links).not.toContain("/activity");
    expect(await visitOf(seller)).toBeNull();
  });

  it("shows a customer their own price list, its printed sheets and their other pages, nothing of staff", async () => {
    const data = await customerData(customer);
    expect(data.priceList).toEqual({ name: "Customers", slug: "customers", assigned: false });
    for (const staffPart of ["catalog", "users", "recentActivity"]) expect(data).not.toHaveProperty(staffPart);
    expect(data.printLinks.map((l) => l.to)).toEqual(["/prices-short", "/prices-long", "/prices-selected"]);
    expect(data.links.map((l) => l.to)).toEqual(["/products", "/ai", "/profile"]);

    const assigned = await customerData(assignedCustomer);
    expect(assigned.priceList).toEqual({ name: "Restaurants", slug: "restaurants", assigned: true });
  });

  it("shows a first visit the changes of the last days, newest first, and keeps them for the rest of the visit", async () => {
    const newcomer = await makeUser("customer", { name: "Nina Newcomer" });
    await pastChange(lists.customers, ids.lime, 1000, 1250, ago(2 * DAY));
    await pastChange(lists.customers, ids.mango, 1000, 900, ago(1 * DAY));
    await pastChange(lists.customers, ids.avocado, 1000, 1500, ago((FIRST_VISIT_DAYS + 1) * DAY));
    // Added in those days, then repriced: a change from the price it was added with.
    await pastChange(lists.customers, ids.papaya, null, 800, ago(3 * DAY));
    await pastChange(lists.customers, ids.papaya, 800, 950, ago(2.5 * DAY));
    // Added and never repriced: new to the list, not a change of price.
    await pastChange(lists.customers, ids["item-1"], null, 500, ago(DAY / 2));

    const before = Date.now();
    const data = await customerData(newcomer);
    expect(data.changes).toMatchObject({ firstVisit: true, days: FIRST_VISIT_DAYS, more: 0 });
    const since = Date.parse(data.changes!.since);
    expect(since).toBeGreaterThanOrEqual(before - FIRST_VISIT_DAYS * DAY);
    expect(since).toBeLessThanOrEqual(Date.now() - FIRST_VISIT_DAYS * DAY);
    expect(changeLines(data)).toEqual(["Mangos 1000→900", "Limes 1000→1250", "Papaya 800→950"]);
    expect(data.changes!.rows[0]).toMatchObject({ slug: "mango", unit: "case", packValue: 9, packUnit: "ct" });
    expect((await visitOf(newcomer))?.changesSince).toBeNull();

    // A reload in the other language, moments later, is the same visit: the same changes, in Spanish.
    const again = await customerData(newcomer, "es");
    expect(again.changes!.firstVisit).toBe(true);
    expect(changeLines(again)).toEqual(["Mango 1000→900", "Limón 1000→1250", "Papaya 800→950"]);
  });

  it("shows the changes since the customer's last visit: old and new price, net of changes undone, newest first", async () => {
    const regular = await makeUser("customer", { name: "Rafa Regular" });
    await customerData(regular);
    const lastLook = ago(2 * 60 * MINUTE);
    await lastLookedAt(regular, lastLook);
    // Changed before their last look: they saw it then.
    await pastChange(lists.customers, ids.banana, 1000, 1100, ago(3 * 60 * MINUTE));

    const price = async (slug: string, cents: number) => {
      const [item] = await db()
        .select({ cents: priceListItem.priceCents })
        .from(priceListItem)
        .where(sql`${priceListItem.priceListId} = ${lists.customers} and ${priceListItem.productId} = ${ids[slug]}`);
      await savePriceEdits(seller, lists.customers, [{ productId: ids[slug], priceCents: cents }]);
      return item.cents;
    };
    const papayaBefore = await price("papaya", 1399);
    await price("papaya", papayaBefore!);
    const limeBefore = await price("lime", 1300);
    await price("lime", 1350);
    const mangoBefore = await price("mango", 850);
    await price("secret", 5000);

    const data = await customerData(regular);
    expect(data.changes).toMatchObject({ firstVisit: false, since: lastLook.toISOString(), more: 0 });
    expect(changeLines(data)).toEqual([`Mangos ${mangoBefore}→850`, `Limes ${limeBefore}→1350`]);
    const visit = await visitOf(regular);
    expect(visit?.changesSince?.toISOString()).toBe(lastLook.toISOString());
    expect(Date.now() - visit!.seenAt.getTime()).toBeLessThan(MINUTE);

    // Still the same visit a moment later: the changes stay.
    expect(changeLines(await customerData(regular))).toEqual([`Mangos ${mangoBefore}→850`, `Limes ${limeBefore}→1350`]);

    // Two hours pass without a change; they come back an hour after this look, and the dashboard
    // says that nothing has changed since.
    await db()
      .update(priceHistory)
      .set({ createdAt: sql`${priceHistory.createdAt} - interval '2 hours'` })
      .where(sql`${priceHistory.createdAt} > now() - interval '5 minutes'`);
    const seen = ago(60 * MINUTE);
    await lastLookedAt(regular, seen);
    const later = await customerData(regular);
    expect(later.changes).toMatchObject({ firstVisit: false, since: seen.toISOString(), rows: [], more: 0 });
  });

  it("shows the first changes and how many more", async () => {
    const buyer = await makeUser("customer", { name: "Bea Big" });
    await db().insert(customerPriceList).values({ userId: buyer.id, priceListId: lists.big });
    for (let i = 1; i <= CHANGES_SHOWN + 2; i++) {
      await pastChange(lists.big, ids[`item-${i}`], 100 * i, 100 * i + 5, ago((CHANGES_SHOWN + 3 - i) * MINUTE));
    }
    const data = await customerData(buyer);
    expect(data.priceList).toMatchObject({ slug: "big", name: "Big buyers" });
    expect(data.changes!.rows).toHaveLength(CHANGES_SHOWN);
    expect(data.changes!.more).toBe(2);
    expect(data.changes!.rows[0]).toMatchObject({ name: `Item ${CHANGES_SHOWN + 2}` });
  });

  it("never shows a customer the changes of another customer's list", async () => {
    await pastChange(lists.restaurants, ids.avocado, 1000, 777, ago(5 * MINUTE));
    await pastChange(lists.customers, ids.banana, 1100, 1111, ago(4 * MINUTE));
    const restaurant = await customerData(assignedCustomer);
    const names = restaurant.changes!.rows.map((r) => r.name);
    expect(names).toEqual(["Hass Avocados"]);
    expect(restaurant.changes!.rows[0]).toMatchObject({ oldCents: 1000, newCents: 777 });

    const other = await customerData(await makeUser("customer"));
    expect(other.priceList?.slug).toBe("customers");
    expect(other.changes!.rows.map((r) => r.name)).not.toContain("Hass Avocados");
    expect(other.changes!.rows.map((r) => r.newCents)).not.toContain(777);
  });

  it("sends anonymous visitors to /login and back", async () => {
    expect(await load(null)).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard" });
  });
});
