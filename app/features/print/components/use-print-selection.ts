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
  const waiting = useRef(0);

  const update = useCallback((next: ReadonlySet<string>) => {
    latest.current = next;
    setSelected(next);
  }, []);

  const send = useCallback(
    (intent: Intent, slugs: string[]) => {
      const body = new URLSearchParams({ intent, list });
      for (const slug of slugs) body.append("slug", slug);
      waiting.current++;
      setPending(waiting.current);
      queue.current = queue.current.then(async () => {
        let answer: SelectionAnswer | null = null;
        try {
          const response = await fetch(SELECTION_PATH, { method: "POST", body, credentials: "same-origin" });
          if (response.ok) answer = (await response.json()) as SelectionAnswer;
        } catch {
          answer = null;
        }
        waiting.current--;
        setPending(waiting.current);
        setFailed(!answer?.ok);
        // Once every change is saved, the server's answer is what is ticked (a product the list
        // does not hold is never selected); while more are on their way, the screen's ticks stay.
        if (answer?.ok && waiting.current === 0) update(new Set(answer.selected));
      });
    },
    [list, update],
  );

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
