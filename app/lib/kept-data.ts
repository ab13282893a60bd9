import { useEffect } from "react";
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

// The data the page on screen was rendered with, and its address: a screen of edits keeps
// showing it when reading it again fails, rather than giving way to the error page with the
// person's typing on it. Only the page's own data is kept (searches and previews read through
// the same route are not), and only for the page on screen.
let shown: { key: string; data: unknown } | null = null;

/**
 * A failure that says nothing about the page's data: the connection, or the server's own
 * trouble (a loader that failed reaches the browser as a plain error). A refusal, a missing page
 * or a redirect (a session that ended) goes its usual way.
 */
function isPassingFailure(error: unknown) {
  if (error instanceof Response) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/**
 * A route's client loader for a screen of edits: the server's data, or, when reading the page on
 * screen again fails for a passing reason, the data it shows. The screen's own save says whether
 * saving works; the next read brings the page up to date.
 */
export async function serverDataOrShown<T>(request: Request, serverLoader: () => Promise<T>): Promise<T> {
  try {
    return await serverLoader();
  } catch (error) {
    const key = keyOf(request.url);
    if (isPassingFailure(error) && shown?.key === key && key === keyOf(location.href)) return shown.data as T;
    throw error;
  }
}

/** Remembers the data the page on screen was rendered with (the server's first render included). */
export function useShownData(data: unknown) {
  useEffect(() => {
    shown = { key: keyOf(location.href), data };
  }, [data]);
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

function keyOf(href: string) {
  const url = new URL(href);
  return url.pathname + url.search;
}
