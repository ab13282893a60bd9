/**
 * What became of a form sent from a screen that must keep its edits whatever happens: an answer
 * (the action's JSON, refusals included), no connection, a session that ended, or a failure
 * without an answer (a proxy's error page, a server error).
 */
export type SendOutcome<T> =
  | { kind: "answer"; status: number; body: T }
  | { kind: "offline" }
  | { kind: "signedOut" }
  | { kind: "failed"; status: number };

/** The answer of an action sent with `sendForm`, or null when none came (offline, signed out, failed). */
export function answerOf<T>(outcome: SendOutcome<T>): T | null {
  return outcome.kind === "answer" ? outcome.body : null;
}

/**
 * Posts fields to a JSON action with fetch rather than a router fetcher: a fetcher that cannot
 * reach the server hands its error to the route's error boundary, which replaces the page and the
 * edits on it. Redirects are not followed, since the only one such an action answers is to the
 * sign-in page.
 */
export async function sendForm<T>(
  url: string,
  fields: Record<string, string> | URLSearchParams,
): Promise<SendOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
      headers: { accept: "application/json" },
      credentials: "same-origin",
      redirect: "manual",
    });
  } catch {
    return { kind: "offline" };
  }
  if (response.type === "opaqueredirect" || response.status === 401) return { kind: "signedOut" };
  if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) {
    return { kind: "failed", status: response.status };
  }
  try {
    return { kind: "answer", status: response.status, body: (await response.json()) as T };
  } catch {
    return { kind: "failed", status: response.status };
  }
}
