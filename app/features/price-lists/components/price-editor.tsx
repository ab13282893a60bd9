import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { moveInGrid, useSaveShortcut } from "~/components/ui/grid-keys";
import { DraftOffer, SaveBar, SaveFailure } from "~/components/ui/save-bar";
import { formatDateTime } from "~/components/ui/date-time";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { categories, groupOf, type CategoryGroup } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { dropDraft, loadDraft, storeDraft } from "~/lib/drafts";
import { centsToInput, formatMoney } from "~/lib/money";
import { searchKey, compileSearch } from "~/lib/search";
import { sendForm } from "~/lib/send-form";
import { useRootData } from "~/lib/root-data";
import type { SavePricesResult } from "../edit-prices.server";
import type { EditorItem } from "../editor-items";
import {
  dirtyRows,
  draftKey,
  parseDraft,
  restoreDraft,
  type DirtyRow,
  type EditorDraft,
  type PriceEdit,
  type PriceEdits,
} from "../editor-state";
import type { BulkChange, PricesErrorKey } from "../schema";
import { BulkChangePanel } from "./bulk-change";
import { EditorRow, optionalColumns, type OptionalColumn } from "./editor-row";

type Props = {
  items: EditorItem[];
  revision: number;
  listId: string;
  listSlug: string;
  /** The parent's adjustment as people read it ("+5%"), when the list has a parent. */
  adjustment: string | null;
  hasParent: boolean;
};

/** Where a save stands; a failure keeps every edit and offers Retry. */
type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "failed"; reason: "offline" | "signedOut" | "server" }
  | { kind: "refused"; message: PricesErrorKey }
  | { kind: "conflict"; changes: Extract<SavePricesResult, { message: "errors.conflict" }>["changes"] };

type Availability = "all" | "in-stock" | "out-of-stock";

const COLUMNS_KEY = "price-editor-columns";
/** Lists longer than this render only the rows near the screen; shorter ones render whole. */
const VIRTUALISE_FROM = 150;
const ROW_ESTIMATE_PX = 45;
const PHONE_COLUMNS: OptionalColumn[] = [];
const WIDE_COLUMNS: OptionalColumn[] = ["pack", "sku", "category", "parent", "saved", "change", "availability"];

/** "Changed today" means the business's day, in Florida; one formatter for every row. */
const floridaDays = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" });
function floridaDay(at: Date | string) {
  return floridaDays.format(new Date(at));
}

/**
 * The price desk: a list's prices edited in place, by keyboard or touch, saved or discarded
 * together. Edits are kept as a draft on this device until saved, a failed save keeps them on
 * screen with Retry, prices far from the saved ones are confirmed before saving, and a bulk
 * change is previewed and lands as edits to review.
 */
export function PriceEditor({
  items: loaded,
  revision: loadedRevision,
  listId,
  listSlug,
  adjustment,
  hasParent,
}: Props) {
  const { t, i18n } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const { t: tp } = useTranslation("products");
  const lang = i18n.language;
  const userId = useRootData()?.user?.id ?? "anonymous";
  const revalidator = useRevalidator();
  const remover = useFetcher<SavePricesResult>();
  const [edits, setEdits] = useState<PriceEdits>({});
  const [bulk, setBulk] = useState<{ change: BulkChange; texts: Record<string, string> } | null>(null);
  const [confirmedMoves, setConfirmedMoves] = useState<ReadonlySet<string>>(new Set());
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [offer, setOffer] = useState<{ draft: EditorDraft; count: number } | null>(null);
  const [gone, setGone] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<CategoryGroup | "all">("all");
  const [availability, setAvailability] = useState<Availability>("all");
  const [changedToday, setChangedToday] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [columns, setColumns] = useState<ReadonlySet<OptionalColumn>>(new Set(WIDE_COLUMNS));
  const key = draftKey(userId, listId);
  const draftReady = useRef(false);
  // A stored draft not yet restored or discarded: kept in storage beneath what is typed meanwhile.
  const pendingDraft = useRef<EditorDraft | null>(null);
  // What the saves wrote, shown until the page's data read again holds them (so a saved row never
  // shows its old price meanwhile, and the next save names the revision the last one made).
  const [justSaved, setJustSaved] = useState<{
    revision: number;
    prices: ReadonlyMap<string, number | null>;
    at: string;
  } | null>(null);
  const fresh = justSaved && justSaved.revision > loadedRevision ? justSaved : null;
  const revision = fresh?.revision ?? loadedRevision;
  const items = useMemo(
    () =>
      fresh
        ? loaded.map((i) =>
            fresh.prices.has(i.productId)
              ? { ...i, priceCents: fresh.prices.get(i.productId)!, pricedAt: fresh.at }
              : i,
          )
        : loaded,
    [loaded, fresh],
  );

  // Columns: the person's last choice, else few on a phone and all on a wider screen.
  useEffect(() => {
    const stored = loadDraft(COLUMNS_KEY);
    const chosen = Array.isArray(stored)
      ? stored.filter((c): c is OptionalColumn => (optionalColumns as readonly string[]).includes(c))
      : matchMedia("(max-width: 639px)").matches
        ? PHONE_COLUMNS
        : WIDE_COLUMNS;
    setColumns(new Set(chosen));
  }, []);

  // A draft left by a reload, a crash or a lost connection is offered back once.
  useEffect(() => {
    const draft = parseDraft(loadDraft(key));
    pendingDraft.current = draft;
    if (draft) setOffer({ draft, count: Object.keys(draft.edits).length });
    draftReady.current = true;
  }, [key]);

  // Every edit is written to the draft as it is typed (a crash loses nothing), over the offered
  // draft while the person has not chosen what to do with it.
  const persist = useCallback(
    (current: PriceEdits) => {
      const pending = pendingDraft.current;
      const all = pending ? { ...pending.edits, ...current } : current;
      if (Object.keys(all).length === 0) return dropDraft(key);
      const savedAt = Object.keys(current).length > 0 || !pending ? new Date().toISOString() : pending.savedAt;
      storeDraft(key, { version: 1, savedAt, edits: all } satisfies EditorDraft);
    },
    [key],
  );
  useEffect(() => {
    if (draftReady.current) persist(edits);
  }, [edits, persist]);

  const byId = useMemo(() => new Map(items.map((i) => [i.productId, i])), [items]);
  const dirty = useMemo(() => dirtyRows(items, edits, confirmedMoves), [items, edits, confirmedMoves]);
  const flagged = dirty.filter((row) => row.flag && row.flag.kind !== "invalid");
  const invalid = dirty.filter((row) => row.flag?.kind === "invalid");
  const flags = useMemo(() => new Map(dirty.map((row) => [row.item.productId, row.flag])), [dirty]);
  const saving = save.kind === "saving";

  const labels = useMemo(() => {
    const packOf = unitAndPackLabeler(tc, lang);
    return new Map(
      items.map((i) => [i.productId, { pack: packOf(i), category: tc(`categories.${groupOf(i.category)}`) }]),
    );
  }, [items, tc, lang]);

  const today = floridaDay(new Date());
  // Keys of the site's one search (docs/decisions/028-search.md): both names and the SKU.
  const keys = useMemo(() => new Map(items.map((i) => [i.productId, searchKey(i.name, i.otherName, i.sku)])), [items]);
  const shown = useMemo(() => {
    const filtered = items.filter(
      (i) =>
        (category === "all" || groupOf(i.category) === category) &&
        (availability === "all" || (availability === "in-stock") === i.available) &&
        (!changedToday || floridaDay(i.pricedAt) === today),
    );
    const search = compileSearch(query);
    if (!search) return filtered;
    return filtered
      .map((item) => ({ item, rank: search.rank(keys.get(item.productId)!) }))
      .filter((r): r is { item: EditorItem; rank: number } => r.rank !== null)
      .sort((a, b) => a.rank - b.rank)
      .map((r) => r.item);
  }, [items, keys, query, category, availability, changedToday, today]);

  // A long list renders the rows near the screen only: 2,000 rows of inputs took a mid phone
  // seconds to hydrate and a table relayout on every keystroke (docs/decisions/030-price-desk.md).
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
  const virtualizer = useWindowVirtualizer({
    count: virtual ? shown.length : 0,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 15,
    scrollMargin: bodyTop,
    getItemKey: (index) => shown[index]?.productId ?? index,
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

  const onEdit = useCallback(
    (productId: string, text: string) => {
      setEdits((current) => {
        const saved = byId.get(productId)?.priceCents ?? null;
        const next = { ...current };
        // Typed back to the saved price, the cell is no longer an edit (nor in the draft).
        if (text === centsToInput(saved)) delete next[productId];
        else next[productId] = { text, base: current[productId]?.base ?? saved };
        return next;
      });
      setSave((s) => (s.kind === "saved" ? { kind: "idle" } : s));
    },
    [byId],
  );
  const onRestore = useCallback((productId: string) => {
    setEdits((current) => {
      const next = { ...current };
      delete next[productId];
      return next;
    });
  }, []);
  const onToggle = useCallback((productId: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(productId);
      else next.delete(productId);
      return next;
    });
  }, []);

  const discard = () => {
    setEdits({});
    setBulk(null);
    setConfirmedMoves(new Set());
    setSave({ kind: "idle" });
  };

  const send = async (overwrite: boolean) => {
    const rows = dirty;
    if (rows.length === 0 || invalid.length > 0) return;
    setConfirming(false);
    setReviewing(false);
    setSave({ kind: "saving" });
    const sent: Record<string, string> = Object.fromEntries(rows.map((r) => [r.item.productId, r.text]));
    const fields: Record<string, string> = {
      edits: JSON.stringify(rows.map((r) => ({ productId: r.item.productId, price: r.text }))),
    };
    if (!overwrite) fields.revision = String(revision);
    if (bulk && rows.every((r) => bulk.texts[r.item.productId] === r.text)) {
      fields.bulk = JSON.stringify(bulk.change);
    }
    const outcome = await sendForm<SavePricesResult>(`/prices-manage/${encodeURIComponent(listSlug)}/prices`, fields);
    if (outcome.kind === "offline") return setSave({ kind: "failed", reason: "offline" });
    if (outcome.kind === "signedOut") return setSave({ kind: "failed", reason: "signedOut" });
    if (outcome.kind === "failed") return setSave({ kind: "failed", reason: "server" });
    const result = outcome.body;
    if (!result.ok) {
      if ("changes" in result) return setSave({ kind: "conflict", changes: result.changes });
      return setSave({ kind: "refused", message: result.message });
    }
    // Cells typed while the save ran are still edits, now over the price the save wrote; the
    // ones it sent are saved.
    const written = new Map(rows.map((r) => [r.item.productId, r.cents]));
    setEdits((current) => {
      const next: Record<string, PriceEdit> = {};
      for (const [id, edit] of Object.entries(current)) {
        if (sent[id] === edit.text) continue;
        next[id] = written.has(id) ? { text: edit.text, base: written.get(id)! } : edit;
      }
      return next;
    });
    if ("revision" in result) {
      const revisionSaved = result.revision;
      setJustSaved((previous) => ({
        revision: revisionSaved,
        prices: new Map([...(previous && previous.revision > loadedRevision ? previous.prices : []), ...written]),
        at: new Date().toISOString(),
      }));
    }
    setBulk(null);
    setSelected(new Set());
    setConfirmedMoves(new Set());
    setSave({ kind: "saved" });
    void revalidator.revalidate();
  };

  const requestSave = () => {
    if (saving || dirty.length === 0) return;
    if (invalid.length > 0) {
      document.getElementById(`price-${invalid[0]!.item.productId}`)?.focus();
      return;
    }
    if (flagged.length > 0) setConfirming(true);
    else void send(false);
  };
  useSaveShortcut(dirty.length > 0, requestSave);

  const applyBulk = (change: BulkChange, prices: { productId: string; cents: number }[]) => {
    const texts = Object.fromEntries(prices.map((p) => [p.productId, centsToInput(p.cents)]));
    // The log describes the change from the saved prices: moved from prices typed before it, the
    // new ones are plain edits, and "of Fruits" is said only when every chosen row is a fruit.
    const fromSaved = prices.every((p) => edits[p.productId] === undefined);
    setEdits((current) => {
      const next = { ...current };
      for (const p of prices) {
        next[p.productId] = {
          text: texts[p.productId]!,
          base: current[p.productId]?.base ?? byId.get(p.productId)?.priceCents ?? null,
        };
      }
      return next;
    });
    setBulk(fromSaved ? { change, texts } : null);
  };

  const chosen = useMemo(() => items.filter((i) => selected.has(i.productId)), [items, selected]);
  const allShownSelected = shown.length > 0 && shown.every((i) => selected.has(i.productId));
  const selectShown = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const i of shown) {
        if (on) next.add(i.productId);
        else next.delete(i.productId);
      }
      return next;
    });
  const toggleColumn = (column: OptionalColumn, on: boolean) => {
    const next = new Set(columns);
    if (on) next.add(column);
    else next.delete(column);
    setColumns(next);
    storeDraft(COLUMNS_KEY, [...next]);
  };
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, lang));
  const groupsPresent = categories.filter((c) => items.some((i) => i.category === c));

  return (
    <section aria-labelledby="editor-heading" className="space-y-4">
      <h2 id="editor-heading" className="text-xl font-semibold">
        {t("editor.heading")}
      </h2>
      {offer ? (
        <DraftOffer
          text={t("editor.draftFound", { count: offer.count, time: formatDateTime(offer.draft.savedAt, lang) })}
          restore={{
            label: t("editor.draftRestore"),
            onClick: () => {
              const restored = restoreDraft(items, offer.draft);
              // What was typed while the offer was shown stays over the draft's edits.
              setEdits((current) => ({ ...restored.edits, ...current }));
              setGone(restored.gone);
              pendingDraft.current = null;
              setOffer(null);
            },
          }}
          discard={{
            label: t("editor.draftDiscard"),
            onClick: () => {
              pendingDraft.current = null;
              persist(edits);
              setOffer(null);
            },
          }}
        />
      ) : null}
      {gone > 0 ? <FormAlert tone="info">{t("editor.draftGone", { count: gone })}</FormAlert> : null}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t("editor.find")}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          placeholder={t("editor.findPlaceholder")}
          autoComplete="off"
        />
        <SelectField
          label={tc("product.category")}
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value as CategoryGroup | "all")}
        >
          <option value="all">{tp("list.allCategories")}</option>
          {groupsPresent.map((c) => (
            <option key={c} value={c}>
              {tc(`categories.${c}`)}
            </option>
          ))}
          {items.some((i) => groupOf(i.category) === "uncategorized") ? (
            <option value="uncategorized">{tc("categories.uncategorized")}</option>
          ) : null}
        </SelectField>
        <SelectField
          label={tc("product.availability")}
          value={availability}
          onChange={(e) => setAvailability(e.currentTarget.value as Availability)}
        >
          {(["all", "in-stock", "out-of-stock"] as const).map((a) => (
            <option key={a} value={a}>
              {tp(`list.availability.${a}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-3 pb-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={changedToday}
              onChange={(e) => setChangedToday(e.currentTarget.checked)}
            />
            {t("editor.changedToday")}
          </label>
          <details className="relative text-sm">
            <summary className="cursor-pointer underline underline-offset-2">{t("editor.columns")}</summary>
            <div className="absolute right-0 z-20 mt-1 w-48 space-y-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              {optionalColumns.map((c) => (
                <label key={c} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={columns.has(c)}
                    onChange={(e) => toggleColumn(c, e.currentTarget.checked)}
                  />
                  {t(`editor.column.${c}`)}
                </label>
              ))}
            </div>
          </details>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p>{t("editor.shown", { shown: shown.length, total: items.length })}</p>
        <Button size="sm" variant="outline" onClick={() => selectShown(true)} disabled={shown.length === 0}>
          {t("editor.selectShown", { count: shown.length })}
        </Button>
        {selected.size > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            {t("editor.clearSelection", { count: selected.size })}
          </Button>
        ) : null}
      </div>

      {selected.size > 0 ? (
        <div className="space-y-3">
          <BulkChangePanel
            items={chosen}
            edits={edits}
            category={category !== "all" && chosen.every((i) => groupOf(i.category) === category) ? category : null}
            disabled={saving}
            onApply={applyBulk}
          />
          <Button variant="danger" size="sm" onClick={() => setRemoving(true)} disabled={dirty.length > 0 || saving}>
            {t("editor.removeSelected")}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        tone="danger"
        title={t("editor.removeTitle", { count: selected.size })}
        description={t("editor.removeBody")}
        confirmLabel={t("editor.removeConfirm")}
        cancelLabel={t("manage.cancel")}
        onConfirm={() => {
          void remover.submit({ intent: "remove", productIds: JSON.stringify([...selected]) }, { method: "post" });
          setSelected(new Set());
        }}
      />
      {remover.state === "idle" && remover.data && !remover.data.ok ? (
        <FormAlert>{t(remover.data.message)}</FormAlert>
      ) : null}

      <Table density="compact" onKeyDown={moveInGrid}>
        <TableHead>
          <tr>
            <TableHeaderCell className="w-10">
              <input
                type="checkbox"
                aria-label={t("editor.selectAll")}
                checked={allShownSelected}
                onChange={(e) => selectShown(e.currentTarget.checked)}
                className="size-4"
              />
            </TableHeaderCell>
            <TableHeaderCell>{t("private.product")}</TableHeaderCell>
            {columns.has("pack") ? <TableHeaderCell>{t("editor.column.pack")}</TableHeaderCell> : null}
            {columns.has("sku") ? <TableHeaderCell>{t("editor.column.sku")}</TableHeaderCell> : null}
            {columns.has("category") ? <TableHeaderCell>{t("editor.column.category")}</TableHeaderCell> : null}
            {columns.has("parent") ? (
              <TableHeaderCell numeric>
                {t("editor.column.parent")}
                {hasParent && adjustment ? <span className="block font-normal">{adjustment}</span> : null}
              </TableHeaderCell>
            ) : null}
            {columns.has("saved") ? <TableHeaderCell numeric>{t("editor.column.saved")}</TableHeaderCell> : null}
            <TableHeaderCell numeric>{t("editor.newPrice")}</TableHeaderCell>
            {columns.has("change") ? <TableHeaderCell numeric>{t("editor.column.change")}</TableHeaderCell> : null}
            {columns.has("availability") ? <TableHeaderCell>{t("editor.column.availability")}</TableHeaderCell> : null}
            <TableHeaderCell className="w-12 text-center">
              {/* The icon says it on a phone, where the word would widen the table past the screen. */}
              <span className="sr-only sm:not-sr-only">{t("history.column")}</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
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
                edit={edits[item.productId]}
                flag={flags.get(item.productId) ?? null}
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
      </Table>
      {shown.length === 0 ? <p className="text-sm">{t("editor.noMatch")}</p> : null}

      {dirty.length > 0 || save.kind !== "idle" ? (
        <SaveBar
          label={
            dirty.length > 0 ? (
              <>
                {t("editor.unsaved")}{" "}
                <span className="font-normal">{t("editor.changedCount", { count: dirty.length })}</span>
              </>
            ) : null
          }
          message={
            <>
              {invalid.length > 0 ? (
                // Said here too: the rows may be filtered out or scrolled far away.
                <FormAlert>
                  {t("errors.invalidPrice")}: {invalid.map((row) => row.item.name).join(", ")}
                </FormAlert>
              ) : null}
              <SaveMessage state={save} onRetry={() => void send(false)} onOverwrite={() => void send(true)} />
            </>
          }
          actions={
            dirty.length > 0
              ? {
                  review: t("editor.review"),
                  discard: t("editor.discard"),
                  save: saving ? t("editor.saving") : t("editor.save"),
                  onReview: () => setReviewing(true),
                  onDiscard: discard,
                  onSave: requestSave,
                  saving,
                  canSave: invalid.length === 0,
                }
              : null
          }
        />
      ) : null}

      <Dialog
        open={reviewing}
        onOpenChange={setReviewing}
        size="lg"
        title={t("editor.reviewTitle")}
        description={t("editor.changedCount", { count: dirty.length })}
      >
        <ChangeTable rows={dirty} money={money} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setReviewing(false)}>
            {t("editor.close")}
          </Button>
          <Button onClick={requestSave} disabled={saving || invalid.length > 0}>
            {t("editor.save")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="lg"
        title={t("editor.confirmTitle", { count: flagged.length })}
        description={t("editor.confirmBody")}
      >
        <ChangeTable rows={flagged} money={money} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t("editor.confirmBack")}
          </Button>
          <Button
            onClick={() => {
              // A price moved by someone else is confirmed as typed with the rest.
              setConfirmedMoves(new Set([...confirmedMoves, ...flagged.map((r) => r.item.productId)]));
              void send(false);
            }}
          >
            {t("editor.confirmSave", { count: flagged.length })}
          </Button>
        </div>
      </Dialog>
      <UnsavedChangesGuard
        when={dirty.length > 0}
        title={t("editor.leaveTitle")}
        description={t("editor.unsavedKept")}
        leaveLabel={t("editor.leave")}
        stayLabel={t("editor.stay")}
      />
    </section>
  );
}

function ChangeTable({ rows, money }: { rows: DirtyRow[]; money: (cents: number | null) => string }) {
  const { t } = useTranslation("prices");
  return (
    <div className="max-h-[50vh] overflow-y-auto">
      <Table density="compact">
        <TableHead>
          <tr>
            <TableHeaderCell>{t("private.product")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("editor.before")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("editor.after")}</TableHeaderCell>
            <TableHeaderCell>{t("editor.note")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <tr key={row.item.productId}>
              <TableCell>{row.item.name}</TableCell>
              <TableCell numeric>{money(row.item.priceCents)}</TableCell>
              <TableCell numeric className="font-semibold">
                {money(row.cents)}
              </TableCell>
              <TableCell>{row.flag ? t(`editor.flags.${row.flag.kind}`) : ""}</TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function SaveMessage({
  state,
  onRetry,
  onOverwrite,
}: {
  state: SaveState;
  onRetry: () => void;
  onOverwrite: () => void;
}) {
  const { t, i18n } = useTranslation("prices");
  const revalidator = useRevalidator();
  if (state.kind === "saved") return <FormAlert tone="success">{t("editor.saved")}</FormAlert>;
  if (state.kind === "failed" || state.kind === "refused") {
    const text = state.kind === "refused" ? t(state.message) : t(`editor.failed.${state.reason}`);
    return (
      <SaveFailure
        text={text}
        retry={{ label: t("editor.retry"), onRetry }}
        signIn={state.kind === "failed" && state.reason === "signedOut" ? t("editor.signInTab") : null}
      >
        {state.kind === "refused" && state.message === "errors.productNotFound" ? (
          // Someone took a product out of the list: reading it again shows which edits are left.
          <Button size="sm" variant="outline" onClick={() => void revalidator.revalidate()}>
            {t("editor.loadTheirs")}
          </Button>
        ) : null}
      </SaveFailure>
    );
  }
  if (state.kind === "conflict") {
    return (
      <FormAlert>
        <p className="font-medium">{t("errors.conflict")}</p>
        <ul className="mt-2 max-h-40 list-disc overflow-y-auto pl-5">
          {state.changes.map((c) => (
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
          <Button size="sm" variant="danger" onClick={onOverwrite}>
            {t("editor.overwrite")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void revalidator.revalidate()}>
            {t("editor.loadTheirs")}
          </Button>
        </div>
      </FormAlert>
    );
  }
  return null;
}
