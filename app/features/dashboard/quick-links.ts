import { can, type Permission, type Principal } from "~/auth/permissions";

/** Labels are the navigation's own words; descriptions live in the dashboard namespace. */
export type QuickLink = {
  to: string;
  label:
    | "viewPrices"
    | "viewProducts"
    | "assistant"
    | "printShortList"
    | "printLongList"
    | "printSelected"
    | "manageProducts"
    | "administerPrices"
    | "importQuickbooks"
    | "createWhatsappList"
    | "manageUsers"
    | "activity"
    | "profile";
  permission: Permission;
};

export const quickLinks: readonly QuickLink[] = [
  { to: "/pricesprivate", label: "viewPrices", permission: "prices:view-private" },
  { to: "/products", label: "viewProducts", permission: "products:view" },
  { to: "/ai", label: "assistant", permission: "assistant:use" },
  { to: "/prices-short", label: "printShortList", permission: "print:view" },
  { to: "/prices-long", label: "printLongList", permission: "print:view" },
  { to: "/prices-selected", label: "printSelected", permission: "print:view" },
  { to: "/products/manage", label: "manageProducts", permission: "products:manage" },
  { to: "/prices-manage", label: "administerPrices", permission: "prices:manage" },
  { to: "/import-quickbooks", label: "importQuickbooks", permission: "import:run" },
  { to: "/exportlistswhatsapp", label: "createWhatsappList", permission: "export:run" },
  { to: "/manage-users", label: "manageUsers", permission: "users:manage" },
  { to: "/activity", label: "activity", permission: "activity:view" },
  { to: "/profile", label: "profile", permission: "profile:view" },
];

/** Only the pages this person may open, from the one permission table. */
export function quickLinksFor(user: Principal) {
  return quickLinks.filter((link) => can(user, link.permission));
}

/** A printed sheet's link: a customer's dashboard shows them beside their list. */
export type PrintLink = QuickLink & { label: "printShortList" | "printLongList" | "printSelected" };

export function isPrintLink(link: QuickLink): link is PrintLink {
  return link.permission === "print:view";
}
