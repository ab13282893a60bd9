import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RowSelection } from "~/features/catalog/components/select-box";
import { useTranslation } from "~/i18n/use-translation";
import type { SelectionAnswer } from "../schema";
import { answerOf, sendForm } from "~/lib/send-form";
import { SELECTION_PATH } from "../options";

type Intent = "add" | "remove" | "set" | "clear";

/**
 * The products ticked for printing in one list. A tick shows at once and is saved on the server,
 * one change after the other. When a save fails (the connection dropped, the server refused) the
 * ticks stay as they are on screen and the failure is said; from then on, every save (and `retry`)
 * sends the whole selection on screen, so the changes the server missed are never lost.
 */
export function usePrintSelection(list: string, initial: readonly string[]) {
  const { t } = useTranslation("print");
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(0);
  const latest = useRef(selected);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  const behind = useRef(false);

  const update = useCallback((next: ReadonlySet<string>) => {
    latest.current = next;
    setSelected(next);
  }, []);

  const send = useCallback(
    (intent: Intent, slugs: string[]) => {
      waiting.current++;
      setPending(waiting.current);
      queue.current = queue.current.then(async () => {
        const whole = behind.current || intent === "set";
        const body = new URLSearchParams({ intent: whole ? "set" : intent, list });
        for (const slug of whole ? latest.current : slugs) body.append("slug", slug);
        const answer = answerOf(await sendForm<SelectionAnswer>(SELECTION_PATH, body));
        if (!answer?.ok) behind.current = true;
        else if (whole) behind.current = false;
        waiting.current--;
        setPending(waiting.current);
        setFailed(behind.current);
        // Once every change is saved, the server's answer is what is ticked (a product the list
        // cannot print is never selected); while more are on their way, the screen's ticks stay.
        if (answer?.ok && !behind.current && waiting.current === 0) update(new Set(answer.selected));
      });
    },
    [list, update],
  );

  // Back on the page, the selection may have changed on another device: the server's copy is read
  // again, unless this page has changes the server has not taken yet.
  useEffect(() => {
    if (!list) return;
    const refresh = async () => {
      if (document.visibilityState !== "visible" || behind.current || waiting.current > 0) return;
      try {
        const response = await fetch(`${SELECTION_PATH}?list=${encodeURIComponent(list)}`, {
          credentials: "same-origin",
        });
        const answer = response.ok ? ((await response.json()) as SelectionAnswer) : null;
        if (answer?.ok && !behind.current && waiting.current === 0) update(new Set(answer.selected));
      } catch {
        // Offline: what is on screen stays until the next chance.
      }
    };
    document.addEventListener("visibilitychange", refresh);
    return () => document.removeEventListener("visibilitychange", refresh);
  }, [list, update]);

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

  const retry = useCallback(() => send("set", []), [send]);

  const labels: RowSelection["labels"] = useMemo(
    () => ({
      row: (name) => t("selection.select", { name }),
      group: (category) => t("selection.selectCategory", { category }),
      column: t("selection.print"),
    }),
    [t],
  );

  return useMemo(
    () => ({ selected, toggle, labels, clear, retry, failed, saving: pending > 0 }),
    [selected, toggle, labels, clear, retry, failed, pending],
  );
}
