import { useCallback, useMemo, useRef, useState } from "react";
import type { SelectionAnswer } from "../schema";
import { SELECTION_PATH } from "../options";

type Intent = "add" | "remove" | "set" | "clear";

/**
 * The products ticked for printing in one list. A tick shows at once and is saved on the server,
 * one change after the other; when a save fails (the connection dropped, the server refused) the
 * ticks stay as they are on screen, and `retry` saves that whole selection.
 */
export function usePrintSelection(list: string, initial: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(0);
  const latest = useRef(selected);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const send = useCallback(
    (intent: Intent, slugs: string[]) => {
      const body = new URLSearchParams({ intent, list });
      for (const slug of slugs) body.append("slug", slug);
      setPending((n) => n + 1);
      queue.current = queue.current.then(async () => {
        let ok = false;
        try {
          const response = await fetch(SELECTION_PATH, { method: "POST", body, credentials: "same-origin" });
          ok = response.ok && ((await response.json()) as SelectionAnswer).ok;
        } catch {
          ok = false;
        }
        setFailed(!ok);
        setPending((n) => n - 1);
      });
    },
    [list],
  );

  const update = useCallback((next: ReadonlySet<string>) => {
    latest.current = next;
    setSelected(next);
  }, []);

  const toggle = useCallback(
    (slugs: string[], on: boolean) => {
      const next = new Set(latest.current);
      for (const slug of slugs) {
        if (on) next.add(slug);
        else next.delete(slug);
      }
      update(next);
      send(on ? "add" : "remove", slugs);
    },
    [send, update],
  );

  const clear = useCallback(() => {
    update(new Set());
    send("clear", []);
  }, [send, update]);

  const retry = useCallback(() => send("set", [...latest.current]), [send]);

  return useMemo(
    () => ({ selected, toggle, clear, retry, failed, saving: pending > 0 }),
    [selected, toggle, clear, retry, failed, pending],
  );
}
