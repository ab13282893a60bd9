import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { priceList } from "./catalog";

/**
 * A person's conversation with the price assistant, kept until they delete it or it goes unused
 * (docs/decisions/022-price-assistant.md).
 */
export const assistantConversation = pgTable(
  "assistant_conversation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The time of its last message: conversations are listed by it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_conversation_user_idx").on(t.userId, t.updatedAt)],
);

/**
 * One message of a conversation: the person's text, or the assistant's answer with what it showed
 * (a table, a proposal, a history, a question) as `data`, so a resumed conversation shows the same.
 */
export const assistantMessage = pgTable(
  "assistant_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => assistantConversation.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assistant_message_conversation_idx").on(t.conversationId, t.createdAt)],
);

/**
 * A price change the assistant proposed: nothing changes until its owner confirms it, once, within
 * its time; undo puts the old prices back through the same write
 * (docs/decisions/022-price-assistant.md).
 */
export const assistantProposal = pgTable(
  "assistant_proposal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => assistantConversation.id, { onDelete: "set null" }),
    priceListId: uuid("price_list_id")
      .notNull()
      .references(() => priceList.id, { onDelete: "cascade" }),
    /** The message it answered: planned again when a price moved before it was confirmed. */
    request: text("request").notNull(),
    /** Product id, name, old and new cents of every product it changes. */
    items: jsonb("items").notNull(),
    status: text("status", { enum: ["pending", "applied", "cancelled", "expired", "stale", "undone", "gone"] })
      .notNull()
      .default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("assistant_proposal_user_idx").on(t.userId, t.createdAt),
    index("assistant_proposal_conversation_idx").on(t.conversationId),
  ],
);
