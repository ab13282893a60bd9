import { useEffect, useRef, type KeyboardEvent } from "react";

/** What a person can focus in a row: its cells, checkbox, buttons and links. */
const CONTROLS =
  "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href]";

/**
 * Spreadsheet keys for a table of inputs marked `data-cell="<column>"`: Enter and ↓ move to the
 * same column of the next row, ↑ to the previous one, Tab and Shift+Tab to the next or previous
 * editable cell (leaving the table at either end as Tab always does). ← and → walk along the row
 * through everything in it, the checkbox and the buttons too (from a cell, once the caret is at the
 * cell's edge), and ↑/↓ on a checkbox or button go to the one in the same column above or below:
 * Tab skips them to keep typing fast, the arrows keep them in reach of the keyboard. Returns
 * whether it moved. Rows are found through the DOM so that a filtered or re-sorted table needs no
 * bookkeeping.
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>) {
  const from = event.target;
  if (!(from instanceof HTMLElement) || event.altKey || event.ctrlKey || event.metaKey) return false;
  // A dialog opened from a row is outside the table's DOM, though its keys reach the table's handler.
  const table = from.closest("table");
  const row = from.closest("tr");
  if (!table || !row) return false;
  const cell =
    (from instanceof HTMLInputElement || from instanceof HTMLSelectElement) && from.dataset.cell ? from : null;
  let target: HTMLElement | null = null;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    // Shift with an arrow selects text in the cell.
    if (event.shiftKey) return false;
    const forward = event.key === "ArrowRight";
    if (!leavesSideways(from, forward)) return false;
    const controls = controlsOf(row);
    target = controls[controls.indexOf(from) + (forward ? 1 : -1)] ?? null;
  } else if (cell && (event.key === "Enter" || event.key === "ArrowDown" || event.key === "ArrowUp")) {
    // A select's arrows choose its options.
    if (cell instanceof HTMLSelectElement && event.key !== "Enter") return false;
    const cells = [...table.querySelectorAll<HTMLElement>(`[data-cell="${CSS.escape(cell.dataset.cell!)}"]`)];
    const at = cells.indexOf(cell);
    target = cells[event.key === "ArrowUp" || (event.key === "Enter" && event.shiftKey) ? at - 1 : at + 1] ?? null;
  } else if (!cell && (event.key === "ArrowDown" || event.key === "ArrowUp") && isPlainControl(from)) {
    target = sameColumn(table, row, from, event.key === "ArrowDown" ? 1 : -1);
  } else if (cell && event.key === "Tab") {
    const cells = [...table.querySelectorAll<HTMLElement>("[data-cell]")];
    target = cells[cells.indexOf(cell) + (event.shiftKey ? -1 : 1)] ?? null;
  }
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}

function controlsOf(row: HTMLTableRowElement) {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter((e) => e.closest("tr") === row);
}

/** A checkbox, button or link: arrows mean nothing to it, so they may move the focus. */
function isPlainControl(element: HTMLElement) {
  if (element instanceof HTMLInputElement) return element.type === "checkbox";
  return element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement;
}

/**
 * Whether ← or → leaves `element` for its row's next control: always from a checkbox, button,
 * link or select (a closed select would otherwise take ← and → as a change of its option, which
 * a person walking along the row never meant; ↑/↓ still choose); from a text cell only with the
 * caret at that edge (so the arrows still move the caret inside what is typed); never from a radio.
 */
function leavesSideways(element: HTMLElement, forward: boolean) {
  if (isPlainControl(element) || element instanceof HTMLSelectElement) return true;
  if (!(element instanceof HTMLInputElement) || element.type === "radio") return false;
  const { selectionStart: start, selectionEnd: end, value } = element;
  if (start === null || start !== end) return false;
  return forward ? end === value.length : start === 0;
}

/** The control in the same column of the nearest row above or below that has one there. */
function sameColumn(table: HTMLTableElement, row: HTMLTableRowElement, from: HTMLElement, step: 1 | -1) {
  const column = from.closest("td, th");
  if (!(column instanceof HTMLTableCellElement)) return null;
  for (let at = row.rowIndex + step; at >= 0 && at < table.rows.length; at += step) {
    const there = table.rows[at].cells[column.cellIndex];
    const control = there?.querySelector<HTMLElement>(CONTROLS);
    if (control && control.closest("tr") === table.rows[at]) return control;
  }
  return null;
}

/**
 * What a grid's cell does when focused: its text is selected, so a typed number replaces it,
 * and its row is scrolled into view clear of the sticky bars (the cells' scroll margin).
 */
export function focusCell(input: HTMLInputElement) {
  input.select();
  input.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * "Go back and fix" for a grid's dialog of prices to check: `back(close)` closes it, and
 * `focusOn(slugs, column)`, given to the dialog's `onCloseAutoFocus`, then puts the focus on the
 * first of those rows' cells of that column the table shows (rows are marked
 * `data-product="<slug>"`) instead of on what opened the dialog.
 */
export function useFixFocus() {
  const fixing = useRef(false);
  return {
    back(close: () => void) {
      fixing.current = true;
      close();
    },
    focusOn(slugs: readonly string[], column: string) {
      return (event: Event) => {
        const fix = fixing.current;
        fixing.current = false;
        if (fix && focusFirstCell(slugs, column)) event.preventDefault();
      };
    },
  };
}

function focusFirstCell(slugs: readonly string[], column: string) {
  for (const slug of slugs) {
    const cell = document.querySelector<HTMLInputElement>(
      `tr[data-product="${CSS.escape(slug)}"] [data-cell="${CSS.escape(column)}"]`,
    );
    if (cell) {
      cell.focus();
      // The whole row in the middle of the screen, its warning under the cell clear of the save bar.
      cell.closest("tr")?.scrollIntoView({ block: "center" });
      return true;
    }
  }
  return false;
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
