import { useEffect, useRef, type KeyboardEvent } from "react";

/**
 * Spreadsheet keys for a table of inputs marked `data-cell="<column>"`: Enter and ↓ move to the
 * same column of the next row, ↑ to the previous one, Tab and Shift+Tab to the next or previous
 * editable cell (leaving the table at either end as Tab always does). Returns whether it moved.
 * Rows are found through the DOM so that a filtered or re-sorted table needs no bookkeeping.
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement) || !input.dataset.cell) return false;
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const table = input.closest("table");
  if (!table) return false;
  let target: HTMLElement | null = null;
  if (event.key === "Enter" || event.key === "ArrowDown" || event.key === "ArrowUp") {
    // A select's arrows choose its options.
    if (input instanceof HTMLSelectElement && event.key !== "Enter") return false;
    const cells = [...table.querySelectorAll<HTMLElement>(`[data-cell="${CSS.escape(input.dataset.cell)}"]`)];
    const at = cells.indexOf(input);
    target = cells[event.key === "ArrowUp" || (event.key === "Enter" && event.shiftKey) ? at - 1 : at + 1] ?? null;
  } else if (event.key === "Tab") {
    const cells = [...table.querySelectorAll<HTMLElement>("[data-cell]")];
    target = cells[cells.indexOf(input) + (event.shiftKey ? -1 : 1)] ?? null;
  }
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}

/**
 * What a grid's cell does when focused: its text is selected, so a typed number replaces it,
 * and its row is scrolled into view clear of the sticky bars (the cells' scroll margin).
 */
export function focusCell(input: HTMLInputElement) {
  input.select();
  input.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** Ctrl+S or Cmd+S runs `save` instead of the browser's "save page" while `enabled`. */
export function useSaveShortcut(enabled: boolean, save: () => void) {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        latest.current();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [enabled]);
}
