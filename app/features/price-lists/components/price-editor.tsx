import { HistoryIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { Table, TableBody, tableCellClasses, TableHead, TableHeaderCell } from "~/components/ui/table";
import { centsToInput, formatMoney, parsePriceInput } from "~/lib/money";
import type { SavePricesResult } from "../edit-prices.server";
import type { PriceItemView } from "../items.server";
import { parseAdjustment } from "../schema";
import { PriceHistoryDialog } from "./price-history-dialog";

type Props = { items: PriceItemView[]; revision: number; listSlug: string };

// The editor shows a whole list, thousands of rows: its cells are plain elements (see tableCellClasses).
const boxCell = tableCellClasses();
const nameCell = tableCellClasses({}, "font-medium");
const priceCell = tableCellClasses({ numeric: true });
const historyCell = tableCellClasses({}, "text-center");

/**
 * Prices edited in place and saved or discarded together. Pending edits are announced with
 * 'You have unsaved changes.', and leaving the page (a link or a reload) asks first.
 */
export function PriceEditor({ items, revision, listSlug }: Props) {
  const { t, i18n } = useTranslation("prices");
  const fetcher = useFetcher<SavePricesResult>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkType, setBulkType] = useState<"percentage" | "fixed">("percentage");
  const [bulkValue, setBulkValue] = useState("");
  const [confirmRemove, setConfirmRemove] = useState(false);
  const byId = useMemo(() => new Map(items.map((i) => [i.productId, i])), [items]);
  const dirty = Object.entries(edits).filter(([id, text]) => centsToInput(byId.get(id)?.priceCents ?? null) !== text);
  const invalidNow = new Set(
    dirty.filter(([, text]) => text.trim() !== "" && parsePriceInput(text) === null).map(([id]) => id),
  );
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";

  // A save that went through starts the editor afresh from the saved prices.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setEdits({});
      setSelected(new Set());
    }
  }, [fetcher.state, fetcher.data]);

  const save = (overwrite: boolean) => {
    const payload = dirty.map(([productId, price]) => ({ productId, price }));
    const body: Record<string, string> = { intent: "save", edits: JSON.stringify(payload) };
    if (!overwrite) body.revision = String(revision);
    void fetcher.submit(body, { method: "post" });
  };

  const bulk = () => {
    const body = {
      intent: "bulk",
      productIds: JSON.stringify([...selected]),
      adjustmentType: bulkType,
      adjustmentValue: bulkValue,
      revision: String(revision),
    };
    void fetcher.submit(body, { method: "post" });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? items.filter((i) => i.name.toLocaleLowerCase().includes(needle)) : items;
  const serverInvalid = new Set(result && !result.ok && "invalid" in result ? (result.invalid ?? []) : []);

  return (
    <section aria-labelledby="editor-heading" className="space-y-4">
      <h2 id="editor-heading" className="text-xl font-semibold">
        {t("editor.heading")}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TextField
          label={t("private.filterLabel")}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          placeholder={t("private.filterPlaceholder")}
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button onClick={() => save(false)} disabled={dirty.length === 0 || invalidNow.size > 0 || saving}>
            {t("editor.save")}
          </Button>
          <Button variant="outline" onClick={() => setEdits({})} disabled={dirty.length === 0 || saving}>
            {t("editor.discard")}
          </Button>
        </div>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">{t("editor.bulkLegend", { count: selected.size })}</legend>
        <SelectField
          label={t("manage.adjustmentType")}
          value={bulkType}
          onChange={(e) => setBulkType(e.currentTarget.value as "percentage" | "fixed")}
        >
          <option value="percentage">{t("manage.percentage")}</option>
          <option value="fixed">{t("manage.fixed")}</option>
        </SelectField>
        <TextField
          label={bulkType === "percentage" ? t("manage.percentValue") : t("manage.fixedValue")}
          inputMode="decimal"
          value={bulkValue}
          onChange={(e) => setBulkValue(e.currentTarget.value)}
        />
        <Button
          variant="secondary"
          onClick={bulk}
          disabled={selected.size === 0 || dirty.length > 0 || saving || parseAdjustment(bulkType, bulkValue) === null}
        >
          {t("editor.bulkApply")}
        </Button>
        <Button
          variant="danger"
          onClick={() => setConfirmRemove(true)}
          disabled={selected.size === 0 || dirty.length > 0 || saving}
        >
          {t("editor.removeSelected")}
        </Button>
      </fieldset>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        tone="danger"
        title={t("editor.removeTitle", { count: selected.size })}
        description={t("editor.removeBody")}
        confirmLabel={t("editor.removeConfirm")}
        cancelLabel={t("manage.cancel")}
        onConfirm={() =>
          void fetcher.submit({ intent: "remove", productIds: JSON.stringify([...selected]) }, { method: "post" })
        }
      />
      <div aria-live="polite" className="space-y-2">
        {dirty.length > 0 ? <FormAlert tone="info">{t("editor.unsaved")}</FormAlert> : null}
        {result?.ok ? (
          <FormAlert tone="success">
            {"version" in result ? t("editor.versionSaved", { number: result.version }) : t("editor.saved")}
          </FormAlert>
        ) : null}
        {result && !result.ok ? (
          <FormAlert>
            <p className="font-medium">{t(result.message)}</p>
            {"changes" in result ? (
              <>
                <ul className="mt-2 list-disc pl-5">
                  {result.changes.map((c) => (
                    <li key={`${c.productId}-${c.at}`}>
                      {t("editor.conflictChange", {
                        product: c.productName,
                        author: c.authorName ?? "—",
                        from: c.oldCents === null ? "—" : formatMoney(c.oldCents, i18n.language),
                        to: c.newCents === null ? "—" : formatMoney(c.newCents, i18n.language),
                      })}
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="danger" onClick={() => save(true)}>
                    {t("editor.overwrite")}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
                    {t("editor.reload")}
                  </Button>
                </div>
              </>
            ) : null}
          </FormAlert>
        ) : null}
      </div>
      <Table>
        <TableHead>
          <tr>
            <TableHeaderCell className="w-10">
              <input
                type="checkbox"
                aria-label={t("editor.selectAll")}
                checked={shown.length > 0 && shown.every((i) => selected.has(i.productId))}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected((current) => {
                    const next = new Set(current);
                    for (const i of shown) {
                      if (on) next.add(i.productId);
                      else next.delete(i.productId);
                    }
                    return next;
                  });
                }}
                className="size-4"
              />
            </TableHeaderCell>
            <TableHeaderCell>{t("private.product")}</TableHeaderCell>
            <TableHeaderCell numeric className="w-40">
              {t("private.price")}
            </TableHeaderCell>
            <TableHeaderCell className="w-16 text-center">{t("history.column")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {shown.map((item) => {
            const text = edits[item.productId] ?? centsToInput(item.priceCents);
            const bad = invalidNow.has(item.productId) || serverInvalid.has(item.productId);
            const errorId = `price-error-${item.productId}`;
            return (
              <tr key={item.productId} data-product={item.slug}>
                <td className={boxCell}>
                  <input
                    type="checkbox"
                    aria-label={t("editor.select", { name: item.name })}
                    checked={selected.has(item.productId)}
                    onChange={(e) => toggle(item.productId, e.currentTarget.checked)}
                    className="size-4"
                  />
                </td>
                <th scope="row" className={nameCell}>
                  <label htmlFor={`price-${item.productId}`}>{item.name}</label>
                </th>
                <td className={priceCell}>
                  <input
                    id={`price-${item.productId}`}
                    inputMode="decimal"
                    value={text}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setEdits((current) => ({ ...current, [item.productId]: value }));
                    }}
                    aria-invalid={bad || undefined}
                    aria-describedby={bad ? errorId : undefined}
                    className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-right tabular-nums dark:border-slate-600 dark:bg-slate-900"
                  />
                  {bad ? (
                    <p id={errorId} className="mt-1 text-xs text-red-700 dark:text-red-400">
                      {t("errors.invalidPrice")}
                    </p>
                  ) : null}
                </td>
                <td className={historyCell}>
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
          })}
        </TableBody>
      </Table>
      <UnsavedChangesGuard
        when={dirty.length > 0}
        title={t("editor.leaveTitle")}
        description={t("editor.unsaved")}
        leaveLabel={t("editor.leave")}
        stayLabel={t("editor.stay")}
      />
    </section>
  );
}
