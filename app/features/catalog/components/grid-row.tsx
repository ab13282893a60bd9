import { Archive, ArchiveRestore, ImageIcon, Pencil } from "lucide-react";
import { memo, type FocusEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { focusCell } from "~/components/ui/grid-keys";
import { TableCell, rowTint, stickyCell } from "~/components/ui/table";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney, formatPercentChange, parsePriceInput } from "~/lib/money";
import type { PriceWarning } from "~/lib/price-checks";
import { categories } from "../categories";
import type { Cells, RowEdit, RowSince } from "../grid-state";
import type { ManagedProduct } from "../manage.server";
import { fieldsAsText, type EditableField, type FieldErrors } from "../product-fields";
import { ProductThumb } from "./product-image-dialog";
import { useValueText } from "./use-value-text";

/**
 * The column that stays in view when the grid scrolls sideways, and carries a row's badges: the
 * name in the reader's language, the one the rows are sorted and searched by.
 */
export const frozenField = (lang: string) => (lang === "es" ? "nameEs" : "nameEn");

/** The columns edited in place; slug and descriptions are in the product's full form. */
export const gridFields = [
  "nameEn",
  "nameEs",
  "category",
  "basePrice",
  "quantity",
  "unit",
  "packValue",
  "packUnit",
  "availability",
  "active",
  "popularity",
  "sku",
  "quickbooksId",
] as const satisfies readonly EditableField[];

const widths: Partial<Record<EditableField, string>> = {
  nameEn: "w-48",
  nameEs: "w-48",
  basePrice: "w-24 text-right",
  quantity: "w-24 text-right",
  unit: "w-20",
  packValue: "w-20 text-right",
  packUnit: "w-20",
  popularity: "w-20 text-right",
  sku: "w-28",
  quickbooksId: "w-40",
};

// The scroll margins keep a focused cell clear of the sticky save bar, and of the name kept in view
// at the left when the table scrolls sideways.
const cell =
  "scroll-my-28 scroll-ml-56 rounded-md border bg-white px-2 py-1 text-sm tabular-nums dark:bg-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600";

const numericFields: ReadonlySet<EditableField> = new Set(["basePrice", "quantity", "packValue", "popularity"]);

type Props = {
  product: ManagedProduct;
  edit: RowEdit | undefined;
  /** Cells just saved, shown until the page's data catches up with them (no flash of the old values). */
  landed: Cells | undefined;
  errors: FieldErrors;
  price: PriceWarning | null;
  since: RowSince | null;
  ticked: boolean;
  saving: boolean;
  onCell: (product: ManagedProduct, field: EditableField, value: string) => void;
  onRestoreCell: (id: string, field: EditableField) => void;
  onTick: (ids: string[], on: boolean) => void;
  onImage: (product: ManagedProduct) => void;
  onDetails: (product: ManagedProduct) => void;
  onArchive: (product: ManagedProduct) => void;
  onUnarchive: (product: ManagedProduct) => void;
};

function onCellFocus(event: FocusEvent<HTMLInputElement | HTMLSelectElement>) {
  const target = event.currentTarget;
  if (target instanceof HTMLInputElement) focusCell(target);
  else target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * One product of the grid. Memoised: typing in one cell re-renders that row and the save bar,
 * not the other rows of the page.
 */
export const GridRow = memo(function GridRow({
  product: p,
  edit,
  landed,
  errors,
  price,
  since,
  ticked,
  saving,
  onCell,
  onRestoreCell,
  onTick,
  onImage,
  onDetails,
  onArchive,
  onUnarchive,
}: Props) {
  const { t, i18n } = useTranslation("products");
  const { t: tc } = useTranslation("catalog");
  const valueText = useValueText();
  const lang = i18n.language;
  const frozen = frozenField(lang);
  const current = fieldsAsText(p);
  const saved = edit?.saved ?? current;
  const name = lang === "es" ? p.nameEs : p.nameEn;
  const label = (field: EditableField) => t(`manage.fields.${field}`);

  const flagText = (warning: PriceWarning) => {
    const typed = parsePriceInput(edit?.cells.basePrice ?? "");
    const reference = parsePriceInput(saved.basePrice);
    if (warning === "missingDecimals") {
      return t("manage.flagDecimals", { price: typed === null ? "—" : formatMoney(Math.round(typed / 100), lang) });
    }
    return t("manage.flagBig", {
      change: typed !== null && reference ? formatPercentChange((typed - reference) / reference, lang) : "",
    });
  };

  return (
    <tr data-product={p.slug} className={cn(edit ? rowTint.edited : p.archived ? rowTint.muted : rowTint.plain)}>
      <TableCell className="align-middle">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          aria-label={t("manage.table.select", { name })}
          checked={ticked}
          onChange={(e) => onTick([p.id], e.currentTarget.checked)}
        />
      </TableCell>
      <TableCell className="align-middle">
        <button
          type="button"
          onClick={() => onImage(p)}
          aria-label={t("manage.table.changeImage", { name })}
          className="block rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ProductThumb product={p} size={40} fallback={<ImageIcon aria-hidden="true" className="size-5" />} />
        </button>
      </TableCell>
      {gridFields.map((field) => {
        const typed = edit?.cells[field];
        const value = typed ?? landed?.[field] ?? current[field];
        const changed = typed !== undefined;
        const error = errors[field];
        const flag = field === "basePrice" && price ? flagText(price) : null;
        const id = `cell-${p.id}-${field}`;
        const noteId = `${id}-note`;
        const common = {
          id,
          "data-cell": field,
          "aria-label": t("manage.table.cellLabel", { field: label(field), name }),
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error || changed ? noteId : undefined,
          onFocus: onCellFocus,
          onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
            if (e.key === "Escape" && changed) {
              e.preventDefault();
              onRestoreCell(p.id, field);
            }
          },
        };
        const border =
          error || flag
            ? "border-red-600 dark:border-red-400"
            : changed
              ? "border-amber-500 font-semibold dark:border-amber-400"
              : "border-slate-300 dark:border-slate-600";
        let control;
        if (field === "category" || field === "availability") {
          control = (
            <select
              {...common}
              value={value}
              onChange={(e) => onCell(p, field, e.currentTarget.value)}
              className={`${cell} ${border}`}
            >
              {field === "category" ? (
                <>
                  <option value="">{tc("categories.uncategorized")}</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {tc(`categories.${c}`)}
                    </option>
                  ))}
                </>
              ) : (
                <>
                  <option value="in_stock">{t("manage.availabilityValues.in_stock")}</option>
                  <option value="out_of_stock">{t("manage.availabilityValues.out_of_stock")}</option>
                </>
              )}
            </select>
          );
        } else if (field === "active") {
          control = (
            <input
              {...common}
              type="checkbox"
              checked={value === "true"}
              onChange={(e) => onCell(p, field, String(e.currentTarget.checked))}
              className={cn("size-4 scroll-my-28", changed && "outline-2 outline-amber-500")}
            />
          );
        } else {
          control = (
            <input
              {...common}
              value={value}
              autoComplete="off"
              inputMode={numericFields.has(field) ? "decimal" : undefined}
              onChange={(e) => onCell(p, field, e.currentTarget.value)}
              className={`${cell} ${border} ${widths[field] ?? ""}`}
            />
          );
        }
        return (
          <TableCell key={field} className={field === frozen ? stickyCell : undefined}>
            {control}
            {field === frozen && (p.archived || !p.active) ? (
              <span className="mt-1 block text-xs font-medium text-amber-800 dark:text-amber-200">
                {p.archived ? t("manage.table.archivedBadge") : t("manage.table.inactive")}
              </span>
            ) : null}
            {field === frozen && p.hidden ? (
              <span className="mt-1 block text-xs font-medium text-amber-800 dark:text-amber-200">
                {p.importReview ? t("manage.table.reviewBadge") : t("manage.table.hiddenBadge")}
              </span>
            ) : null}
            {field === frozen && since ? (
              <span className="mt-1 block max-w-48 text-xs font-medium text-red-700 dark:text-red-400">
                {t(`manage.since.${since}`)}
              </span>
            ) : null}
            {changed || error ? (
              <p id={noteId} className="mt-1 max-w-48 text-xs">
                {changed ? (
                  <span className="block text-slate-600 dark:text-slate-400">
                    {t("manage.was", { value: valueText(field, saved[field]) })}
                  </span>
                ) : null}
                {error ? <span className="block text-red-700 dark:text-red-400">{t(error)}</span> : null}
                {flag ? <span className="block text-red-700 dark:text-red-400">{flag}</span> : null}
              </p>
            ) : null}
          </TableCell>
        );
      })}
      <TableCell>
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDetails(p)}
            aria-label={t("manage.table.details", { name })}
            title={t("manage.table.details", { name })}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          {p.archived ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onUnarchive(p)}
              aria-label={t("manage.table.restore", { name })}
              title={t("manage.table.restore", { name })}
              disabled={saving}
            >
              <ArchiveRestore aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onArchive(p)}
              aria-label={t("manage.table.archive", { name })}
              title={t("manage.table.archive", { name })}
              disabled={saving}
            >
              <Archive aria-hidden="true" className="size-4" />
            </Button>
          )}
          {!p.archived && p.active ? (
            <Link
              to={`/products/${p.slug}`}
              className="self-center px-1 text-xs font-medium text-brand-800 underline underline-offset-2 dark:text-brand-100"
              aria-label={t("manage.table.view", { name })}
            >
              /{p.slug}
            </Link>
          ) : null}
        </div>
      </TableCell>
    </tr>
  );
});
