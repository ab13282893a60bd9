import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, assistantProposal, priceHistory, priceListItem, product } from "../../app/db/schema";
import { createProposal, PROPOSAL_TTL_MS, settleProposal } from "../../app/features/assistant/proposals.server";
import { addProductsToList, savePriceEdits } from "../../app/features/price-lists/items.server";
import { createPriceList, deletePriceList } from "../../app/features/price-lists/lists.server";
import { MAX_PRICE_CENTS } from "../../app/lib/money";
import type { SettleAnswer, StreamEvent } from "../../app/features/assistant/schema";
import { action } from "../../app/routes/ai-messages";
import { callRoute, formRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const noFlags = { isPublic: false, isDefaultForCustomers: false, isTemplate: false };
let seller: SessionUser;
let otherSeller: SessionUser;
let customer: SessionUser;
let list: { id: string; slug: string };
let basil: string;
let mint: string;

async function pricesNow() {
  const rows = await db()
    .select({ productId: priceListItem.productId, cents: priceListItem.priceCents })
    .from(priceListItem)
    .where(eq(priceListItem.priceListId, list.id));
  return Object.fromEntries(rows.map((r) => [r.productId, r.cents]));
}

/** Herbs up 10%: basil $13.30 → $14.63, mint $8.00 → $8.80. */
async function proposeHerbs(who = seller, now?: Date) {
  return createProposal({
    userId: who.id,
    conversationId: null,
    listId: list.id,
    request: "raise all herbs 10%",
    items: [
      { productId: basil, name: "Basil", oldCents: 1330, newCents: 1463 },
      { productId: mint, name: "Mint", oldCents: 800, newCents: 880 },
    ],
    now,
  });
}

beforeEach(async () => {
  for (const table of ["assistant_proposal", "price_history", "activity", "price_list_item", "price_list_version"]) {
    await db().execute(sql.raw(`delete from ${table}`));
  }
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  otherSeller ??= await makeUser("seller");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs", basePriceCents: 1330 },
      { slug: "mint", nameEn: "Mint", nameEs: "Menta", category: "herbs", basePriceCents: 800 },
    ])
    .returning({ id: product.id, slug: product.slug });
  [basil, mint] = [rows.find((r) => r.slug === "basil")!.id, rows.find((r) => r.slug === "mint")!.id];
  list = await createPriceList(seller, {
    name: "Hotels",
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    ...noFlags,
  });
  await addProductsToList(seller, list.id, [basil, mint]);
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from activity`);
});

describe(`the assistant's proposals (${test.kind})`, () => {
  it("changes nothing until confirmed, then writes the prices with their history and activity, once", async () => {
    const proposal = await proposeHerbs();
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 800 });

    const applied = await settleProposal(seller, proposal.id, "confirm");
    expect(applied).toMatchObject({ kind: "applied", changed: 2, proposal: { status: "applied" } });
    expect(await pricesNow()).toEqual({ [basil]: 1463, [mint]: 880 });
    const history = await db().select().from(priceHistory).where(eq(priceHistory.priceListId, list.id));
    expect(history.map((h) => [h.productId, h.oldPriceCents, h.newPriceCents, h.source, h.authorId]).sort()).toEqual(
      [
        [basil, 1330, 1463, "assistant", seller.id],
        [mint, 800, 880, "assistant", seller.id],
      ].sort(),
    );
    // One confirmation, one entry: the two prices are its rows.
    const entries = await db().select().from(activity).where(eq(activity.entityType, "price_item"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: seller.id, changes: { source: "assistant", count: 2 } });

    // A second confirmation finds it applied and writes nothing more.
    expect(await settleProposal(seller, proposal.id, "confirm")).toMatchObject({ kind: "finished" });
    expect(await db().select().from(priceHistory)).toHaveLength(2);
  });

  it("applies a proposal confirmed twice at the same time once", async () => {
    const proposal = await proposeHerbs();
    const outcomes = await Promise.all([
      settleProposal(seller, proposal.id, "confirm"),
      settleProposal(seller, proposal.id, "confirm"),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["applied", "finished"]);
    expect(await pricesNow()).toEqual({ [basil]: 1463, [mint]: 880 });
    expect(await db().select().from(priceHistory)).toHaveLength(2);
  });

  it("refuses a proposal whose prices moved since, and writes nothing", async () => {
    const proposal = await proposeHerbs();
    await savePriceEdits(otherSeller, list.id, [{ productId: mint, priceCents: 900 }]);
    expect(await settleProposal(seller, proposal.id, "confirm")).toMatchObject({
      kind: "stale",
      proposal: { status: "stale" },
    });
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 900 });
    expect(await db().select().from(priceHistory).where(eq(priceHistory.source, "assistant"))).toHaveLength(0);
  });

  it("undoes an applied proposal through the same write, unless a price moved after it", async () => {
    const proposal = await proposeHerbs();
    await settleProposal(seller, proposal.id, "confirm");
    expect(await settleProposal(seller, proposal.id, "undo")).toMatchObject({ kind: "undone", changed: 2 });
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 800 });
    const undo = await db()
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.productId, basil), eq(priceHistory.oldPriceCents, 1463)));
    expect(undo).toMatchObject([{ newPriceCents: 1330, source: "assistant" }]);
    expect(await settleProposal(seller, proposal.id, "undo")).toMatchObject({ kind: "finished" });

    const again = await proposeHerbs();
    await settleProposal(seller, again.id, "confirm");
    await savePriceEdits(otherSeller, list.id, [{ productId: basil, priceCents: 1500 }]);
    expect(await settleProposal(seller, again.id, "undo")).toMatchObject({ kind: "stale" });
    expect(await pricesNow()).toEqual({ [basil]: 1500, [mint]: 880 });
  });

  it("cancels, expires, and keeps each person's proposals their own", async () => {
    const cancelled = await proposeHerbs();
    expect(await settleProposal(seller, cancelled.id, "cancel")).toMatchObject({ kind: "cancelled" });
    expect(await settleProposal(seller, cancelled.id, "confirm")).toMatchObject({ kind: "finished" });

    const old = await proposeHerbs(seller, new Date(Date.now() - PROPOSAL_TTL_MS - 1000));
    expect(await settleProposal(seller, old.id, "confirm")).toMatchObject({ kind: "expired" });
    const [row] = await db().select().from(assistantProposal).where(eq(assistantProposal.id, old.id));
    expect(row.status).toBe("expired");

    const theirs = await proposeHerbs();
    expect(await settleProposal(otherSeller, theirs.id, "confirm")).toEqual({ kind: "not_found" });
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 800 });
  });

  it("refuses a customer's confirmation on the server, and a malformed one in the person's language", async () => {
    const proposal = await proposeHerbs();
    const asCustomer = await callRoute(
      action,
      formRequest("/ai/messages", { intent: "confirm", proposalId: proposal.id }),
      routeContext({ user: customer }),
    );
    expect(asCustomer.status).toBe(403);
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 800 });

    const malformed = (await action({
      request: formRequest("/ai/messages", { intent: "confirm", proposalId: "x" }),
      context: routeContext({ user: seller, lang: "es" }),
      params: {},
    } as never)) as Response;
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      ok: false,
      message: "No se pudo leer esta solicitud. Recargue la página e inténtelo de nuevo.",
    });
  });

  it("answers a message with a proposal, and proposes again with today's prices when one moved", async () => {
    const response = (await action({
      request: formRequest("/ai/messages", { intent: "send", text: "raise basil 10% on the Hotels list" }),
      context: routeContext({ user: seller }),
      params: {},
    } as never)) as Response;
    const events = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as StreamEvent);
    expect(events.map((e) => e.type)).toEqual(["start", "text", "data", "done"]);
    const data = events.find((e) => e.type === "data")?.data;
    if (data?.kind !== "proposal") throw new Error(JSON.stringify(events));
    expect(data.items).toEqual([{ productId: basil, name: "Basil", oldCents: 1330, newCents: 1463 }]);

    await savePriceEdits(otherSeller, list.id, [{ productId: basil, priceCents: 1400 }]);
    const settled = (await action({
      request: formRequest("/ai/messages", { intent: "confirm", proposalId: data.proposalId }),
      context: routeContext({ user: seller }),
      params: {},
    } as never)) as Response;
    const answer = (await settled.json()) as SettleAnswer;
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.status).toBe("stale");
    expect(answer.messages.map((m) => m.content)[0]).toMatch(/^A price changed since I proposed this/);
    const again = answer.messages[1]?.data;
    if (again?.kind !== "proposal") throw new Error(JSON.stringify(answer));
    expect(again.items).toEqual([{ productId: basil, name: "Basil", oldCents: 1400, newCents: 1540 }]);
    expect(await pricesNow()).toEqual({ [basil]: 1400, [mint]: 800 });
  });

  it("says a proposal's list was deleted, once, without an error", async () => {
    const proposal = await proposeHerbs();
    await deletePriceList(seller, list.id);
    expect(await settleProposal(seller, proposal.id, "confirm")).toMatchObject({
      kind: "gone",
      proposal: { status: "gone" },
    });
    expect(await settleProposal(seller, proposal.id, "confirm")).toMatchObject({ kind: "finished" });
  });

  it("keeps every writer of prices within the editor's bounds", async () => {
    await expect(
      savePriceEdits(seller, list.id, [{ productId: basil, priceCents: MAX_PRICE_CENTS + 1 }]),
    ).rejects.toMatchObject({
      code: "errors.invalidPrice",
    });
    await expect(savePriceEdits(seller, list.id, [{ productId: basil, priceCents: -1 }])).rejects.toMatchObject({
      code: "errors.invalidPrice",
    });
    expect(await pricesNow()).toEqual({ [basil]: 1330, [mint]: 800 });
  });
});
