import { sql } from "drizzle-orm";
import pg from "pg";
import { databaseHandle, type Tx } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { PRICE_LIST_CHANNEL } from "./internal.server";

/**
 * What a subscriber hears: a list changed (its id); something a public page shows changed (a
 * product, a list or a price, told by the database's own triggers); a person's sessions were ended
 * (disabled, their role changed), whose open pages must stop hearing at once; "resync" after the
 * listening connection was lost and found again, when changes in between may have been missed;
 * "closing" on shutdown.
 */
export type PriceListEvent =
  | { kind: "changed"; listId: string }
  | { kind: "catalogChanged" }
  | { kind: "signedOut"; userId: string }
  | { kind: "resync" }
  | { kind: "closing" };
type Subscriber = (event: PriceListEvent) => void;

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/** A list's id is a UUID: a payload with this prefix names a person instead. */
const SIGNED_OUT = "signed-out:";
/** The payload of the triggers on products, lists and prices (drizzle/0011_public_pages_changed.sql). */
const CATALOG_CHANGED = "catalog";

/**
 * Tells every process, when the transaction commits, that a person's sessions were ended: their
 * open pages' streams close then, not at the next change.
 */
export async function notifySessionsEnded(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_notify(${PRICE_LIST_CHANNEL}, ${SIGNED_OUT + userId})`);
}

/**
 * One LISTEN per process, fanned out to every open page of this process. Writers NOTIFY inside
 * their transaction, so another server process on the same PostgreSQL hears the change too; on
 * the embedded database PGlite's own listen() does the same within the one process.
 */
class PriceListHub {
  private subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;

  subscribe(subscriber: Subscriber) {
    this.subscribers.add(subscriber);
    this.stopped = false;
    void this.ensureListening();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Resolves once the process listens (a page opened just now hears changes from then on). */
  listening() {
    return this.ensureListening();
  }

  /** Whether every change is heard right now: not before the first LISTEN, nor while it is lost. */
  isListening() {
    return this.stopListening !== null;
  }

  private emit(event: PriceListEvent) {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(event);
      } catch (error) {
        logger.warn({ err: error }, "price list subscriber failed");
      }
    }
  }

  private ensureListening() {
    if (this.stopListening || this.starting || this.stopped) return this.starting ?? Promise.resolve();
    this.starting = this.listen()
      .then((stop) => {
        this.stopListening = stop;
        if (this.attempt > 0) this.emit({ kind: "resync" });
        this.attempt = 0;
      })
      .catch((error) => {
        logger.warn({ err: error }, "price list events: listening failed");
        this.scheduleReconnect();
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt++;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.ensureListening(), delay);
    this.reconnectTimer.unref();
  }

  private async listen(): Promise<() => Promise<void>> {
    const handle = databaseHandle();
    const onChange = (payload: string) =>
      this.emit(
        payload === CATALOG_CHANGED
          ? { kind: "catalogChanged" }
          : payload.startsWith(SIGNED_OUT)
            ? { kind: "signedOut", userId: payload.slice(SIGNED_OUT.length) }
            : { kind: "changed", listId: payload },
      );
    if (handle.kind === "pglite" && handle.pglite) {
      return handle.pglite.listen(PRICE_LIST_CHANNEL, onChange);
    }
    const connectionString = (handle.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    const client = new pg.Client({ connectionString });
    let closing = false;
    const lost = (error?: Error) => {
      if (closing) return;
      closing = true;
      logger.warn({ err: error }, "price list events: the listening connection was lost");
      this.stopListening = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on("notification", (message) => {
      if (message.channel === PRICE_LIST_CHANNEL && message.payload) onChange(message.payload);
    });
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`listen ${PRICE_LIST_CHANNEL}`);
    return async () => {
      closing = true;
      await client.end();
    };
  }

  /** On shutdown: stop listening and forget every subscriber (their streams are closed by the server). */
  async stop() {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.emit({ kind: "closing" });
    this.subscribers.clear();
    await this.starting;
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => {});
  }
}

const shared = globalThis as typeof globalThis & { __priceListHub?: PriceListHub };
shared.__priceListHub ??= new PriceListHub();

export function subscribeToPriceLists(subscriber: Subscriber) {
  return shared.__priceListHub!.subscribe(subscriber);
}

export function priceListEventsReady() {
  return shared.__priceListHub!.listening();
}

export function isListeningToPriceLists() {
  return shared.__priceListHub!.isListening();
}

export function stopPriceListEvents() {
  return shared.__priceListHub!.stop();
}
