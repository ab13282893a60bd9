/**
 * The one permission table (docs/decisions/003-permissions.md). Menus, route guards and every
 * loader and action read it; nothing else decides who may do what.
 */
export const roles = ["admin", "seller", "customer"] as const;
export type Role = (typeof roles)[number];

const everyone: readonly Role[] = roles;
const staff: readonly Role[] = ["admin", "seller"];
const admins: readonly Role[] = ["admin"];

export const permissionTable = {
  "dashboard:view": everyone,
  "profile:view": everyone,
  "translations:load": everyone,
  "assistant:use": everyone,
  "print:view": everyone,
  "products:view": everyone,
  "prices:view-private": everyone,
  "prices:view-all-lists": staff,
  "products:manage": staff,
  "products:view-staff-fields": staff,
  "prices:manage": staff,
  "price-lists:assign": staff,
  "price-lists:restore-deleted": admins,
  "import:run": staff,
  "export:run": staff,
  "activity:view": admins,
  "users:manage": admins,
  "outbox:view": admins,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionTable;

export type Principal = { role: Role } | null | undefined;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function can(user: Principal, permission: Permission): boolean {
  if (!user) return false;
  return (permissionTable[permission] as readonly Role[]).includes(user.role);
}

/** Every private page and the permission it needs; the route sweep test walks this list. */
export const privateRoutes = [
  { path: "/dashboard", permission: "dashboard:view" },
  { path: "/profile", permission: "profile:view" },
  { path: "/ai", permission: "assistant:use" },
  { path: "/prices-short", permission: "print:view" },
  { path: "/prices-long", permission: "print:view" },
  { path: "/prices-selected", permission: "print:view" },
  { path: "/pricesprivate", permission: "prices:view-private" },
  { path: "/prices-manage", permission: "prices:manage" },
  { path: "/products/manage", permission: "products:manage" },
  { path: "/import-quickbooks", permission: "import:run" },
  { path: "/exportlistswhatsapp", permission: "export:run" },
  { path: "/manage-users", permission: "users:manage" },
  { path: "/activity", permission: "activity:view" },
] as const satisfies readonly { path: string; permission: Permission }[];

/** Files for signed-in people's browsers, not pages; each answers only with its permission. */
export const privateResources = [
  { path: "/translations", permission: "translations:load" },
  { path: "/prices-short.pdf", permission: "print:view" },
  { path: "/prices-long.pdf", permission: "print:view" },
  { path: "/prices-selected.pdf", permission: "print:view" },
  { path: "/prices-selected/selection", permission: "print:view" },
  { path: "/exportlistswhatsapp/data", permission: "export:run" },
  { path: "/ai/messages", permission: "assistant:use" },
] as const satisfies readonly { path: string; permission: Permission }[];

export const publicPaths = ["/", "/about", "/about-us", "/contact", "/products", "/prices"] as const;
export const authPaths = ["/login", "/register", "/forgot-password", "/reset-password"] as const;
/** Files for search engines, open to everyone (they are not pages of the routing rules). */
export const publicResources = ["/sitemap.xml", "/robots.txt"] as const;
