import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/** The connection's states as people read them (docs/decisions/010-price-lists.md). */
export type LiveState = "connecting" | "live" | "reconnecting";

/** The specification's reconnect back-off: 1 s, 2 s, 5 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * How long a page may stay in the background before it lets go of its stream. Over HTTP/1.1 a
 * browser opens at most six connections to a site, and every open list page holds one: a few
 * forgotten tabs would leave none for the page in front. Coming back reconnects and catches up.
 */
export const RELEASE_HIDDEN_AFTER_MS = 60_000;

/**
 * Follows a list's server-sent events and reloads the page's data when it changes, and once more
 * after a reconnection (changes may have been missed meanwhile).
 */
export function useLiveList(slug: string) {
  const revalidator = useRevalidator();
  // The stream outlives renders; it calls the latest revalidate without reopening.
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [state, setState] = useState<LiveState>("connecting");
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    // Set while the page could not hear of changes (its stream lost or let go): the next
    // connection reloads the page's data.
    let missed = false;
    let released = false;
    let releaseTimer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(`/pricesprivate/${encodeURIComponent(slug)}/events`);
      source.addEventListener("ready", () => {
        if (missed) void revalidate.current();
        missed = false;
        attempt = 0;
        setState("live");
      });
      source.addEventListener("changed", () => {
        setChanges((n) => n + 1);
        void revalidate.current();
      });
      source.onerror = () => {
        source?.close();
        missed = true;
        setState("reconnecting");
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt++;
        timer = setTimeout(open, delay);
      };
    };
    const release = () => {
      clearTimeout(timer);
      source?.close();
      source = null;
      released = true;
      missed = true;
      setState("connecting");
    };
    const onVisibilityChange = () => {
      clearTimeout(releaseTimer);
      if (document.visibilityState === "hidden") {
        if (!released) releaseTimer = setTimeout(release, RELEASE_HIDDEN_AFTER_MS);
      } else if (released) {
        released = false;
        attempt = 0;
        open();
      }
    };
    setState("connecting");
    // A page opened in the background connects once it is shown.
    if (document.visibilityState === "hidden") release();
    else open();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      document.removeEventListener("visibilitychange", onVisibilityChange);
      clearTimeout(releaseTimer);
      clearTimeout(timer);
      source?.close();
    };
  }, [slug]);

  return { state, changes };
}
