import { count, isNull, sql } from "drizzle-orm";
import { can, isRole, roles, type Role } from "~/auth/permissions";
import type { SessionUser } from "~/context";
import { db } from "~/db/client.server";
import { priceList, product, user } from "~/db/schema";
import { findRecentEntries } from "~/features/activity/find-activity.server";
import { findPriceChangesSince } from "~/features/price-lists/history.server";
import { findCustomerList } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import type { Lang } from "~/i18n/config";
import { greetingAt } from "./greeting";
import { isPrintLink, quickLinksFor } from "./quick-links";
import { FIRST_VISIT_DAYS, recordPriceVisit } from "./visits.server";

const RECENT_ACTIVITY = 10;

/** The price changes a customer's dashboard lists; the rest are "and N more", on the whole list. */
export const CHANGES_SHOWN = 10;

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

/**
 * A member of staff's dashboard, each part only where the permission table allows it: catalogue
 * counts, user counts for users:manage, recent activity for activity:view, and their pages.
 */
async function getStaffDashboard(viewer: SessionUser, lang: Lang, now: Date) {
  const [catalog, users, recentActivity] = await Promise.all([
    countCatalog(),
    can(viewer, "users:manage") ? countUsersByRole() : Promise.resolve(null),
    can(viewer, "activity:view") ? findRecentEntries(RECENT_ACTIVITY, lang) : Promise.resolve(null),
  ]);
  return {
    kind: "staff" as const,
    greeting: greetingAt(now),
    name: viewer.name,
    role: viewer.role,
    catalog,
    users,
    recentActivity,
    links: quickLinksFor(viewer),
  };
}

/**
 * A customer's dashboard is their price list at a glance: its name, what changed in it since their
 * last visit (which this records), a search of it, and the way to the whole list and its printed
 * sheets. The list is the one /pricesprivate shows them, read on the server from who they are.
 */
async function getCustomerDashboard(viewer: SessionUser, lang: Lang, now: Date) {
  const list = await findCustomerList(viewer.id);
  const links = quickLinksFor(viewer);
  let changes = null;
  if (list) {
    const visit = await recordPriceVisit(viewer.id, now);
    const found = await findPriceChangesSince(list.id, visit.since, lang, CHANGES_SHOWN);
    changes = {
      since: visit.since.toISOString(),
      firstVisit: visit.firstVisit,
      days: FIRST_VISIT_DAYS,
      rows: found.rows,
      more: found.total - found.rows.length,
    };
  }
  return {
    kind: "customer" as const,
    greeting: greetingAt(now),
    name: viewer.name,
    priceList: list ? { slug: list.slug, name: listName(list, lang), assigned: list.assigned } : null,
    changes,
    printLinks: links.filter(isPrintLink),
    links: links.filter((link) => link.to !== "/pricesprivate" && !isPrintLink(link)),
  };
}

/** What the dashboard shows this person: staff theirs, a customer their own price list. */
export async function getDashboard(viewer: SessionUser, lang: Lang, now = new Date()) {
  return can(viewer, "prices:view-all-lists")
    ? getStaffDashboard(viewer, lang, now)
    : getCustomerDashboard(viewer, lang, now);
}
