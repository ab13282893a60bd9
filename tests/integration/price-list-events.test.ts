import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, withTransaction } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import {
  priceListEventsReady,
  stopPriceListEvents,
  subscribeToPriceLists,
  type PriceListEvent,
} from "../../app/features/price-lists/events.server";
import { addProductsToList, savePriceEdits } from "../../app/features/price-lists/items.server";
import { HEARTBEAT_MS, priceListEventStream } from "../../app/features/price-lists/sse.server";
import { disableUser } from "../../app/features/users/manage-users.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

let seller: { id: string };
let listId: string;
let productId: string;

/** What a save of one price is heard as. */
const saved = () => [{ kind: "catalogChanged" }, { kind: "changed", listId }];

function collect() {
  const events: PriceListEvent[] = [];
  const unsubscribe = subscribeToPriceLists((e) => events.push(e));
  return { events, unsubscribe };
}

async function until(check: () => boolean, ms = 5_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting for an event");
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  seller = await makeUser("seller");
  const [row] = await db()
    .insert(product)
    .values({ slug: "mango", nameEn: "Mango", nameEs: "Mango", basePriceCents: 100 })
    .returning({ id: product.id });
  productId = row.id;
  const list = await createPriceList(seller, emptyListInput("Live"));
  listId = list.id;
  await addProductsToList(seller, listId, [productId]);
});

afterAll(async () => {
  await stopPriceListEvents();
});

describe(`price list change events (${test.kind})`, () => {
  it("tells every subscriber which list changed, once the change is committed", async () => {
    const a = collect();
    const b = collect();
    await priceListEventsReady();
    await savePriceEdits(seller, listId, [{ productId, priceCents: 250 }]);
    await until(() => a.events.length > 1 && b.events.length > 1);
    // The price table's trigger tells public pages first; the save names its list when it commits.
    expect(a.events).toEqual(saved());
    expect(b.events).toEqual(saved());
    a.unsubscribe();
    await savePriceEdits(seller, listId, [{ productId, priceCents: 260 }]);
    await until(() => b.events.length > 3);
    expect(a.events).toHaveLength(2);
    b.unsubscribe();
  });

  it("says nothing of a change that was rolled back", async () => {
    const c = collect();
    await priceListEventsReady();
    await withTransaction(async (tx) => {
      await tx.execute(sql`select pg_notify('price_list_changed', ${listId})`);
      throw new Error("rolled back");
    }).catch(() => {});
    await savePriceEdits(seller, listId, [{ productId, priceCents: 270 }]);
    await until(() => c.events.length > 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.events).toEqual(saved());
    c.unsubscribe();
  });

  it.runIf(test.kind === "postgres")(
    "reaches a listener on another connection, as another server process would be",
    async () => {
      const other = new pg.Client({ connectionString: test.url });
      await other.connect();
      const heard: string[] = [];
      other.on("notification", (m) => heard.push(m.payload ?? ""));
      await other.query("listen price_list_changed");
      await savePriceEdits(seller, listId, [{ productId, priceCents: 280 }]);
      await until(() => heard.length > 1);
      expect(heard).toEqual(["catalog", listId]);
      await other.end();
    },
  );

  it.runIf(test.kind === "postgres")(
    "listens again after losing its connection, and tells subscribers to resynchronise",
    async () => {
      const d = collect();
      await priceListEventsReady();
      // Only this file's database: the other files' listeners share the server.
      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen price_list_changed%' and pid <> pg_backend_pid()`,
      );
      await until(() => d.events.some((e) => e.kind === "resync"), 8_000);
      await savePriceEdits(seller, listId, [{ productId, priceCents: 290 }]);
      await until(() => d.events.some((e) => e.kind === "changed"));
      expect(d.events).toEqual([{ kind: "resync" }, ...saved()]);
      d.unsubscribe();
    },
    15_000,
  );

  it("closes a person's open streams as soon as their sessions are ended, and nobody else's", async () => {
    const admin = await makeUser("admin");
    const buyer = await makeUser("customer");
    const leaving = new AbortController();
    const staying = new AbortController();
    const theirs = priceListEventStream(listId, buyer.id, leaving.signal).body!.getReader();
    const ours = priceListEventStream(listId, seller.id, staying.signal).body!.getReader();
    await priceListEventsReady();
    const read = async (reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean) => {
      let text = "";
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) return { text, done: Boolean(chunk?.done) };
        text += new TextDecoder().decode(chunk.value);
        if (until(text)) return { text, done: false };
      }
      return { text, done: false };
    };
    await read(theirs, (t) => t.includes("event: ready"));
    await read(ours, (t) => t.includes("event: ready"));

    await disableUser(admin, { userId: buyer.id });
    expect((await read(theirs, () => false)).done).toBe(true);

    await savePriceEdits(seller, listId, [{ productId, priceCents: 300 }]);
    expect((await read(ours, (t) => t.includes("event: changed"))).text).toContain("event: changed");
    staying.abort();
  });

  it("keeps a quiet stream open with a comment every 25 seconds, and stops it when the stream ends", async () => {
    // Only the heartbeat's clock is faked: the database and the reads below keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const ending = new AbortController();
      const reader = priceListEventStream(listId, seller.id, ending.signal).body!.getReader();
      await priceListEventsReady();
      const decoder = new TextDecoder();
      // A read that found nothing in time stays pending and takes the next chunk: it is kept for the next call.
      let pending: Promise<string> | null = null;
      /** What the stream has sent within a tenth of a second, or null when it sent nothing. */
      const next = async () => {
        pending ??= reader.read().then((chunk) => (chunk.done ? "(ended)" : decoder.decode(chunk.value)));
        const text = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 100))]);
        if (text !== null) pending = null;
        return text;
      };
      expect(await next()).toContain("event: ready");

      expect(HEARTBEAT_MS).toBe(25_000);
      vi.advanceTimersByTime(HEARTBEAT_MS - 1);
      expect(await next()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(await next()).toBe(": heartbeat\n\n");
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await next()).toBe(": heartbeat\n\n");

      ending.abort();
      expect(await next()).toBe("(ended)");
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
