import type { Category } from "~/features/catalog/categories";
import type { Lang } from "~/i18n/config";

/**
 * What the price assistant's built-in engine reads and answers (no model, no network). The
 * engine is pure: the server loads an `AssistantCatalog` for the person, the engine plans what to
 * do with one message, and the server carries the plan out (a table, a proposal, a history).
 */
export type AssistantRole = "admin" | "seller" | "customer";

export type AssistantProduct = {
  id: string;
  slug: string;
  nameEn: string;
  nameEs: string | null;
  category: Category | null;
  /** What is sold: case, lb, each… */
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
};

export type AssistantList = { id: string; slug: string; name: string; nameEs: string | null };

/** The catalogue as one person may read it: a customer's lists hold only their own list. */
export type AssistantCatalog = {
  /** Products staff sell: active, not archived. */
  products: readonly AssistantProduct[];
  /** The price lists the person may read, not deleted. */
  lists: readonly AssistantList[];
  /** By list id: the list's items, product id → price in cents (null: in the list without a price). */
  prices: ReadonlyMap<string, ReadonlyMap<string, number | null>>;
};

export type PlanContext = {
  role: AssistantRole;
  /** The list a request that names none is about: a customer's own list, else the first list staff see. */
  defaultList: AssistantList | null;
  /** The language of the person's screen, for a message whose own language cannot be told. */
  screenLang: Lang;
};

export type ProductRef = { id: string; name: string };
export type ListRef = { slug: string; name: string };
/** A signed change: dollars for `fixed`, percent for `percentage` (-10 lowers by 10%). */
export type ChangeBy = { type: "fixed" | "percentage"; value: number };

export type PlanArgs = {
  product?: ProductRef;
  category?: Category;
  query?: string;
  priceList?: ListRef;
  scope?: "product" | "category";
  /** Dollars. */
  newPrice?: number;
  changeBy?: ChangeBy;
  days?: number;
};

/** One product's price before and after a proposed change, in cents. */
export type ProposedChange = { productId: string; name: string; oldCents: number; newCents: number };

/** A button under a question: its label, and the message it sends when pressed. */
export type Choice = { label: string; message: string };

export type RefuseReason =
  | "out_of_scope"
  | "customer_change"
  | "other_list"
  | "price_not_positive"
  | "price_too_high"
  | "decrease_too_large"
  | "unknown_list"
  | "unknown_product"
  | "no_price"
  | "too_long"
  | "empty";

type PlanBase = { lang: Lang; args: PlanArgs; reply: string };

export type Plan =
  | (PlanBase & { tool: "list_products"; results: ProductRef[] })
  | (PlanBase & {
      tool: "change_price";
      results: ProductRef[];
      changes: ProposedChange[];
      /** Some price moves by more than half: the proposal says so. */
      warning: boolean;
    })
  | (PlanBase & { tool: "price_history" })
  | (PlanBase & { tool: "clarify"; choices: Choice[] })
  | (PlanBase & { tool: "refuse"; reason: RefuseReason });

export type PlanTool = Plan["tool"];
