import { can, type Role } from "~/auth/permissions";
import { findBuyerItems } from "~/features/price-lists/items.server";
import { findPriceHistory } from "~/features/price-lists/history.server";
import { resolveReadableList } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import { addMessage, findUnansweredMessage, openConversation } from "./conversations.server";
import type { Plan } from "./engine/types";
import { planForUser } from "./plan.server";
import { createProposal, settleProposal, type ProposalOutcome } from "./proposals.server";
import { LISTED_ROWS_MAX, type AnswerData, type ProductRow, type StoredMessage, type StreamEvent } from "./schema";

type Person = { id: string; role: Role };

const DAY_MS = 86_400_000;

/** A text of the assistant's namespace in one language: for answers built outside a component. */
export function assistantText(lang: Lang, key: string, values?: Record<string, unknown>) {
  return (translatorFor(lang) as (key: string, options: object) => string)(key, { ns: "assistant", ...values });
}
const text = assistantText;

/**
 * The list a plan reads, checked here again: the engine only ever names lists the person may read,
 * but a customer's answer must never come from another customer's list, whatever planned it.
 */
async function readableList(person: Person, slug: string, lang: Lang) {
  const readable = await resolveReadableList(person, slug, lang);
  return readable.kind === "list" ? readable.list : null;
}

/** Carries a plan out: reads what it lists, stores what it proposes. A plan that cannot be kept answers null data and a refusal. */
async function carryOut(
  plan: Plan,
  person: Person,
  conversationId: string,
  request: string,
): Promise<{ reply: string; data: AnswerData | null }> {
  const refused = { reply: text(plan.lang, "refusals.notAllowed"), data: null };
  switch (plan.tool) {
    case "list_products": {
      const list = plan.args.priceList ? await readableList(person, plan.args.priceList.slug, plan.lang) : null;
      if (!list) return refused;
      const ids = plan.results.map((r) => r.id);
      const items = new Map(
        (
          await findBuyerItems(list.id, ids.slice(0, LISTED_ROWS_MAX), {
            hiddenToo: can(person, "prices:view-all-lists"),
          })
        ).map((i) => [i.productId, i]),
      );
      const rows: ProductRow[] = [];
      for (const id of ids.slice(0, LISTED_ROWS_MAX)) {
        const item = items.get(id);
        if (!item) continue;
        const [name, otherName] = plan.lang === "es" ? [item.nameEs, item.nameEn] : [item.nameEn, item.nameEs];
        rows.push({
          id,
          name: name || otherName,
          otherName: name && otherName && otherName !== name ? otherName : null,
          unit: item.unit,
          packValue: item.packValue,
          packUnit: item.packUnit,
          priceCents: item.priceCents,
          available: item.available,
        });
      }
      return {
        reply: plan.reply,
        data: {
          kind: "products",
          list: { slug: list.slug, name: listName(list, plan.lang) },
          rows,
          total: plan.results.length,
        },
      };
    }
    case "change_price": {
      if (!can(person, "prices:manage") || !plan.args.priceList) return refused;
      const list = await readableList(person, plan.args.priceList.slug, plan.lang);
      if (!list || plan.changes.length === 0) return refused;
      const proposal = await createProposal({
        userId: person.id,
        conversationId,
        listId: list.id,
        request,
        items: plan.changes,
      });
      return {
        reply: plan.reply,
        data: {
          kind: "proposal",
          proposalId: proposal.id,
          list: { slug: list.slug, name: listName(list, plan.lang) },
          items: plan.changes,
          warning: plan.warning,
          status: "pending",
          expiresAt: proposal.expiresAt.toISOString(),
        },
      };
    }
    case "price_history": {
      const product = plan.args.product;
      if (!product) return refused;
      let list = null;
      if (plan.args.priceList) {
        list = await readableList(person, plan.args.priceList.slug, plan.lang);
        if (!list) return refused;
      } else if (!can(person, "prices:view-all-lists")) {
        return refused;
      }
      const days = plan.args.days ?? 30;
      const rows = await findPriceHistory(product.id, plan.lang, {
        listId: list?.id,
        since: new Date(Date.now() - days * DAY_MS),
      });
      // Who changed a price, and with which tool, is staff's business: a customer sees the prices.
      const staffView = can(person, "prices:view-all-lists");
      return {
        reply: plan.reply,
        data: {
          kind: "history",
          product,
          list: list ? { slug: list.slug, name: listName(list, plan.lang) } : null,
          days,
          staffView,
          entries: rows.map((r) => ({
            id: r.id,
            at: r.createdAt,
            oldCents: r.oldCents,
            newCents: r.newCents,
            source: staffView ? r.source : "other",
            author: staffView ? r.authorName : null,
            list: r.listName,
          })),
        },
      };
    }
    case "clarify":
      return { reply: plan.reply, data: { kind: "choices", choices: plan.choices } };
    case "refuse":
      return { reply: plan.reply, data: null };
  }
}

/** Plans one message for the person and carries the plan out, as the conversation's next answer. */
async function answerRequest(person: Person, conversationId: string, request: string, screenLang: Lang) {
  const plan = await planForUser(request, person, screenLang);
  const answer = await carryOut(plan, person, conversationId, request);
  return { plan, ...answer };
}

/**
 * Answers a message in the person's conversation (a new one when none is given), or answers again
 * their last message when a retry names it. The person's message is stored before anything else,
 * and the answer before it is sent, so a stream cut on the way loses neither: the screen reads
 * the conversation back.
 */
export async function answerMessage(
  person: Person,
  input: { conversationId?: string; replyTo?: string; text: string },
  screenLang: Lang,
  emit: (event: StreamEvent) => void,
) {
  // A retry without its conversation would open a new one and answer nothing there.
  const conversationId =
    input.replyTo && !input.conversationId
      ? null
      : await openConversation(person.id, input.conversationId ?? null, input.text);
  if (!conversationId) {
    emit({ type: "error", message: text(screenLang, "errors.conversationNotFound") });
    return;
  }
  const asked = input.replyTo
    ? await findUnansweredMessage(person.id, conversationId, input.replyTo)
    : { ...(await addMessage(conversationId, { role: "user", content: input.text })), content: input.text };
  if (!asked) {
    emit({ type: "error", message: text(screenLang, "errors.alreadyAnswered") });
    return;
  }
  emit({ type: "start", conversationId, userMessageId: asked.id });
  const { reply, data } = await answerRequest(person, conversationId, asked.content, screenLang);
  const stored = await addMessage(conversationId, { role: "assistant", content: reply, data });
  emit({ type: "text", delta: reply });
  if (data) emit({ type: "data", data });
  emit({
    type: "done",
    message: { id: stored.id, role: "assistant", content: reply, data, createdAt: stored.createdAt },
  });
}

/**
 * Confirms, cancels or undoes a proposal and says what became of it in its conversation. A
 * proposal whose prices moved is planned again from its request, so the person confirms what is
 * true now.
 */
export async function settle(
  person: Person,
  proposalId: string,
  step: "confirm" | "cancel" | "undo",
  screenLang: Lang,
): Promise<{ outcome: ProposalOutcome; messages: StoredMessage[] }> {
  const outcome = await settleProposal(person, proposalId, step);
  if (outcome.kind === "not_found" || outcome.kind === "cancelled") return { outcome, messages: [] };
  const { proposal } = outcome;
  const lang = screenLang;
  const messages: StoredMessage[] = [];
  const say = async (content: string, data: AnswerData | null = null) => {
    if (!proposal.conversationId) return;
    const stored = await addMessage(proposal.conversationId, { role: "assistant", content, data });
    messages.push({ id: stored.id, role: "assistant", content, data, createdAt: stored.createdAt });
  };
  switch (outcome.kind) {
    case "applied":
      await say(text(lang, "outcome.applied", { count: outcome.changed }));
      break;
    case "undone":
      await say(text(lang, "outcome.undone", { count: outcome.changed }));
      break;
    case "expired":
      await say(text(lang, "outcome.expired"));
      break;
    case "gone":
      await say(text(lang, "outcome.gone"));
      break;
    case "finished":
      break;
    case "stale": {
      if (step === "undo") {
        await say(text(lang, "outcome.undoMoved"));
        break;
      }
      await say(text(lang, "outcome.stale"));
      if (proposal.conversationId) {
        const again = await answerRequest(person, proposal.conversationId, proposal.request, screenLang);
        await say(again.reply, again.data);
      }
      break;
    }
  }
  return { outcome, messages };
}
