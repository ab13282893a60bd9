import type { SignedInRole } from "../support/server";

/**
 * The roles table of docs/decisions/023-specification-decisions.md (Roles at a glance), written out
 * on its own so the browser tests check the running site against the design rather than against the
 * code's permission table.
 */
export const signedInPages = [
  "/dashboard",
  "/profile",
  "/ai",
  "/prices-short",
  "/prices-long",
  "/prices-selected",
  "/pricesprivate",
];
export const staffPages = ["/prices-manage", "/products/manage", "/import-quickbooks", "/exportlistswhatsapp"];
export const adminPages = ["/manage-users", "/activity"];
export const privatePages = [...signedInPages, ...staffPages, ...adminPages];
export const publicPages = ["/", "/products", "/prices", "/about-us", "/about", "/contact"];
export const authPages = ["/login", "/register", "/forgot-password", "/reset-password"];

export function allowedPages(role: SignedInRole) {
  if (role === "admin") return privatePages;
  if (role === "seller") return [...signedInPages, ...staffPages];
  return signedInPages;
}

export function forbiddenPages(role: SignedInRole) {
  return privatePages.filter((p) => !allowedPages(role).includes(p));
}

export const roles: SignedInRole[] = ["customer", "seller", "admin"];
