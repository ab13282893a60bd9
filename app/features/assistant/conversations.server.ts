import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { assistantConversation, assistantMessage, assistantProposal } from "~/db/schema";
import { pruneOldProposals } from "./proposals.server";
import { conversationTitle, type AnswerData, type ConversationSummary, type StoredMessage } from "./schema";

/** Conversations untouched this long are removed: people come back to a thread within weeks, not seasons. */
export const CONVERSATION_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;

/** The most conversations the side list shows; older ones are still kept until retention. */
const LISTED = 50;

export async function listConversations(userId: string): Promise<ConversationSummary[]> {
  const rows = await db()
    .select({
      id: assistantConversation.id,
      title: assistantConversation.title,
      updatedAt: assistantConversation.updatedAt,
    })
    .from(assistantConversation)
    .where(eq(assistantConversation.userId, userId))
    .orderBy(desc(assistantConversation.updatedAt), desc(assistantConversation.id))
    .limit(LISTED);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** One of the person's conversations with its messages, oldest first; null when it is not theirs. */
export async function findConversation(userId: string, id: string) {
  const [conversation] = await db()
    .select({ id: assistantConversation.id, title: assistantConversation.title })
    .from(assistantConversation)
    .where(and(eq(assistantConversation.id, id), eq(assistantConversation.userId, userId)));
  if (!conversation) return null;
  const [rows, proposals] = await Promise.all([
    db()
      .select({
        id: assistantMessage.id,
        role: assistantMessage.role,
        content: assistantMessage.content,
        data: assistantMessage.data,
        createdAt: assistantMessage.createdAt,
      })
      .from(assistantMessage)
      .where(eq(assistantMessage.conversationId, id))
      .orderBy(asc(assistantMessage.createdAt), asc(assistantMessage.id)),
    db()
      .select({ id: assistantProposal.id, status: assistantProposal.status, expiresAt: assistantProposal.expiresAt })
      .from(assistantProposal)
      .where(eq(assistantProposal.conversationId, id)),
  ]);
  // A proposal's card shows what became of it since, not what it was when first answered.
  const states = new Map(proposals.map((p) => [p.id, p]));
  const messages = rows.map((r): StoredMessage => {
    let data = r.data as AnswerData | null;
    if (data?.kind === "proposal") {
      const state = states.get(data.proposalId);
      if (state) data = { ...data, status: state.status, expiresAt: state.expiresAt.toISOString() };
    }
    return { id: r.id, role: r.role, content: r.content, data, createdAt: r.createdAt.toISOString() };
  });
  return { ...conversation, messages };
}

/** The person's conversation, or a new one named after its first message. */
export async function openConversation(userId: string, id: string | null, firstMessage: string) {
  if (id) {
    const [row] = await db()
      .select({ id: assistantConversation.id })
      .from(assistantConversation)
      .where(and(eq(assistantConversation.id, id), eq(assistantConversation.userId, userId)));
    return row?.id ?? null;
  }
  const [row] = await db()
    .insert(assistantConversation)
    .values({ userId, title: conversationTitle(firstMessage) })
    .returning({ id: assistantConversation.id });
  return row.id;
}

export async function addMessage(
  conversationId: string,
  message: { role: "user" | "assistant"; content: string; data?: AnswerData | null },
) {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .insert(assistantMessage)
      .values({ conversationId, role: message.role, content: message.content, data: message.data ?? null })
      .returning({ id: assistantMessage.id, createdAt: assistantMessage.createdAt });
    await tx
      .update(assistantConversation)
      .set({ updatedAt: sql`now()` })
      .where(eq(assistantConversation.id, conversationId));
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  });
}

export async function renameConversation(userId: string, id: string, title: string) {
  const rows = await db()
    .update(assistantConversation)
    .set({ title })
    .where(and(eq(assistantConversation.id, id), eq(assistantConversation.userId, userId)))
    .returning({ id: assistantConversation.id });
  return rows.length > 0;
}

export async function deleteConversation(userId: string, id: string) {
  const rows = await db()
    .delete(assistantConversation)
    .where(and(eq(assistantConversation.id, id), eq(assistantConversation.userId, userId)))
    .returning({ id: assistantConversation.id });
  return rows.length > 0;
}

/**
 * The person's message a retry answers: the last of their conversation, still without an answer;
 * null when it is not (then it was answered meanwhile, or is not theirs).
 */
export async function findUnansweredMessage(userId: string, conversationId: string, messageId: string) {
  const [last] = await db()
    .select({ id: assistantMessage.id, role: assistantMessage.role, content: assistantMessage.content })
    .from(assistantMessage)
    .innerJoin(assistantConversation, eq(assistantConversation.id, assistantMessage.conversationId))
    .where(and(eq(assistantMessage.conversationId, conversationId), eq(assistantConversation.userId, userId)))
    .orderBy(desc(assistantMessage.createdAt), desc(assistantMessage.id))
    .limit(1);
  return last?.id === messageId && last.role === "user" ? { id: last.id, content: last.content } : null;
}

/** Removes conversations nobody wrote in for the retention period, with their messages and proposals. */
export async function pruneOldConversations(now = new Date()) {
  const before = new Date(now.getTime() - CONVERSATION_RETENTION_DAYS * DAY_MS);
  const rows = await db()
    .delete(assistantConversation)
    .where(lt(assistantConversation.updatedAt, before))
    .returning({ id: assistantConversation.id });
  return { conversations: rows.length, proposals: await pruneOldProposals(before) };
}
