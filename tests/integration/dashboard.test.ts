import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db, withTransaction } from "../../app/db/client.server";
import { customerPriceList, priceList, product, user } from "../../app/db/schema";
import { recordActivity } from "../../app/features/activity/record.server";
import { loader } from "../../app/routes/dashboard";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type DashboardData = Awaited<ReturnType<typeof loader>>;

async function load(viewer: SessionUser | null) {
  return callRoute<DashboardData>(loader, getRequest("/dashboard"), routeContext({ user: viewer }));
}

async function loadData(viewer: SessionUser) {
  const result = await load(viewer);
  expect(result.status).toBe(200);
  return result.data!;
}

let admin: SessionUser;
let seller: SessionUser;
let customer: SessionUser;
let assignedCustomer: SessionUser;

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

  await db()
    .insert(product)
    .values([
      { slug: "p1", nameEn: "One", nameEs: "Uno" },
      { slug: "p2", nameEn: "Two", nameEs: "Dos" },
      { slug: "p3", nameEn: "Three", nameEs: "Tres", active: false },
      { slug: "p4", nameEn: "Four", nameEs: "Cuatro", archivedAt: new Date() },
    ]);
  const [, , restaurants] = await db()
    .insert(priceList)
    .values([
      { slug: "public", name: "Public", isPublic: true },
      { slug: "customers", name: "Customers", isDefaultForCustomers: true },
      { slug: "restaurants", name: "Restaurants" },
      { slug: "gone", name: "Gone", deletedAt: new Date() },
    ])
    .returning({ id: priceList.id });
  await db().insert(customerPriceList).values({ userId: assignedCustomer.id, priceListId: restaurants.id });

  for (let i = 1; i <= 12; i++) {
    await withTransaction((tx) =>
      recordActivity(tx, {
        actorId: i === 12 ? null : admin.id,
        entityType: i % 2 ? "product" : "user",
        entityId: String(i),
        action: "updated",
        summary: `entry ${i}`,
      }),
    );
  }
});

describe(`dashboard (${test.kind})`, () => {
  it("shows an admin every count, users by role, the last 10 activity entries and every link", async () => {
    const data = await loadData(admin);
    expect(data).toMatchObject({ name: "Ada Admin", role: "admin", priceList: null });
    expect(["morning", "afternoon", "evening"]).toContain(data.greeting);
    expect(data.catalog).toEqual({ products: 3, activeProducts: 2, priceLists: 3 });
    expect(data.users).toEqual({ admin: 1, seller: 1, customer: 3, disabled: 1 });
    const entries = data.recentActivity!;
    expect(entries).toHaveLength(10);
    expect(entries.map((e) => e.summary)).toEqual(Array.from({ length: 10 }, (_, i) => `entry ${12 - i}`));
    expect(entries[0]).toMatchObject({ actorName: null, action: "updated", entityType: "user" });
    expect(entries[1]).toMatchObject({ actorName: "Ada Admin", actorEmail: admin.email, entityType: "product" });
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

  it("shows a seller the catalogue and staff links, but no user counts or activity", async () => {
    const data = await loadData(seller);
    expect(data.catalog).toEqual({ products: 3, activeProducts: 2, priceLists: 3 });
    expect(data.users).toBeNull();
    expect(data.recentActivity).toBeNull();
    expect(data.priceList).toBeNull();
    const links = data.links.map((l) => l.to);
    expect(links).toContain("/products/manage");
    expect(links).toContain("/import-quickbooks");
    expect(links).not.toContain("/manage-users");
    expect(links).not.toContain("/activity");
  });

  it("shows a customer the products available and their own price list, nothing of staff", async () => {
    const data = await loadData(customer);
    expect(data.catalog).toEqual({ activeProducts: 2 });
    expect(data.priceList).toEqual({ name: "Customers", slug: "customers", assigned: false });
    expect(data.users).toBeNull();
    expect(data.recentActivity).toBeNull();
    expect(data.links.map((l) => l.to)).toEqual([
      "/pricesprivate",
      "/products",
      "/ai",
      "/prices-short",
      "/prices-long",
      "/prices-selected",
      "/profile",
    ]);

    const assigned = await loadData(assignedCustomer);
    expect(assigned.priceList).toEqual({ name: "Restaurants", slug: "restaurants", assigned: true });
  });

  it("sends anonymous visitors to /login and back", async () => {
    expect(await load(null)).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard" });
  });
});
