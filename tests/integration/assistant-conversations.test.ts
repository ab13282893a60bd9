import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { seedCatalog } from "../../app/setup/seed.server";
import { addMessage } from "../../app/features/assistant/conversations.server";
import type { StreamEvent } from "../../app/features/assistant/schema";
import { findBuyerItems, savePriceEdits } from "../../app/features/price-lists/items.server";
import { findCustomerList } from "../../app/features/price-lists/lists.server";
import { action as pageAction, loader as pageLoader } from "../../app/routes/ai";
import { action as messagesAction, loader as messagesLoader } from "../../app/routes/ai-messages";
import { callRoute, formRequest, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();
await seedCatalog();

type PageData = Awaited<ReturnType<typeof pageLoader>>;

/** Sends a message as the screen does and answers the events of the streamed answer. */
async function send(
  who: SessionUser,
  text: string,
  conversationId?: string,
  lang: "en" | "es" = "en",
  replyTo?: string,
) {
  const response = (await messagesAction({
    request: formRequest("/ai/messages", {
      intent: "send",
      text,
      ...(conversationId ? { conversationId } : {}),
      ...(replyTo ? { replyTo } : {}),
    }),
    context: routeContext({ user: who, lang }),
    params: {},
  } as never)) as Response;
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  return (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as StreamEvent);
}

async function page(who: SessionUser, query = "") {
  const result = await callRoute<PageData>(pageLoader, getRequest(`/ai${query}`), routeContext({ user: who }));
  return result.data!;
}

describe(`the assistant's conversations (${test.kind})`, () => {
  it("keeps each person's conversations to resume, rename and delete, and no one else's", async () => {
    const seller = await makeUser("seller");
    const other = await makeUser("seller");
    const first = await send(seller, "show me the herbs");
    const start = first[0];
    if (start.type !== "start") throw new Error(JSON.stringify(first));
    const id = start.conversationId;
    const second = await send(seller, "¿y las frutas?", id, "es");
    expect(second[0]).toMatchObject({ type: "start", conversationId: id });

    const listed = await page(seller);
    expect(listed.conversations).toEqual([expect.objectContaining({ id, title: "show me the herbs" })]);
    const resumed = await page(seller, `?c=${id}`);
    expect(resumed.current?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(resumed.current?.messages[1].data?.kind).toBe("products");

    // Someone else's conversation is not theirs to read, answer into, rename or delete.
    expect((await page(other, `?c=${id}`)).current).toBeNull();
    expect((await page(other, `?c=${id}`)).missing).toBe(true);
    const theirs = (await messagesLoader({
      request: getRequest(`/ai/messages?c=${id}`),
      context: routeContext({ user: other }),
      params: {},
    } as never)) as Response;
    expect(await theirs.json()).toEqual({ ok: true, conversation: null });
    const intoTheirs = await send(other, "show me the herbs", id);
    expect(intoTheirs).toEqual([{ type: "error", message: "This conversation does not exist any more." }]);
    const renameTheirs = await callRoute(
      pageAction,
      formRequest("/ai", { intent: "rename", conversationId: id, title: "Mine now" }),
      routeContext({ user: other }),
    );
    expect(renameTheirs.data).toEqual({ ok: false, error: "errors.conversationNotFound" });

    const renamed = await callRoute(
      pageAction,
      formRequest("/ai", { intent: "rename", conversationId: id, title: "  Herbs and fruit  " }),
      routeContext({ user: seller }),
    );
    expect(renamed.data).toEqual({ ok: true });
    expect((await page(seller)).conversations[0].title).toBe("Herbs and fruit");
    const tooLong = await callRoute(
      pageAction,
      formRequest("/ai", { intent: "rename", conversationId: id, title: "x".repeat(81) }),
      routeContext({ user: seller }),
    );
    expect(tooLong.data).toEqual({ ok: false, error: "errors.titleTooLong" });

    const deleted = await callRoute(
      pageAction,
      formRequest("/ai?c=" + id, { intent: "delete", conversationId: id }),
      routeContext({ user: seller }),
    );
    expect(deleted.location).toBe("/ai");
    expect((await page(seller)).conversations).toEqual([]);
  });

  it("refuses an empty or over-long message in the person's language, and stores nothing", async () => {
    const seller = await makeUser("seller");
    for (const [text, lang, message] of [
      ["   ", "en", "Write a message first."],
      ["x".repeat(20_000), "es", "Un mensaje puede tener como máximo 2,000 caracteres. Pregunte una cosa a la vez."],
    ] as const) {
      const response = (await messagesAction({
        request: formRequest("/ai/messages", { intent: "send", text }),
        context: routeContext({ user: seller, lang }),
        params: {},
      } as never)) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message });
    }
    expect((await page(seller)).conversations).toEqual([]);
  });

  it("sends anonymous visitors to sign in and back", async () => {
    const result = await callRoute(pageLoader, getRequest("/ai"), routeContext({ user: null }));
    expect(result.location).toBe("/login?redirectTo=%2Fai");
  });

  it("stores the answer though the stream was cut, and answers a stored message once on retry", async () => {
    const seller = await makeUser("seller");
    const response = (await messagesAction({
      request: formRequest("/ai/messages", { intent: "send", text: "show me the herbs" }),
      context: routeContext({ user: seller }),
      params: {},
    } as never)) as Response;
    // The browser goes away after the first line.
    const reader = response.body!.getReader();
    const first = JSON.parse(new TextDecoder().decode((await reader.read()).value).split("\n")[0]) as StreamEvent;
    await reader.cancel();
    if (first.type !== "start") throw new Error(JSON.stringify(first));
    const id = first.conversationId;
    await expect
      .poll(async () => (await page(seller, `?c=${id}`)).current?.messages.map((m) => m.role))
      .toEqual(["user", "assistant"]);

    // A retry of a message answered meanwhile answers nothing twice.
    const again = await send(seller, "show me the herbs", id, "en", first.userMessageId);
    expect(again).toEqual([
      { type: "error", message: "This message has its answer already: reload the conversation to see it." },
    ]);

    // A message stored without its answer (the server stopped between the two) is answered once.
    const asked = await addMessage(id, { role: "user", content: "how did limes move this month?" });
    const retried = await send(seller, "how did limes move this month?", id, "en", asked.id);
    expect(retried.map((e) => e.type)).toEqual(["start", "text", "data", "done"]);
    const messages = (await page(seller, `?c=${id}`)).current!.messages;
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages[3].data?.kind).toBe("history");
  });

  it("shows a customer the history of their own list without who changed it or how", async () => {
    const seller = await makeUser("seller");
    const customer = await makeUser("customer");
    const list = await findCustomerList(customer.id);
    const [item] = await findBuyerItems(list!.id);
    await savePriceEdits(seller, list!.id, [{ productId: item.productId, priceCents: (item.priceCents ?? 100) + 25 }]);
    const staff = (await send(seller, `price history of ${item.nameEn} on the ${list!.name} list`)).find(
      (e) => e.type === "data",
    );
    const theirs = (await send(customer, `price history of ${item.nameEn}`)).find((e) => e.type === "data");
    if (staff?.type !== "data" || staff.data.kind !== "history") throw new Error(JSON.stringify(staff));
    if (theirs?.type !== "data" || theirs.data.kind !== "history") throw new Error(JSON.stringify(theirs));
    // The seller's change, then the seed's initial price.
    expect(staff.data).toMatchObject({
      staffView: true,
      entries: [
        { author: "Test seller", source: "screen" },
        { author: null, source: "initial" },
      ],
    });
    expect(theirs.data).toMatchObject({
      staffView: false,
      entries: [
        { author: null, source: "other" },
        { author: null, source: "other" },
      ],
    });
    expect(theirs.data.entries[0].newCents).toBe(staff.data.entries[0].newCents);
  });
});
