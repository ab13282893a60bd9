import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { can, isRole, roles, type Role } from "~/auth/permissions";
import type { SessionUser } from "~/context";
import { db } from "~/db/client.server";
import { activity, customerPriceList, priceList, product, user } from "~/db/schema";
import { greetingAt } from "./greeting";
import { quickLinksFor } from "./quick-links";
import type { RecentActivity } from "./types";

const RECENT_ACTIVITY = 10;

export async function countCatalog() {
  const [products] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${product.active})`.mapWith(Number),
    })
    .from(product)
    .where(isNull(product.archivedAt));
  const [lists] = await db().select({ total: count() }).from(priceList).where(isNull(priceList.deletedAt));
  return { products: products.total, activeProducts: products.active, priceLists: lists.total };
}

export async function countUsersByRole() {
  const rows = await db()
    .select({
      role: user.role,
      total: count(),
      disabled: sql<number>`count(*) filter (where coalesce(${user.banned}, false))`.mapWith(Number),
    })
    .from(user)
    .groupBy(user.role);
  const byRole = Object.fromEntries(roles.map((r) => [r, 0])) as Record<Role, number>;
  let disabled = 0;
  for (const row of rows) {
    // Any unexpected stored role counts as customer.
    const role = isRole(row.role) ? row.role : "customer";
    byRole[role] += row.total;
    disabled += row.disabled;
  }
  return { ...byRole, disabled };
}

/** The list assigned to the customer, else the default list for customers. */
export async function findCustomerPriceList(userId: string) {
  const [assigned] = await db()
    .select({ name: priceList.name, slug: priceList.slug })
    .from(customerPriceList)
    .innerJoin(priceList, eq(priceList.id, customerPriceList.priceListId))
    .where(and(eq(customerPriceList.userId, userId), isNull(priceList.deletedAt)));
  if (assigned) return { ...assigned, assigned: true };
  const [fallback] = await db()
    .select({ name: priceList.name, slug: priceList.slug })
    .from(priceList)
    .where(and(eq(priceList.isDefaultForCustomers, true), isNull(priceList.deletedAt)));
  return fallback ? { ...fallback, assigned: false } : null;
}

export async function listRecentActivity(limit = RECENT_ACTIVITY): Promise<RecentActivity[]> {
  const rows = await db()
    .select({
      id: activity.id,
      action: activity.action,
      entityType: activity.entityType,
      summary: activity.summary,
      actorName: user.name,
      actorEmail: user.email,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    entityType: r.entityType,
    summary: r.summary,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * What the dashboard shows this person, each part only where the permission table allows it:
 * catalogue counts for everyone (staff also see all lists), user counts for users:manage, the
 * customer's own price list, and recent activity for activity:view.
 */
export async function getDashboard(viewer: SessionUser, now = new Date()) {
  const isStaff = can(viewer, "prices:view-all-lists");
  const [catalog, users, ownPriceList, recentActivity] = await Promise.all([
    countCatalog(),
    can(viewer, "users:manage") ? countUsersByRole() : Promise.resolve(null),
    isStaff ? Promise.resolve(null) : findCustomerPriceList(viewer.id),
    can(viewer, "activity:view") ? listRecentActivity() : Promise.resolve(null),
  ]);
  return {
    greeting: greetingAt(now),
    name: viewer.name,
    role: viewer.role,
    catalog: isStaff ? catalog : { activeProducts: catalog.activeProducts },
    users,
    priceList: ownPriceList,
    recentActivity,
    links: quickLinksFor(viewer),
  };
}
