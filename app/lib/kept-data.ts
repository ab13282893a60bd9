import { useEffect } from "react";
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

// What each page last showed, by its address: a screen of edits keeps showing it when reading its
// data again fails, rather than giving way to the error page with the person's typing on it. The
// last few addresses only: a list's data can be large.
const shown = new Map<string, unknown>();
const KEEP = 4;
function remember(key: string, data: unknown) {
  shown.delete(key);
  shown.set(key, data);
  if (shown.size > KEEP) shown.delete(shown.keys().next().value!);
}

/** A failure that says nothing about the data: the connection, or the server's own trouble. */
function isPassingFailure(error: unknown) {
  return error instanceof TypeError || (isRouteErrorResponse(error) && error.status >= 500);
}

/**
 * A route's client loader for a screen of edits: the server's data, or, when reading it again
 * fails for a passing reason (no connection, a server error) while the page already shows it,
 * the data on screen. The screen's own save says whether saving works; a first visit, a refusal,
 * a redirect or a missing page still go the usual way.
 */
export async function serverDataOrShown<T>(request: Request, serverLoader: () => Promise<T>): Promise<T> {
  const key = keyOf(request.url);
  try {
    const data = await serverLoader();
    remember(key, data);
    return data;
  } catch (error) {
    if (isPassingFailure(error) && shown.has(key)) return shown.get(key) as T;
    throw error;
  }
}

/** Remembers the data a page was rendered with (the server's first render included). */
export function useShownData(data: unknown) {
  useEffect(() => {
    remember(keyOf(location.href), data);
  }, [data]);
}

function keyOf(href: string) {
  const url = new URL(href);
  return url.pathname + url.search;
}

/**
 * The shell's routes (the root, the private layout) are not read again when a page only reads its
 * own data again (live prices, after a save): nothing of theirs changed, and a failed read of
 * theirs would put the error page over a screen of edits. Navigations and form posts still are.
 */
export function readShellOnChange({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}
