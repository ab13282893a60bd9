import { priceListEventsReady, subscribeToPriceLists } from "./events.server";

export const HEARTBEAT_MS = 25_000;

/**
 * A server-sent event stream telling one page that its list changed
 * (docs/decisions/010-price-lists.md). It carries no prices: the page reloads its data through its
 * loader, which checks permissions again. The stream ends when the browser goes away, the person's
 * sessions are ended (disabled, their role changed) or the server shuts down.
 */
export function priceListEventStream(listId: string, userId: string, signal: AbortSignal) {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (!open) return;
        open = false;
        cleanup();
        controller.close();
      };
      const unsubscribe = subscribeToPriceLists((event) => {
        if (event.kind === "closing" || (event.kind === "signedOut" && event.userId === userId)) close();
        else if (event.kind === "resync" || (event.kind === "changed" && event.listId === listId)) {
          send(`event: changed\ndata: {}\n\n`);
        }
      });
      const heartbeat = setInterval(() => send(`: heartbeat\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", close);
      };
      signal.addEventListener("abort", close);
      // "ready" (shown as live) once this process listens: a change saved after it reaches the page.
      void priceListEventsReady().then(() => send(`retry: 1000\nevent: ready\ndata: {}\n\n`));
    },
    cancel() {
      open = false;
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
