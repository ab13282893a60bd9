import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Products are archived, never hard-deleted, because history and versions refer to them. */
export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull(),
    descriptionEn: text("description_en"),
    descriptionEs: text("description_es"),
    category: text("category"),
    // Money in integer cents: no floating-point drift.
    basePriceCents: integer("base_price_cents"),
    quantity: numeric("quantity", { precision: 12, scale: 2 }),
    unit: text("unit"),
    packValue: numeric("pack_value", { precision: 10, scale: 3 }),
    packUnit: text("pack_unit"),
    imageKey: text("image_key"),
    imageUrl: text("image_url"),
    availability: text("availability").notNull().default("in_stock"),
    active: boolean("active").notNull().default(true),
    quickbooksId: text("quickbooks_id").unique(),
    sku: text("sku"),
    popularity: integer("popularity").notNull().default(0),
    /**
     * Both names as app/lib/search.ts keys them, written with every change of a name and refreshed
     * at start (docs/decisions/028-search.md): SQL cannot run the TypeScript normaliser.
     */
    searchKey: text("search_key").notNull().default(""),
    // Kept from customers and visitors while staff review it (docs/decisions/026-imported-products-review.md).
    hidden: boolean("hidden").notNull().default(false),
    /** Created by an import and not reviewed yet: the manage screen's "to review" filter. */
    importReview: boolean("import_review").notNull().default(false),
    /**
     * The import run that created it. Such a product is shown to customers and visitors only with a
     * price in the list they see. No foreign key: the run's table is declared after this one, and
     * runs are never deleted.
     */
    importRunId: uuid("import_run_id"),
    revision: integer("revision").notNull().default(1),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("product_category_idx").on(t.category),
    index("product_sku_idx").on(t.sku),
    index("product_import_review_idx")
      .on(t.importReview)
      .where(sql`${t.importReview}`),
    check(
      "product_category_check",
      sql`${t.category} is null or ${t.category} in ('vegetables','fruits','dry_produce','herbs','others')`,
    ),
    check("product_availability_check", sql`${t.availability} in ('in_stock','out_of_stock')`),
    check("product_price_check", sql`${t.basePriceCents} is null or ${t.basePriceCents} >= 0`),
  ],
);

export const priceList = pgTable(
  "price_list",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    // Staff may leave the Spanish empty: readers of Spanish then see the English (docs/decisions/010-price-lists.md).
    nameEs: text("name_es"),
    description: text("description"),
    descriptionEs: text("description_es"),
    isTemplate: boolean("is_template").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(false),
    isDefaultForCustomers: boolean("is_default_for_customers").notNull().default(false),
    parentId: uuid("parent_id"),
    // 'fixed' holds cents, 'percentage' holds hundredths of a percent.
    adjustmentType: text("adjustment_type"),
    adjustmentValue: integer("adjustment_value"),
    revision: integer("revision").notNull().default(1),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Exactly one public list and one default customer list at a time.
    uniqueIndex("price_list_one_public")
      .on(t.isPublic)
      .where(sql`${t.isPublic} and ${t.deletedAt} is null`),
    uniqueIndex("price_list_one_default")
      .on(t.isDefaultForCustomers)
      .where(sql`${t.isDefaultForCustomers} and ${t.deletedAt} is null`),
    check(
      "price_list_adjustment_check",
      sql`${t.adjustmentType} is null or ${t.adjustmentType} in ('fixed','percentage')`,
    ),
  ],
);

export const priceListItem = pgTable(
  "price_list_item",
  {
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id),
    priceCents: integer("price_cents"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index("price_list_item_product_idx").on(t.productId),
    check("price_list_item_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** An immutable snapshot of a list (name, adjustment, parent and every item's price). */
export const priceListVersion = pgTable(
  "price_list_version",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    reason: text("reason"),
    automatic: boolean("automatic").notNull().default(false),
    snapshot: jsonb("snapshot").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("price_list_version_number").on(t.priceListId, t.number)],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id),
    priceListId: uuid("price_list_id").references(() => priceList.id, { onDelete: "cascade" }),
    oldPriceCents: integer("old_price_cents"),
    newPriceCents: integer("new_price_cents"),
    source: text("source").notNull(),
    // The list revision this change produced, so a conflicting save can show what came after.
    listRevision: integer("list_revision"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_history_product_idx").on(t.productId, t.createdAt),
    index("price_history_list_idx").on(t.priceListId, t.createdAt),
    // One change of a list's prices, in the order it was written: a grouped activity entry's rows
    // (docs/decisions/029-grouped-activity.md), and what a conflicting save shows.
    index("price_history_revision_idx").on(t.priceListId, t.listRevision, t.id),
  ],
);

/** The price list a customer sees (docs/decisions/003-permissions.md). */
export const customerPriceList = pgTable("customer_price_list", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  priceListId: uuid("price_list_id")
    .notNull()
    .references(() => priceList.id, { onDelete: "cascade" }),
  assignedBy: text("assigned_by").references(() => user.id, { onDelete: "set null" }),
  ...timestamps,
});

export const activity = pgTable(
  "activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    summary: text("summary"),
    changes: jsonb("changes"),
    /**
     * Set on an entry that stands for one change of many prices of a list (entity_id): the list
     * revision that change produced. Its rows are that revision's price history rows, not entries
     * of their own (docs/decisions/029-grouped-activity.md).
     */
    listRevision: integer("list_revision"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_created_idx").on(t.createdAt),
    index("activity_entity_idx").on(t.entityType, t.entityId),
    index("activity_actor_idx").on(t.actorId),
  ],
);

/**
 * The products a person ticked to print from one list (docs/decisions/020-printed-price-sheets.md):
 * kept on the server, so the selection survives a reload and follows them to another device.
 */
export const printSelection = pgTable(
  "print_selection",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.priceListId, t.productId] })],
);

/** The last sheet options a person chose (list, paper, pictures, language), offered again next time. */
export const printPreference = pgTable("print_preference", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  priceListId: uuid("price_list_id").references(() => priceList.id, { onDelete: "set null" }),
  paper: text("paper").notNull().default("letter"),
  images: boolean("images").notNull().default(false),
  lang: text("lang"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a customer last looked at their prices, for the dashboard's "changed since your last visit"
 * (docs/decisions/010-price-lists.md#changes-since-a-customers-last-visit): `seen_at` is their
 * latest view; `changes_since` is where the visit under way counts changes from, the end of their
 * visit before it, or null while they are still on their first.
 */
export const priceVisit = pgTable("price_visit", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  changesSince: timestamp("changes_since", { withTimezone: true }),
});

/**
 * Every WhatsApp price message generated from a list: who, when, in which language, its parts
 * and the prices it quoted, so the next message marks what changed since buyers last received one.
 */
export const whatsappExport = pgTable(
  "whatsapp_export",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    lang: text("lang").notNull(),
    options: jsonb("options").notNull(),
    parts: jsonb("parts").notNull(),
    /** Product id → cents, for every product the message quoted. */
    prices: jsonb("prices").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("whatsapp_export_list_idx").on(t.priceListId, t.createdAt)],
);

/** The message options a person last saved for a list, offered again for that list. */
export const whatsappExportPreference = pgTable(
  "whatsapp_export_preference",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    options: jsonb("options").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.priceListId] })],
);
