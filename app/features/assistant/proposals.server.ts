import { and, eq, lt, sql } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { assistantProposal } from "~/db/schema";
import { writePriceEdits } from "~/features/price-lists/items.server";
import { Refusal } from "~/lib/refusal";
import type { ProposedChange } from "./engine/types";

/**
 * How long a proposal waits for its confirmation: prices seen a quarter of an hour ago are not
 * what a person means to confirm (docs/decisions/022-price-assistant.md).
 */
export const PROPOSAL_TTL_MS = 15 * 60_000;

export type ProposalStatus = (typeof assistantProposal.$inferSelect)["status"];

export async function createProposal(input: {
  userId: string;
  conversationId: string | null;
  listId: string;
  request: string;
  items: ProposedChange[];
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const [row] = await db()
    .insert(assistantProposal)
    .values({
      userId: input.userId,
      conversationId: input.conversationId,
      priceListId: input.listId,
      request: input.request,
      items: input.items,
      expiresAt: new Date(now.getTime() + PROPOSAL_TTL_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: assistantProposal.id, expiresAt: assistantProposal.expiresAt });
  return row;
}

/**
 * What became of a confirmation, a cancellation or an undo. `stale`: a price moved since the
 * proposal (or since it was applied, for an undo), so nothing was written; `gone`: its list was
 * deleted.
 */
export type ProposalOutcome =
  | { kind: "applied"; changed: number; proposal: ProposalRow }
  | { kind: "undone"; changed: number; proposal: ProposalRow }
  | { kind: "cancelled"; proposal: ProposalRow }
  | { kind: "stale"; proposal: ProposalRow }
  | { kind: "expired"; proposal: ProposalRow }
  | { kind: "finished"; proposal: ProposalRow }
  | { kind: "gone"; proposal: ProposalRow }
  | { kind: "not_found" };

export type ProposalRow = {
  id: string;
  listId: string;
  conversationId: string | null;
  request: string;
  items: ProposedChange[];
  status: ProposalStatus;
};

type Step = "confirm" | "cancel" | "undo";

/** The status a step needs the proposal to be in. */
const needs: Record<Step, ProposalStatus> = { confirm: "pending", cancel: "pending", undo: "applied" };

/**
 * Confirms, cancels or undoes one of the person's own proposals. The proposal's row is locked for
 * the transaction, so two confirmations at once apply it once: the second finds it applied. Prices
 * are written by the editor's own write (history source "assistant", activity, live pages), and
 * only while every price is still the one the proposal (or the applied change) showed.
 */
export async function settleProposal(
  actor: { id: string },
  proposalId: string,
  step: Step,
  now = new Date(),
): Promise<ProposalOutcome> {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(assistantProposal)
      .where(and(eq(assistantProposal.id, proposalId), eq(assistantProposal.userId, actor.id)))
      .for("update");
    if (!row) return { kind: "not_found" };
    const proposal: ProposalRow = {
      id: row.id,
      listId: row.priceListId,
      conversationId: row.conversationId,
      request: row.request,
      items: row.items as ProposedChange[],
      status: row.status,
    };
    const mark = async (status: ProposalStatus) => {
      await tx
        .update(assistantProposal)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(assistantProposal.id, row.id));
      return { ...proposal, status };
    };
    if (row.status !== needs[step]) return { kind: "finished", proposal };
    if (step === "cancel") return { kind: "cancelled", proposal: await mark("cancelled") };
    if (step === "confirm" && row.expiresAt <= now) return { kind: "expired", proposal: await mark("expired") };

    const forward = step === "confirm";
    const edits = proposal.items.map((i) => ({
      productId: i.productId,
      priceCents: forward ? i.newCents : i.oldCents,
    }));
    const expectedPrices = new Map(proposal.items.map((i) => [i.productId, forward ? i.oldCents : i.newCents]));
    try {
      const { changed } = await writePriceEdits(tx, actor, row.priceListId, edits, {
        expectedPrices,
        source: "assistant",
      });
      return forward
        ? { kind: "applied", changed, proposal: await mark("applied") }
        : { kind: "undone", changed, proposal: await mark("undone") };
    } catch (error) {
      // Every refusal of this write is the price list's (price-lists/errors.ts).
      if (!(error instanceof Refusal)) throw error;
      if (error.code === "errors.notFound") return { kind: "gone", proposal: await mark("gone") };
      // A moved price, or a product gone from the list: what was shown is no longer true.
      return { kind: "stale", proposal: forward ? await mark("stale") : proposal };
    }
  });
}

/**
 * Removes proposals untouched since before the retention period: what they changed is in the
 * price history, and none is confirmed or undone half a year on.
 */
export async function pruneOldProposals(before: Date) {
  const rows = await db()
    .delete(assistantProposal)
    .where(lt(assistantProposal.updatedAt, before))
    .returning({ id: assistantProposal.id });
  return rows.length;
}
