import { HistoryIcon } from "lucide-react";
import { memo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { focusCell } from "~/components/ui/grid-keys";
import { TableHeaderCell, rowTint, stickyCell, stickyHeadCell, tableCellClasses } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { centsToInput, formatMoney, formatMoneyChange, formatPercentChange, isNegativePriceInput } from "~/lib/money";
import { useStore, type Store } from "~/lib/store";
import type { EditorItem } from "../editor-items";
import { dirtyRow, type PriceEdits, type RowFlag } from "../editor-state";
import { PriceHistoryDialog } from "./price-history-dialog";

/** The columns a person may hide (on a phone most are); name, price and selection always show. */
export const optionalColumns = ["sku", "category", "pack", "parent", "saved", "change", "availability"] as const;
export type OptionalColumn = (typeof optionalColumns)[number];

type Props = {
  /** The row's place among the rows shown, and the measuring ref of a long list's virtual rows. */
  index: number;
  rowRef?: (row: HTMLTableRowElement | null) => void;
  item: EditorItem;
  edits: Store<PriceEdits>;
  /** The person confirmed saving over the price someone else moved under their edit. */
  confirmed: boolean;
  selected: boolean;
  columns: ReadonlySet<OptionalColumn>;
  /** The row's labels that depend on the reader's language, worked out once per list. */
  category: string;
  pack: string;
  listSlug: string;
  onEdit: (productId: string, text: string) => void;
  onRestore: (productId: string) => void;
  onToggle: (productId: string, on: boolean) => void;
};

const cell = tableCellClasses({ density: "compact" }, "whitespace-nowrap");
const numeric = tableCellClasses({ numeric: true, density: "compact" }, "whitespace-nowrap");

/**
 * One item of the price editor. It reads its own edit from the editor's store and is memoised:
 * typing in a cell re-renders that row and the save bar, not the rows around it nor the editor.
 */
export const EditorRow = memo(function EditorRow({
  index,
  rowRef,
  item,
  edits,
  confirmed,
  selected,
  columns,
  category,
  pack,
  listSlug,
  onEdit,
  onRestore,
  onToggle,
}: Props) {
  const { t, i18n } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const lang = i18n.language;
  const saved = item.priceCents;
  const edit = useStore(edits, (value) => value[item.productId]);
  const dirty = dirtyRow(item, edit, confirmed);
  const text = edit?.text ?? centsToInput(saved);
  const changed = dirty !== null;
  const typed = dirty?.cents ?? null;
  const flag = dirty?.flag ?? null;
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, lang));
  const inputId = `price-${item.productId}`;
  const noteId = `price-note-${item.productId}`;
  const delta = typed !== null && saved !== null ? typed - saved : null;

  return (
    <tr ref={rowRef} data-index={index} data-product={item.slug} className={changed ? rowTint.edited : rowTint.plain}>
      <td className={cell}>
        <input
          type="checkbox"
          aria-label={t("editor.select", { name: item.name })}
          checked={selected}
          onChange={(e) => onToggle(item.productId, e.currentTarget.checked)}
          className="size-4"
        />
      </td>
      {/* The name stays in view when the table scrolls sideways. */}
      <th
        scope="row"
        className={tableCellClasses(
          { density: "compact" },
          cn(stickyCell, "min-w-28 max-w-36 font-medium sm:max-w-72"),
        )}
      >
        <label htmlFor={inputId} className="block truncate" title={item.otherName ?? undefined}>
          {item.name}
        </label>
        {item.otherName || (!columns.has("pack") && pack) ? (
          <span className="block truncate text-xs font-normal text-slate-600 dark:text-slate-400">
            {[item.otherName, columns.has("pack") ? null : pack].filter(Boolean).join(" · ")}
          </span>
        ) : null}
      </th>
      {columns.has("pack") ? <td className={cell}>{pack}</td> : null}
      {columns.has("sku") ? <td className={cell}>{item.sku ?? ""}</td> : null}
      {columns.has("category") ? <td className={cell}>{category}</td> : null}
      {columns.has("parent") ? <td className={numeric}>{money(item.parentCents)}</td> : null}
      {columns.has("saved") ? <td className={numeric}>{money(saved)}</td> : null}
      <td className={numeric}>
        <PriceInput
          id={inputId}
          text={text}
          onType={(typed) => onEdit(item.productId, typed)}
          onEscape={() => {
            // The store, not this render: the row follows a keystroke a frame late.
            if (edits.get()[item.productId] === undefined) return null;
            onRestore(item.productId);
            return centsToInput(saved);
          }}
          invalid={flag?.kind === "invalid"}
          describedBy={changed ? noteId : undefined}
          className={cn(
            changed ? "border-amber-500 font-semibold dark:border-amber-400" : "border-slate-300 dark:border-slate-600",
            flag && "border-red-600 dark:border-red-400",
          )}
        />
        {changed ? (
          <p id={noteId} className="mt-0.5 text-xs font-normal">
            <span className="text-slate-600 dark:text-slate-400">{t("editor.was", { price: money(saved) })}</span>
            {flag ? (
              <span className="block whitespace-normal text-red-700 dark:text-red-400">{flagText(flag)}</span>
            ) : null}
          </p>
        ) : null}
      </td>
      {columns.has("change") ? (
        <td className={numeric}>
          {delta !== null && delta !== 0 ? (
            <>
              <span className="block">{formatMoneyChange(delta, lang)}</span>
              {saved ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {formatPercentChange(delta / saved, lang)}
                </span>
              ) : null}
            </>
          ) : null}
        </td>
      ) : null}
      {columns.has("availability") ? (
        <td className={cell}>{item.available ? tc("product.inStock") : tc("product.outOfStock")}</td>
      ) : null}
      <td className={tableCellClasses({ density: "compact" }, "text-center")}>
        <PriceHistoryDialog listSlug={listSlug} productId={item.productId} productName={item.name}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("history.open", { name: item.name })}
            title={t("history.open", { name: item.name })}
          >
            <HistoryIcon aria-hidden="true" className="size-4" />
          </Button>
        </PriceHistoryDialog>
      </td>
    </tr>
  );

  function flagText(f: RowFlag) {
    switch (f.kind) {
      case "invalid":
        return isNegativePriceInput(text) ? t("editor.flagNegative") : t("errors.invalidPrice");
      case "missingDecimals":
        return t("editor.flagDecimals", { price: money(typed === null ? null : Math.round(typed / 100)) });
      case "bigChange": {
        const reference = saved ?? item.parentCents;
        return t("editor.flagBig", {
          change: reference ? formatPercentChange(((typed ?? 0) - reference) / reference, lang) : "",
        });
      }
      case "moved":
        return t("editor.flagMoved", { price: money(f.now) });
    }
  }
});

/**
 * A row's price cell. It shows what is typed at once, rendering itself alone, while the row, the
 * save bar and the draft follow a frame later through the store (`Store.setAfterPaint`); a
 * change of the edit from elsewhere (Esc, a bulk change, Discard, a restored draft) replaces it.
 */
function PriceInput({
  id,
  text,
  onType,
  onEscape,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  text: string;
  onType: (text: string) => void;
  /** Puts the saved price back and returns its text; null when the cell holds no edit. */
  onEscape: () => string | null;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}) {
  const [shown, setShown] = useState(text);
  const [from, setFrom] = useState(text);
  if (from !== text) {
    setFrom(text);
    setShown(text);
  }
  return (
    <input
      id={id}
      data-cell="price"
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        setShown(e.currentTarget.value);
        onType(e.currentTarget.value);
      }}
      onFocus={(e) => focusCell(e.currentTarget)}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        // Set here too: an Esc right after a key may come before the row has seen that key.
        const restored = onEscape();
        if (restored === null) return;
        e.preventDefault();
        setShown(restored);
      }}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      // The scroll margins keep the cell clear of the sticky save bar, and of the name kept in view
      // at the left when the table scrolls sideways.
      className={cn(
        "w-24 scroll-my-28 scroll-ml-40 rounded-md sm:scroll-ml-72 border bg-white px-2 py-1 text-right tabular-nums dark:bg-slate-900",
        className,
      )}
    />
  );
}

/** The editor's column headings; memoised with the rows, so typing a price leaves them alone. */
export const EditorHeadRow = memo(function EditorHeadRow({
  columns,
  adjustment,
  allSelected,
  onSelectAll,
}: {
  columns: ReadonlySet<OptionalColumn>;
  /** The parent's adjustment as people read it ("+5%"), when the list has a parent. */
  adjustment: string | null;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
}) {
  const { t } = useTranslation("prices");
  return (
    <tr>
      <TableHeaderCell className="w-10">
        <input
          type="checkbox"
          aria-label={t("editor.selectAll")}
          checked={allSelected}
          onChange={(e) => onSelectAll(e.currentTarget.checked)}
          className="size-4"
        />
      </TableHeaderCell>
      <TableHeaderCell className={stickyHeadCell}>{t("private.product")}</TableHeaderCell>
      {columns.has("pack") ? <TableHeaderCell>{t("editor.column.pack")}</TableHeaderCell> : null}
      {columns.has("sku") ? <TableHeaderCell>{t("editor.column.sku")}</TableHeaderCell> : null}
      {columns.has("category") ? <TableHeaderCell>{t("editor.column.category")}</TableHeaderCell> : null}
      {columns.has("parent") ? (
        <TableHeaderCell numeric>
          {t("editor.column.parent")}
          {adjustment ? <span className="block font-normal">{adjustment}</span> : null}
        </TableHeaderCell>
      ) : null}
      {columns.has("saved") ? <TableHeaderCell numeric>{t("editor.column.saved")}</TableHeaderCell> : null}
      <TableHeaderCell numeric>{t("editor.newPrice")}</TableHeaderCell>
      {columns.has("change") ? <TableHeaderCell numeric>{t("editor.column.change")}</TableHeaderCell> : null}
      {columns.has("availability") ? <TableHeaderCell>{t("editor.column.availability")}</TableHeaderCell> : null}
      <TableHeaderCell className="w-12 text-center">
        {/* The icon says it below the widest screens, where the word would widen the table past them. */}
        <span className="sr-only 2xl:not-sr-only">{t("history.column")}</span>
      </TableHeaderCell>
    </tr>
  );
});
