import { ImageIcon, Archive, ArchiveRestore, Pencil } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { FormAlert } from "~/components/ui/field";
import { formatDateTime } from "~/components/ui/date-time";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { formatMoney } from "~/lib/money";
import { categories, type CategoryGroup } from "../categories";
import type { ManageResult } from "../manage-actions.server";
import type { ManagedProduct, ProductConflict } from "../manage.server";
import { fieldsAsText, parseProductFields, type EditableField, type FieldErrors } from "../product-fields";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductImageDialog, ProductThumb } from "./product-image-dialog";

type Cells = Partial<Record<EditableField, string>>;
/**
 * An edited row: the product as it was when the first cell changed (its revision is what the save
 * names, and its values are what "changed" compares with) and the cells typed since.
 */
type RowEdit = { base: ManagedProduct; cells: Cells };
type Edits = Record<string, RowEdit>;

/** The columns edited in place; slug and descriptions are in the product's full form. */
const gridFields = [
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

const cell =
  "rounded-md border bg-white px-2 py-1 text-sm tabular-nums dark:bg-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600";

/** The cells of one row that differ from the values the edit started from. */
function changedCells(edit: RowEdit): Cells {
  const base = fieldsAsText(edit.base);
  return Object.fromEntries(Object.entries(edit.cells).filter(([f, v]) => base[f as EditableField] !== v)) as Cells;
}

/**
 * Products edited in place, many rows at once, saved or discarded together (the specification's
 * product manage screen). Pending edits say 'You have unsaved changes.', and leaving asks first.
 * A save over someone else's newer save is refused with their changes
 * (docs/decisions/012-products-and-images.md).
 */
export function ProductGrid({ products }: { products: ManagedProduct[] }) {
  const { t, i18n } = useTranslation("products");
  const { t: tc } = useTranslation("catalog");
  const fetcher = useFetcher<ManageResult>();
  const revalidator = useRevalidator();
  const [edits, setEdits] = useState<Edits>({});
  const [editing, setEditing] = useState<ManagedProduct | null>(null);
  const [imageOf, setImageOf] = useState<ManagedProduct | null>(null);
  const [archiving, setArchiving] = useState<ManagedProduct | null>(null);
  /** Products ticked for a bulk action (publishing), by id; only this page's count. */
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = products.filter((p) => ticked.has(p.id)).map((p) => p.id);
  /** The last answer shown; "load their changes" puts it away. */
  const [result, setResult] = useState<ManageResult | undefined>(undefined);
  /** What the last save sent, so cells typed while it ran survive its success. */
  const [submitted, setSubmitted] = useState<Record<string, Cells>>({});
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);

  const dirty = Object.entries(edits)
    .map(([id, edit]) => ({ id, base: edit.base, cells: changedCells(edit) }))
    .filter((row) => Object.keys(row.cells).length > 0);
  const localErrors: Record<string, FieldErrors> = {};
  for (const row of dirty) {
    const parsed = parseProductFields(row.cells);
    if (parsed && !parsed.ok) localErrors[row.id] = parsed.errors;
  }
  // A server's refusal of a cell holds until the cell is typed in again.
  const serverErrors: Record<string, FieldErrors> = {};
  if (result && !result.ok && "fieldErrors" in result) {
    for (const [id, errors] of Object.entries(result.fieldErrors ?? {})) {
      const stillSent = Object.entries(errors).filter(
        ([field]) => edits[id]?.cells[field as EditableField] === submitted[id]?.[field as EditableField],
      );
      if (stillSent.length > 0) serverErrors[id] = Object.fromEntries(stillSent);
    }
  }
  const saving = fetcher.state !== "idle";

  // Each answer is taken in once: later revalidations must not rebase pending edits.
  const [handled, setHandled] = useState<ManageResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled) return;
    setHandled(fetcher.data);
    setResult(fetcher.data);
    if (fetcher.data.ok && fetcher.data.kind === "published") setTicked(new Set());
    if (fetcher.data.ok && fetcher.data.kind === "saved") {
      const sent = submitted;
      setEdits((current) => {
        const next: Edits = {};
        for (const [id, edit] of Object.entries(current)) {
          const cells = Object.fromEntries(
            Object.entries(edit.cells).filter(([field, value]) => sent[id]?.[field as EditableField] !== value),
          ) as Cells;
          // What was saved is the new starting point of anything typed meanwhile.
          if (Object.keys(cells).length > 0) next[id] = { base: byId.get(id) ?? edit.base, cells };
        }
        return next;
      });
    }
  }, [fetcher.state, fetcher.data, handled, byId, submitted]);

  // Rows whose cells all went back to their values are no longer edits.
  useEffect(() => {
    setEdits((current) => {
      const kept = Object.entries(current).filter(([, edit]) => Object.keys(changedCells(edit)).length > 0);
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, [products]);

  /** Sends the edited rows; `revisions` names newer ones to save over (after a conflict, on request). */
  const save = (revisions: Record<string, number> = {}) => {
    const rows = dirty.map((row) => ({
      id: row.id,
      revision: revisions[row.id] ?? row.base.revision,
      fields: row.cells,
    }));
    setSubmitted(Object.fromEntries(dirty.map((row) => [row.id, row.cells])));
    void fetcher.submit({ intent: "save", rows: JSON.stringify(rows) }, { method: "post" });
  };
  const overwrite = (conflicts: ProductConflict[]) => {
    const revisions = Object.fromEntries(conflicts.map((c) => [c.productId, c.current.revision]));
    // Their save becomes the starting point; only the cells typed here go over it.
    setEdits((current) => {
      const next = { ...current };
      for (const c of conflicts) if (next[c.productId]) next[c.productId] = { ...next[c.productId], base: c.current };
      return next;
    });
    save(revisions);
  };
  const setCell = (product: ManagedProduct, field: EditableField, value: string) =>
    setEdits((current) => ({
      ...current,
      [product.id]: {
        base: current[product.id]?.base ?? product,
        cells: { ...current[product.id]?.cells, [field]: value },
      },
    }));
  const tick = (ids: string[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const gridId = useId();
  const publish = () =>
    void fetcher.submit({ intent: "publish", ids: JSON.stringify(selectedIds) }, { method: "post" });
  const reloadTheirs = (ids: string[]) => {
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(id))));
    setResult(undefined);
    void revalidator.revalidate();
  };

  const label = (field: EditableField) => t(`manage.fields.${field}`);
  const valueText = (p: ManagedProduct, field: EditableField) => {
    const text = fieldsAsText(p)[field];
    if (field === "category") return tc(`categories.${(text || "uncategorized") as CategoryGroup}`);
    if (field === "availability") return t(`manage.availabilityValues.${text as "in_stock" | "out_of_stock"}`);
    if (field === "active" || field === "hidden") return p[field] ? t("manage.yes") : t("manage.no");
    if (field === "basePrice") return p.basePriceCents === null ? "—" : formatMoney(p.basePriceCents, i18n.language);
    return text || "—";
  };
  const nameOf = (p: ManagedProduct) => (i18n.language === "es" ? p.nameEs : p.nameEn);

  return (
    <section aria-labelledby="grid-heading" className="space-y-3">
      <h2 id="grid-heading" className="sr-only">
        {t("manage.table.caption")}
      </h2>
      {products.length > 0 || result?.ok ? (
        <div className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white/95 p-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
          <div aria-live="polite" className="min-h-6 text-sm">
            {dirty.length > 0 ? (
              <p className="font-medium text-sky-900 dark:text-sky-100">
                {t("manage.unsaved")} {t("manage.pendingRows", { count: dirty.length })}
              </p>
            ) : result?.ok ? (
              <p className="font-medium text-green-800 dark:text-green-200">
                {result.kind === "saved"
                  ? t("manage.saved")
                  : result.kind === "published"
                    ? t("manage.published", { count: result.changed })
                    : result.kind === "archived"
                      ? t("manage.archived")
                      : result.kind === "restored"
                        ? t("manage.restored")
                        : null}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {selectedIds.length > 0 ? (
              <>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  {t("manage.selected", { count: selectedIds.length })}
                </span>
                {/* Publishing moves the rows' revision on: edits still on screen would then conflict with it. */}
                <Button
                  variant="secondary"
                  onClick={publish}
                  disabled={saving || dirty.length > 0}
                  aria-describedby={dirty.length > 0 ? `${gridId}-publish-hint` : undefined}
                >
                  {t("manage.publish")}
                </Button>
                {dirty.length > 0 ? (
                  <span id={`${gridId}-publish-hint`} className="text-sm text-slate-700 dark:text-slate-300">
                    {t("manage.publishAfterSave")}
                  </span>
                ) : null}
              </>
            ) : null}
            <Button
              onClick={() => save()}
              disabled={dirty.length === 0 || Object.keys(localErrors).length > 0 || saving}
            >
              {t("manage.save")}
            </Button>
            <Button variant="outline" onClick={() => setEdits({})} disabled={dirty.length === 0 || saving}>
              {t("manage.discard")}
            </Button>
          </div>
        </div>
      ) : null}
      {result && !result.ok ? (
        <FormAlert>
          <p className="font-medium">{t(result.message)}</p>
          {"conflicts" in result ? (
            <>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {result.conflicts.map((c) => {
                  const mine = edits[c.productId];
                  return (
                    <li key={c.productId}>
                      {t("manage.conflictChange", {
                        product: nameOf(c.current),
                        author: c.authorName ?? t("manage.someone"),
                        at: formatDateTime(c.at, i18n.language),
                      })}
                      <ul className="pl-4">
                        {Object.keys(mine ? changedCells(mine) : {})
                          .filter(
                            (f) =>
                              fieldsAsText(mine!.base)[f as EditableField] !==
                              fieldsAsText(c.current)[f as EditableField],
                          )
                          .map((f) => (
                            <li key={f}>
                              {t("manage.conflictValue", {
                                field: label(f as EditableField),
                                value: valueText(c.current, f as EditableField),
                              })}
                            </li>
                          ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="danger" onClick={() => overwrite(result.conflicts)}>
                  {t("manage.overwrite")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => reloadTheirs(result.conflicts.map((c) => c.productId))}
                >
                  {t("manage.reload")}
                </Button>
              </div>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {products.length === 0 ? (
        <FormAlert tone="info">{t("manage.empty")}</FormAlert>
      ) : (
        <Table density="compact" className="min-w-max">
          <TableCaption>{t("manage.table.caption")}</TableCaption>
          <TableHead>
            <tr>
              <TableHeaderCell>
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  aria-label={t("manage.table.selectPage")}
                  checked={products.length > 0 && selectedIds.length === products.length}
                  ref={(box) => {
                    if (box) box.indeterminate = selectedIds.length > 0 && selectedIds.length < products.length;
                  }}
                  onChange={(e) =>
                    tick(
                      products.map((p) => p.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              </TableHeaderCell>
              <TableHeaderCell>{t("manage.table.image")}</TableHeaderCell>
              {gridFields.map((field) => (
                <TableHeaderCell
                  key={field}
                  className={field === "nameEn" ? "sticky left-0 z-10 bg-slate-50 dark:bg-slate-900" : undefined}
                >
                  {label(field)}
                </TableHeaderCell>
              ))}
              <TableHeaderCell>{t("manage.table.actions")}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody className="align-top">
            {products.map((p) => {
              const shown = fieldsAsText(p);
              const base = fieldsAsText(edits[p.id]?.base ?? p);
              const rowEdits = edits[p.id]?.cells ?? {};
              const errors = { ...serverErrors[p.id], ...localErrors[p.id] };
              const name = nameOf(p);
              return (
                <tr
                  key={p.id}
                  data-product={p.slug}
                  className={p.archived ? "bg-slate-50 dark:bg-slate-900/60" : undefined}
                >
                  <TableCell className="align-middle">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      aria-label={t("manage.table.select", { name })}
                      checked={ticked.has(p.id)}
                      onChange={(e) => tick([p.id], e.currentTarget.checked)}
                    />
                  </TableCell>
                  <TableCell className="align-middle">
                    <button
                      type="button"
                      onClick={() => setImageOf(p)}
                      aria-label={t("manage.table.changeImage", { name })}
                      className="block rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <ProductThumb
                        product={p}
                        size={40}
                        fallback={<ImageIcon aria-hidden="true" className="size-5" />}
                      />
                    </button>
                  </TableCell>
                  {gridFields.map((field) => {
                    const value = rowEdits[field] ?? shown[field];
                    const error = errors[field];
                    const changed = value !== base[field];
                    const id = `cell-${p.id}-${field}`;
                    const common = {
                      id,
                      "aria-label": t("manage.table.cellLabel", { field: label(field), name }),
                      "aria-invalid": error ? true : undefined,
                      "aria-describedby": error ? `${id}-error` : undefined,
                    };
                    const border = error
                      ? "border-red-600"
                      : changed
                        ? "border-sky-600 bg-sky-50 dark:bg-sky-950"
                        : "border-slate-300 dark:border-slate-600";
                    let control;
                    if (field === "category" || field === "availability") {
                      control = (
                        <select
                          {...common}
                          value={value}
                          onChange={(e) => setCell(p, field, e.currentTarget.value)}
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
                          onChange={(e) => setCell(p, field, String(e.currentTarget.checked))}
                          className={`size-4 ${changed ? "outline-2 outline-sky-600" : ""}`}
                        />
                      );
                    } else {
                      const numeric = ["basePrice", "quantity", "packValue", "popularity"].includes(field);
                      control = (
                        <input
                          {...common}
                          value={value}
                          inputMode={numeric ? "decimal" : undefined}
                          onChange={(e) => setCell(p, field, e.currentTarget.value)}
                          className={`${cell} ${border} ${widths[field] ?? ""}`}
                        />
                      );
                    }
                    return (
                      <TableCell
                        key={field}
                        className={field === "nameEn" ? "sticky left-0 z-10 bg-white dark:bg-slate-950" : undefined}
                      >
                        {control}
                        {field === "nameEn" && (p.archived || !p.active) ? (
                          <span className="mt-1 block text-xs font-medium text-amber-800 dark:text-amber-200">
                            {p.archived ? t("manage.table.archivedBadge") : t("manage.table.inactive")}
                          </span>
                        ) : null}
                        {field === "nameEn" && p.hidden ? (
                          <span className="mt-1 block text-xs font-medium text-amber-800 dark:text-amber-200">
                            {p.importReview ? t("manage.table.reviewBadge") : t("manage.table.hiddenBadge")}
                          </span>
                        ) : null}
                        {error ? (
                          <p id={`${id}-error`} className="mt-1 max-w-48 text-xs text-red-700 dark:text-red-400">
                            {t(error)}
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
                        onClick={() => setEditing(p)}
                        aria-label={t("manage.table.details", { name })}
                        title={t("manage.table.details", { name })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      {p.archived ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => void fetcher.submit({ intent: "restore", id: p.id }, { method: "post" })}
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
                          onClick={() => setArchiving(p)}
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
            })}
          </TableBody>
        </Table>
      )}
      {editing ? <ProductFormDialog product={editing} onClose={() => setEditing(null)} /> : null}
      {imageOf ? (
        <ProductImageDialog product={byId.get(imageOf.id) ?? imageOf} onClose={() => setImageOf(null)} />
      ) : null}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        tone="danger"
        title={t("manage.archiveTitle", { name: archiving ? nameOf(archiving) : "" })}
        description={t("manage.archiveBody")}
        confirmLabel={t("manage.archiveConfirm")}
        cancelLabel={t("manage.cancel")}
        onConfirm={() => archiving && void fetcher.submit({ intent: "archive", id: archiving.id }, { method: "post" })}
      />
      <UnsavedChangesGuard
        when={dirty.length > 0}
        includeSearch
        title={t("manage.leaveTitle")}
        description={t("manage.unsaved")}
        leaveLabel={t("manage.leave")}
        stayLabel={t("manage.stay")}
      />
    </section>
  );
}
