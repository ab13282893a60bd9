import type { Permission, Principal } from "~/auth/permissions";
import { can } from "~/auth/permissions";

/** Navigation labels are keys of the navigation namespace; permissions come from the one table. */
export type NavItem = { to: string; label: NavLabel; permission?: Permission };
export type NavGroup = { label: "products" | "prices" | "print"; items: NavItem[] };
export type NavLabel =
  | "home"
  | "products"
  | "prices"
  | "aboutUs"
  | "contact"
  | "login"
  | "dashboard"
  | "activity"
  | "assistant"
  | "viewProducts"
  | "manageProducts"
  | "viewPrices"
  | "administerPrices"
  | "importQuickbooks"
  | "createWhatsappList"
  | "printShortList"
  | "printLongList"
  | "printSelected"
  | "manageUsers";

export const publicNav: NavItem[] = [
  { to: "/", label: "home" },
  { to: "/products", label: "products" },
  { to: "/prices", label: "prices" },
  { to: "/about-us", label: "aboutUs" },
  { to: "/contact", label: "contact" },
];

export const privateTopNav: NavItem[] = [
  { to: "/dashboard", label: "dashboard", permission: "dashboard:view" },
  { to: "/activity", label: "activity", permission: "activity:view" },
  { to: "/ai", label: "assistant", permission: "assistant:use" },
  { to: "/manage-users", label: "manageUsers", permission: "users:manage" },
];

export const privateGroups: NavGroup[] = [
  {
    label: "products",
    items: [
      { to: "/products", label: "viewProducts", permission: "products:view" },
      { to: "/products/manage", label: "manageProducts", permission: "products:manage" },
    ],
  },
  {
    label: "prices",
    items: [
      { to: "/pricesprivate", label: "viewPrices", permission: "prices:view-private" },
      { to: "/prices-manage", label: "administerPrices", permission: "prices:manage" },
      { to: "/import-quickbooks", label: "importQuickbooks", permission: "import:run" },
      { to: "/exportlistswhatsapp", label: "createWhatsappList", permission: "export:run" },
    ],
  },
  {
    label: "print",
    items: [
      { to: "/prices-short", label: "printShortList", permission: "print:view" },
      { to: "/prices-long", label: "printLongList", permission: "print:view" },
      { to: "/prices-selected", label: "printSelected", permission: "print:view" },
    ],
  },
];

export function visibleItems(items: NavItem[], user: Principal) {
  return items.filter((item) => !item.permission || can(user, item.permission));
}

export function visibleGroups(user: Principal) {
  return privateGroups
    .map((g) => ({ ...g, items: visibleItems(g.items, user) }))
    .filter((g) => g.items.length > 0);
}
