/**
 * A client of a list's server-sent event stream (/pricesprivate/{slug}/events), as a page that
 * shows the list holds it open: `open` resolves once the server says "ready" (it listens for
 * changes from then on), and `nextChange` resolves when the next "changed" event arrives, with
 * the time it arrived (performance.now()).
 */
export class PriceEventStream {
  private buffer = "";
  private arrivals: number[] = [];
  private waiting: { resolve: (at: number) => void; reject: (error: Error) => void } | null = null;
  private ended: Error | null = null;

  private constructor(
    private readonly controller: AbortController,
    private readonly onEnd: (error: Error) => void,
  ) {}

  static async open(baseUrl: string, slug: string, headers: Record<string, string>, timeoutMs = 30_000) {
    const controller = new AbortController();
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const isReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const stream = new PriceEventStream(controller, (error) => failed(error));
    const res = await fetch(`${baseUrl}/pricesprivate/${encodeURIComponent(slug)}/events`, {
      headers: { ...headers, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) {
      controller.abort();
      throw new Error(`GET /pricesprivate/${slug}/events answered ${res.status}.`);
    }
    void stream.read(res.body.getReader(), ready);
    const timer = setTimeout(() => failed(new Error(`No "ready" event within ${timeoutMs / 1000} s.`)), timeoutMs);
    try {
      await isReady;
    } catch (error) {
      stream.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>, ready: () => void) {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        const at = performance.now();
        if (done) throw new Error("The event stream ended.");
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf("\n\n")) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          if (event === "ready") ready();
          else if (event === "changed") this.arrived(at);
        }
      }
    } catch (error) {
      this.ended = error instanceof Error ? error : new Error(String(error));
      this.onEnd(this.ended);
      this.waiting?.reject(this.ended);
      this.waiting = null;
    }
  }

  private arrived(at: number) {
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(at);
    } else {
      this.arrivals.push(at);
    }
  }

  /** Forgets changes that arrived and were not waited for. */
  drain() {
    this.arrivals = [];
  }

  /** The arrival time of the next "changed" event (or of one that arrived unclaimed). */
  nextChange(timeoutMs = 10_000) {
    if (this.arrivals.length > 0) return Promise.resolve(this.arrivals.shift()!);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`No "changed" event within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      this.waiting = {
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  close() {
    this.controller.abort();
  }
}

/**
 * Saves one price the way the list editor does (a POST to its JSON save), signed in by `cookie`;
 * returns when the response has been read. Without a revision it overwrites, as "Save mine over
 * theirs" does.
 */
export async function saveEditedPrice(
  baseUrl: string,
  cookie: string,
  slug: string,
  edit: { productId: string; price: string },
) {
  const res = await fetch(`${baseUrl}/prices-manage/${encodeURIComponent(slug)}/prices`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ edits: JSON.stringify([edit]) }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`Saving a price answered ${res.status}: ${body.slice(0, 200)}`);
  return body;
}
