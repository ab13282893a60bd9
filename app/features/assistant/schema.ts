import { z } from "zod";
import type { PriceHistoryEntry } from "~/features/price-lists/history";
import { MAX_REQUEST_CHARS } from "./engine/resolve";
import type { Choice, ListRef, ProductRef, ProposedChange } from "./engine/types";

/**
 * The longest message the assistant reads. People ask in a sentence or two; a pasted page is
 * refused whole, with the reason, rather than cut and misread.
 */
export const MESSAGE_MAX = MAX_REQUEST_CHARS;
export const TITLE_MAX = 80;
/** The most products one answer lists; the rest are a link away, on the list's own page. */
export const LISTED_ROWS_MAX = 100;

const id = z.guid({ error: "errors.invalid" });

/** Everything posted to /ai/messages; each refusal names its translation key. */
export const messageRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send"),
    conversationId: id.optional(),
    /** A retry: the person's message already stored, still without an answer. */
    replyTo: id.optional(),
    text: z
      .string({ error: "errors.empty" })
      .trim()
      .min(1, { error: "errors.empty" })
      .max(MESSAGE_MAX, { error: "errors.tooLong" }),
  }),
  z.object({ intent: z.enum(["confirm", "cancel", "undo"]), proposalId: id }),
]);

/** An id as the URL or a form gives it: a conversation's, a proposal's. */
export function isId(value: unknown): value is string {
  return id.safeParse(value).success;
}

/** The /ai page's own form: rename or delete a conversation. */
export const conversationActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    conversationId: id,
    title: z
      .string({ error: "errors.titleEmpty" })
      .trim()
      .min(1, { error: "errors.titleEmpty" })
      .max(TITLE_MAX, { error: "errors.titleTooLong" }),
  }),
  z.object({ intent: z.literal("delete"), conversationId: id }),
]);

/** A conversation is named after its first message until its owner renames it. */
export function conversationTitle(firstMessage: string) {
  const flat = firstMessage.replace(/\s+/g, " ").trim();
  return flat.length <= TITLE_MAX ? flat : `${flat.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

export type ProductRow = {
  id: string;
  name: string;
  /** The name in the other language, shown smaller. */
  otherName: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  priceCents: number | null;
  available: boolean;
};

export type ProposalState = "pending" | "applied" | "cancelled" | "expired" | "stale" | "undone" | "gone";

/** What an answer shows besides its text; stored with it so a resumed conversation shows the same. */
export type AnswerData =
  | { kind: "products"; list: ListRef; rows: ProductRow[]; total: number }
  | {
      kind: "proposal";
      proposalId: string;
      list: ListRef;
      items: ProposedChange[];
      warning: boolean;
      status: ProposalState;
      expiresAt: string;
    }
  | {
      kind: "history";
      product: ProductRef;
      list: ListRef | null;
      days: number;
      entries: HistoryEntry[];
      /** Who changed each price and how, shown to staff only. */
      staffView: boolean;
    }
  | { kind: "choices"; choices: Choice[] };

export type HistoryEntry = PriceHistoryEntry & { list: string | null };

export type StoredMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  data: AnswerData | null;
  createdAt: string;
};

export type ConversationSummary = { id: string; title: string; updatedAt: string };

/**
 * The lines of /ai/messages' streamed answer, one JSON object a line: the conversation it went
 * to, then the answer's text as it is written, then what the answer shows, then its stored id.
 */
export type StreamEvent =
  | { type: "start"; conversationId: string; userMessageId: string }
  | { type: "text"; delta: string }
  | { type: "data"; data: AnswerData }
  | { type: "done"; message: StoredMessage }
  | { type: "error"; message: string };

/** The JSON answer of a confirmation, cancellation or undo: the card's new state and the messages it added. */
export type SettleAnswer =
  { ok: true; proposalId: string; status: ProposalState; messages: StoredMessage[] } | { ok: false; message: string };
