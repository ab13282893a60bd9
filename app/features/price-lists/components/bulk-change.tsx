import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { Table, TableBody, TableHead, TableHeaderCell, TableCell } from "~/components/ui/table";
import { formatMoney, roundingRules, type AdjustmentType, type RoundingRule } from "~/lib/money";
import { useStore, type Store } from "~/lib/store";
import type { EditorItem } from "../editor-items";
import { previewBulk, type PriceEdits } from "../editor-state";
import { parseAdjustment, type BulkChange } from "../schema";
import { formatAdjustment } from "./adjustment";

type Props = {
  /** The chosen items, in the editor's order. */
  items: EditorItem[];
  edits: Store<PriceEdits>;
  category: string | null;
  disabled: boolean;
  onApply: (change: BulkChange, prices: { productId: string; cents: number }[]) => void;
};

/**
 * Moves the chosen prices by a percentage or an amount, rounded by a rule, in two steps: a
 * preview of every old → new price, then the new prices go into the editor as edits, still to be
 * reviewed and saved. Nothing is saved from here.
 */
export function BulkChangePanel({ items, edits: store, category, disabled, onApply }: Props) {
  const { t, i18n } = useTranslation("prices");
  const [type, setType] = useState<AdjustmentType>("percentage");
  const [value, setValue] = useState("");
  const [rounding, setRounding] = useState<RoundingRule>("cent");
  const [open, setOpen] = useState(false);
  // Read while the preview is open only: typing a price elsewhere does not re-render the panel.
  const edits = useStore(store, (all) => (open ? all : null));
  const parsed = parseAdjustment(type, value);
  const change: BulkChange | null = parsed === null ? null : { type, value: parsed, rounding, category };
  const preview = edits && change ? previewBulk(items, edits, change) : null;
  const money = (cents: number) => formatMoney(cents, i18n.language);

  return (
    <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-medium">{t("editor.bulkLegend", { count: items.length })}</legend>
      <SelectField
        label={t("manage.adjustmentType")}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as AdjustmentType)}
      >
        <option value="percentage">{t("manage.percentage")}</option>
        <option value="fixed">{t("manage.fixed")}</option>
      </SelectField>
      <TextField
        label={type === "percentage" ? t("manage.percentValue") : t("manage.fixedValue")}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={value.trim() !== "" && parsed === null ? t("errors.adjustmentInvalid") : undefined}
      />
      <SelectField
        label={t("editor.rounding")}
        value={rounding}
        onChange={(e) => setRounding(e.currentTarget.value as RoundingRule)}
      >
        {roundingRules.map((rule) => (
          <option key={rule} value={rule}>
            {t(`editor.roundingRules.${rule}`)}
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled || items.length === 0 || !change}>
        {t("editor.bulkPreview")}
      </Button>
      <Dialog
        open={open && preview !== null}
        onOpenChange={setOpen}
        size="lg"
        title={t("editor.bulkPreviewTitle", {
          count: preview?.rows.length ?? 0,
          change: change ? formatAdjustment(change.type, change.value, i18n.language) : "",
        })}
        description={t("editor.bulkNote")}
      >
        {preview ? (
          <div className="space-y-4">
            {preview.unpriced > 0 ? (
              <p className="text-sm">{t("editor.bulkUnpriced", { count: preview.unpriced })}</p>
            ) : null}
            <div className="max-h-[50vh] overflow-y-auto">
              <Table density="compact">
                <TableHead>
                  <tr>
                    <TableHeaderCell>{t("private.product")}</TableHeaderCell>
                    <TableHeaderCell numeric>{t("editor.before")}</TableHeaderCell>
                    <TableHeaderCell numeric>{t("editor.after")}</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <tr key={row.item.productId}>
                      <TableCell>{row.item.name}</TableCell>
                      <TableCell numeric>{money(row.from)}</TableCell>
                      <TableCell numeric className="font-semibold">
                        {money(row.to)}
                      </TableCell>
                    </tr>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t("manage.cancel")}
              </Button>
              <Button
                disabled={preview.rows.length === 0}
                onClick={() => {
                  if (!change) return;
                  onApply(
                    change,
                    preview.rows.map((r) => ({ productId: r.item.productId, cents: r.to })),
                  );
                  setOpen(false);
                  setValue("");
                }}
              >
                {t("editor.bulkConfirm", { count: preview.rows.length })}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </fieldset>
  );
}
