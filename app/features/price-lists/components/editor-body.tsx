import { observeWindowOffset, useWindowVirtualizer } from "@tanstack/react-virtual";
import { afterNextPaint } from "~/lib/after-paint";
import { memo, useCallback, useLayoutEffect, useRef, useState } from "react";
import { TableBody } from "~/components/ui/table";
import type { Store } from "~/lib/store";
import type { EditorItem } from "../editor-items";
import type { PriceEdits } from "../editor-state";
import { EditorRow, type OptionalColumn } from "./editor-row";

/** The window's scroll position, reported to the virtualizer once the frame has painted. */
const observeOffsetAfterPaint: typeof observeWindowOffset = (instance, report) => {
  const pending = new Set<() => void>();
  const stop = observeWindowOffset(instance, (offset, scrolling) => {
    const cancel = afterNextPaint(() => {
      pending.delete(cancel);
      report(offset, scrolling);
    });
    pending.add(cancel);
  });
  return () => {
    stop?.();
    for (const cancel of pending) cancel();
  };
};

/** Lists longer than this render only the rows near the screen; shorter ones render whole. */
const VIRTUALISE_FROM = 150;
const estimateRow = () => 45;

type Props = {
  shown: EditorItem[];
  edits: Store<PriceEdits>;
  confirmedMoves: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  columns: ReadonlySet<OptionalColumn>;
  /** Each item's labels in the reader's language. */
  labels: ReadonlyMap<string, { pack: string; category: string }>;
  listSlug: string;
  onEdit: (productId: string, text: string) => void;
  onRestore: (productId: string) => void;
  onToggle: (productId: string, on: boolean) => void;
};

/**
 * The editor's rows. A long list renders the rows near the screen only: 2,000 rows of inputs took
 * a mid phone seconds to hydrate and a table relayout on every keystroke
 * (docs/decisions/030-price-desk.md). Apart from the rest of the editor, so that scrolling
 * re-renders the rows and nothing around them.
 */
export const EditorBody = memo(function EditorBody({
  shown,
  edits,
  confirmedMoves,
  selected,
  columns,
  labels,
  listSlug,
  onEdit,
  onRestore,
  onToggle,
}: Props) {
  const virtual = shown.length > VIRTUALISE_FROM;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  // The rows' place on the page moves when a panel above them opens: measured again each time the
  // editor changes size.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const section = body?.closest("section");
    if (!body || !section) return;
    const measure = () => setBodyTop(Math.round(body.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(section);
    return () => observer.disconnect();
  }, []);
  // Stable between renders: a new key function makes the virtualizer measure every row again.
  const rowKey = useCallback((index: number) => shown[index]?.productId ?? index, [shown]);
  const virtualizer = useWindowVirtualizer({
    count: virtual ? shown.length : 0,
    estimateSize: estimateRow,
    overscan: 5,
    scrollMargin: bodyTop,
    getItemKey: rowKey,
    // The rows follow a scroll after the frame has painted, not inside the scroll event: an Enter
    // that scrolls to the next row shows at once, and the rows beyond it (the overscan holds
    // five) follow a frame later.
    observeElementOffset: observeOffsetAfterPaint,
    initialRect: { width: 1280, height: 900 },
    // The server renders the top of the list: so does the first render here, however far the page
    // was scrolled before it hydrated (the virtualizer moves to the scroll position right after).
    initialOffset: 0,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const padding = {
    top: virtualRows.length > 0 ? virtualRows[0]!.start - bodyTop : 0,
    bottom: virtualRows.length > 0 ? virtualizer.getTotalSize() - virtualRows[virtualRows.length - 1]!.end : 0,
  };

  return (
    <TableBody ref={bodyRef}>
      {virtual && padding.top > 0 ? <tr aria-hidden="true" style={{ height: padding.top }} /> : null}
      {(virtual
        ? virtualRows.map((v) => ({ item: shown[v.index]!, index: v.index }))
        : shown.map((item, index) => ({ item, index }))
      ).map(({ item, index }) => {
        const label = labels.get(item.productId)!;
        return (
          <EditorRow
            key={item.productId}
            index={index}
            rowRef={virtual ? virtualizer.measureElement : undefined}
            item={item}
            edits={edits}
            confirmed={confirmedMoves.has(item.productId)}
            selected={selected.has(item.productId)}
            columns={columns}
            category={label.category}
            pack={label.pack}
            listSlug={listSlug}
            onEdit={onEdit}
            onRestore={onRestore}
            onToggle={onToggle}
          />
        );
      })}
      {virtual && padding.bottom > 0 ? <tr aria-hidden="true" style={{ height: padding.bottom }} /> : null}
    </TableBody>
  );
});
