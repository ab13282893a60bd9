import type { StoredMessage, StreamEvent } from "./schema";

const MESSAGES_PATH = "/ai/messages";

/**
 * Posts a message and hands each line of the streamed answer to `onEvent` as it arrives. Answers
 * `ok: false` with the server's own message when it refused or failed, and without one when the
 * connection dropped or `signal` aborted; an answer that ends before its last line is a failure too.
 */
export async function readAnswerStream(
  body: URLSearchParams,
  signal: AbortSignal,
  onEvent: (event: StreamEvent) => void,
): Promise<{ ok: true } | { ok: false; message?: string }> {
  let response: Response;
  try {
    response = await fetch(MESSAGES_PATH, { method: "POST", body, credentials: "same-origin", signal });
  } catch {
    return { ok: false };
  }
  if (!response.ok || !response.body) {
    const refused = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: refused?.message };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line) continue;
        const event = JSON.parse(line) as StreamEvent;
        if (event.type === "error") return { ok: false, message: event.message };
        onEvent(event);
        if (event.type === "done") finished = true;
      }
    }
  } catch {
    return { ok: false };
  }
  return finished ? { ok: true } : { ok: false };
}

/** The messages of one of the person's conversations as the server has them; null when it cannot say. */
export async function readConversation(id: string): Promise<StoredMessage[] | null> {
  try {
    const response = await fetch(`${MESSAGES_PATH}?c=${encodeURIComponent(id)}`, { credentials: "same-origin" });
    const body = (await response.json()) as { conversation: { messages: StoredMessage[] } | null };
    return body.conversation?.messages ?? null;
  } catch {
    return null;
  }
}
