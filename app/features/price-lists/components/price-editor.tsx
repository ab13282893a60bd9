import { Trash2 } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/field";
import { moveInGrid } from "~/components/ui/grid-keys";
import { GridKeysHint } from "~/components/ui/grid-keys-hint";
import { DraftOffer } from "~/components/ui/save-bar";
import { formatDateTime } from "~/components/ui/date-time";
import { Table, TableHead } from "~/components/ui/table";
import { groupOf, orderedGroups } from "~/features/catalog/categories";
import {
  businessDay,
  filterPriceRows,
  groupsIn,
  noPriceFilters,
  type PriceFilterValues,
} from "~/features/catalog/price-filters";
import { Pagination } from "~/components/ui/pagination";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { parseSearch } from "~/features/catalog/query";
import { dropDraft, loadDraft, storeDraft } from "~/lib/drafts";
import { centsToInput } from "~/lib/money";
import { searchKey } from "~/lib/search";
import { sendForm } from "~/lib/send-form";
import { createStore, useStore } from "~/lib/store";
import { useRootData } from "~/lib/root-data";
import type { SavePricesResult } from "../edit-prices.server";
import type { EditorItem } from "../editor-items";
import {
  dirtyRows,
  draftKey,
  parseDraft,
  restoreDraft,
  sortEditorItems,
  type EditorDraft,
  type PriceEdit,
  type PriceEdits,
} from "../editor-state";
import { ITEMS_PER_REQUEST, listQuerySearch, type ListPaging, type ListQuery, type ListSort } from "../list-query";
import type { BulkChange } from "../schema";
import { BulkChangePanel } from "./bulk-change";
import { EditorSaveArea, type SaveState } from "./editor-save-area";
import { EditorFilters } from "./editor-filters";
import { EditorBody } from "./editor-body";
import { EditorHeadRow, optionalColumns, type OptionalColumn } from "./editor-row";

type Props = {
  /** The whole list, or a long list's page (`paging`). */
  items: EditorItem[];
  /** A long list's page: searched, filtered, sorted and paged by the server, from the address. */
  paging: ListPaging | null;
  revision: number;
  listId: string;
  listSlug: string;
  /** The parent's adjustment as people read it ("+5%"), when the list has a parent. */
  adjustment: string | null;
  hasParent: boolean;
  /** A save made a new revision: the page's other forms name it before the page's data reads again. */
  onSaved?: (revision: number) => void;
};

const COLUMNS_KEY = "price-editor-columns";
const DRAFT_DELAY_MS = 100;
/** A long list's search is sent this long after the last key. */
const SEARCH_DELAY_MS = 350;
const PHONE_COLUMNS: OptionalColumn[] = [];
const WIDE_COLUMNS: OptionalColumn[] = ["pack", "sku", "category", "parent", "saved", "change", "availability"];

/**
 * The price desk: a list's prices edited in place, by keyboard or touch, saved or discarded
 * together. Edits are kept as a draft on this device until saved, a failed save keeps them on
 * screen with Retry, prices far from the saved ones are confirmed before saving, and a bulk
 * change is previewed and lands as edits to review.
 */
export function PriceEditor({
  items: loaded,
  paging,
  revision: loadedRevision,
  listId,
  listSlug,
  adjustment,
  hasParent,
  onSaved,
}: Props) {
  const { t, i18n } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const lang = i18n.language;
  const userId = useRootData()?.user?.id ?? "anonymous";
  const revalidator = useRevalidator();
  const remover = useFetcher<SavePricesResult>();
  // Typing changes only this store, read by the edited row and the save bar (app/lib/store.ts).
  const [edits] = useState(() => createStore<PriceEdits>({}));
  const [bulk, setBulk] = useState<{ change: BulkChange; texts: Record<string, string> } | null>(null);
  const [confirmedMoves, setConfirmedMoves] = useState<ReadonlySet<string>>(new Set());
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [offer, setOffer] = useState<{ draft: EditorDraft; count: number } | null>(null);
  const [gone, setGone] = useState(0);
  const [removing, setRemoving] = useState(false);
  const [typedFilters, setTypedFilters] = useState<PriceFilterValues>(noPriceFilters);
  const [chosenSort, setChosenSort] = useState<ListSort>("category");
  const [draftFailed, setDraftFailed] = useState(false);
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
    /** The business's date of the save, the saved rows' "changed today". */
    day: string;
  } | null>(null);
  const fresh = justSaved && justSaved.revision > loadedRevision ? justSaved : null;
  const revision = fresh?.revision ?? loadedRevision;
  // A long list's editor holds one page, but edits, the selection and a bulk adjustment reach
  // across pages: the items of the pages seen before (and of a restored draft's edits) are kept.
  const [seen, setSeen] = useState<{ page: EditorItem[]; items: ReadonlyMap<string, EditorItem> }>({
    page: loaded,
    items: new Map(),
  });
  if (paging && seen.page !== loaded) {
    setSeen({ page: loaded, items: new Map([...seen.items, ...seen.page.map((i) => [i.productId, i] as const)]) });
  }
  const pageItems = useMemo(() => withSaved(loaded, fresh), [loaded, fresh]);
  const items = useMemo(() => {
    if (!paging || seen.items.size === 0) return pageItems;
    const onPage = new Set(pageItems.map((i) => i.productId));
    return [...pageItems, ...withSaved([...seen.items.values()], fresh).filter((i) => !onPage.has(i.productId))];
  }, [paging, pageItems, seen.items, fresh]);

  // Edits that would be saved (not those back at a price someone else saved meanwhile).
  const hasEdits = useStore(edits, (value) => dirtyRows(items, value, confirmedMoves).length > 0);

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
  // Written a moment after the keystroke rather than during it (storage is slow on a phone), and
  // at once when the page goes away or is hidden.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let written = edits.get();
    const write = () => {
      timer = undefined;
      if (!draftReady.current) return;
      written = edits.get();
      persist(written);
    };
    // Also a keystroke the store has not told of yet (it tells after the next paint).
    const flush = () => {
      clearTimeout(timer);
      if (timer !== undefined || edits.get() !== written) write();
    };
    const unsubscribe = edits.subscribe(() => {
      timer ??= setTimeout(write, DRAFT_DELAY_MS);
    });
    // A phone may end a hidden tab without a pagehide, and runs no frames nor timers while hidden.
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      unsubscribe();
      removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
      flush();
    };
  }, [edits, persist]);

  const byId = useMemo(() => new Map(items.map((i) => [i.productId, i])), [items]);
  const saving = save.kind === "saving";

  const labels = useMemo(() => {
    const packOf = unitAndPackLabeler(tc, lang);
    return new Map(
      items.map((i) => [i.productId, { pack: packOf(i), category: tc(`categories.${groupOf(i.category)}`) }]),
    );
  }, [items, tc, lang]);

  const groups = useMemo(
    () =>
      paging?.groups ??
      groupsIn(
        items,
        orderedGroups((g) => tc(`categories.${g}`), lang),
      ),
    [paging, items, tc, lang],
  );

  // A long list's filters and order are its address: the server applies them (a search as it is
  // typed, a moment after the last key). A shorter list's are applied here.
  const navigate = useNavigate();
  // The search box leads the address while a search is typed: `sent` is what was last sent.
  const [search, setSearch] = useState<{ text: string; sent: string } | null>(null);
  const [addressQuery, setAddressQuery] = useState(paging?.query.query ?? "");
  if (paging && paging.query.query !== addressQuery) {
    setAddressQuery(paging.query.query);
    // The address moved by other means (back, a link): the box follows it.
    if (search && parseSearch(search.sent) !== paging.query.query) setSearch(null);
  }
  const typedSearch = search?.text;
  const filters = useMemo(
    () => (paging ? { ...paging.query, query: typedSearch ?? paging.query.query } : typedFilters),
    [paging, typedSearch, typedFilters],
  );
  const sort = paging ? paging.query.sort : chosenSort;
  const showQuery = useCallback(
    (change: Partial<ListQuery>) => {
      if (!paging) return;
      void navigate(listQuerySearch({ ...paging.query, ...change, page: change.page ?? 1 }), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [navigate, paging],
  );
  useEffect(() => {
    if (!search || search.text === search.sent) return;
    const timer = setTimeout(() => {
      setSearch({ text: search.text, sent: search.text });
      showQuery({ query: parseSearch(search.text) });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, showQuery]);
  const onFilters = useCallback(
    (next: PriceFilterValues) => {
      if (!paging) return setTypedFilters(next);
      if (next.query !== filters.query) {
        setSearch((current) => ({ text: next.query, sent: current?.sent ?? paging.query.query }));
        return;
      }
      showQuery({ ...next, query: parseSearch(next.query) });
    },
    [paging, filters.query, showQuery],
  );
  const onSort = useCallback(
    (next: ListSort) => (paging ? showQuery({ sort: next }) : setChosenSort(next)),
    [paging, showQuery],
  );

  const today = businessDay(new Date());
  // Keys of the site's one search (docs/decisions/028-search.md): both names and the SKU.
  const keys = useMemo(
    () => (paging ? null : new Map(items.map((i) => [i.productId, searchKey(i.name, i.otherName, i.sku)]))),
    [paging, items],
  );
  const sorted = useMemo(
    () => (paging ? pageItems : sortEditorItems(items, sort, lang)),
    [paging, pageItems, items, sort, lang],
  );
  // The search box shows each key at once; the rows it filters follow in an interruptible render.
  const shownFilters = useDeferredValue(filters);
  const shown = useMemo(
    () =>
      keys
        ? filterPriceRows(
            sorted,
            shownFilters,
            { searchKey: (i) => keys.get(i.productId)!, pricedDay: (i) => i.pricedDay },
            today,
          )
        : sorted,
    [sorted, keys, shownFilters, today],
  );

  const onEdit = useCallback(
    (productId: string, text: string) => {
      edits.setAfterPaint((current) => {
        const saved = byId.get(productId)?.priceCents ?? null;
        const next = { ...current };
        // Typed back to the saved price, the cell is no longer an edit (nor in the draft).
        if (text === centsToInput(saved)) delete next[productId];
        else next[productId] = { text, base: current[productId]?.base ?? saved };
        return next;
      });
      setSave((s) => (s.kind === "saved" ? { kind: "idle" } : s));
    },
    [byId, edits],
  );
  const onRestore = useCallback(
    (productId: string) =>
      edits.set((current) => {
        const next = { ...current };
        delete next[productId];
        return next;
      }),
    [edits],
  );
  const onToggle = useCallback((productId: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(productId);
      else next.delete(productId);
      return next;
    });
  }, []);

  const discard = () => {
    edits.set({});
    setBulk(null);
    setConfirmedMoves(new Set());
    setSave({ kind: "idle" });
  };

  const send = async (overwrite: boolean) => {
    const rows = dirtyRows(items, edits.get(), confirmedMoves);
    if (rows.length === 0 || rows.some((r) => r.flag?.kind === "invalid")) return;
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
    edits.set((current) => {
      const next: Record<string, PriceEdit> = {};
      for (const [id, edit] of Object.entries(current)) {
        if (sent[id] === edit.text) continue;
        next[id] = written.has(id) ? { text: edit.text, base: written.get(id)! } : edit;
      }
      return next;
    });
    // Rows kept from other pages of a long list are not read again: they take the saved prices here.
    if (paging) {
      const day = businessDay(new Date());
      setSeen((current) => ({
        page: current.page,
        items: new Map(
          [...current.items].map(([id, item]) => [
            id,
            written.has(id) ? { ...item, priceCents: written.get(id)!, pricedDay: day } : item,
          ]),
        ),
      }));
    }
    if ("revision" in result) {
      const revisionSaved = result.revision;
      setJustSaved((previous) => ({
        revision: revisionSaved,
        prices: new Map([...(previous && previous.revision > loadedRevision ? previous.prices : []), ...written]),
        day: businessDay(new Date()),
      }));
      onSaved?.(revisionSaved);
    }
    setBulk(null);
    setSelected(new Set());
    setConfirmedMoves(new Set());
    setSave({ kind: "saved" });
    void revalidator.revalidate();
  };

  const applyBulk = (change: BulkChange, prices: { productId: string; cents: number }[]) => {
    const texts = Object.fromEntries(prices.map((p) => [p.productId, centsToInput(p.cents)]));
    // The log describes the change from the saved prices: moved from prices typed before it, the
    // new ones are plain edits, and "of Fruits" is said only when every chosen row is a fruit.
    const fromSaved = prices.every((p) => edits.get()[p.productId] === undefined);
    edits.set((current) => {
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

  const restore = async (draft: EditorDraft) => {
    let known = items;
    if (paging) {
      // The draft's edits typed on other pages of a long list need their rows.
      const have = new Set(items.map((i) => i.productId));
      const found = await findItems(
        listSlug,
        Object.keys(draft.edits).filter((id) => !have.has(id)),
      );
      if (!found) return setDraftFailed(true);
      setSeen((current) => ({
        page: current.page,
        items: new Map([...current.items, ...found.map((i) => [i.productId, i] as const)]),
      }));
      known = [...items, ...found];
    }
    const restored = restoreDraft(known, draft);
    // What was typed while the offer was shown stays over the draft's edits.
    edits.set((current) => ({ ...restored.edits, ...current }));
    setGone(restored.gone);
    setDraftFailed(false);
    pendingDraft.current = null;
    setOffer(null);
  };

  const chosen = useMemo(() => items.filter((i) => selected.has(i.productId)), [items, selected]);
  const allShownSelected = useMemo(
    () => shown.length > 0 && shown.every((i) => selected.has(i.productId)),
    [shown, selected],
  );
  const selectShown = useCallback(
    (on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const i of shown) {
          if (on) next.add(i.productId);
          else next.delete(i.productId);
        }
        return next;
      }),
    [shown],
  );
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const toggleColumn = useCallback((column: OptionalColumn, on: boolean) => {
    setColumns((current) => {
      const next = new Set(current);
      if (on) next.add(column);
      else next.delete(column);
      storeDraft(COLUMNS_KEY, [...next]);
      return next;
    });
  }, []);

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
            onClick: () => void restore(offer.draft),
          }}
          discard={{
            label: t("editor.draftDiscard"),
            onClick: () => {
              pendingDraft.current = null;
              persist(edits.get());
              setOffer(null);
            },
          }}
        />
      ) : null}
      {draftFailed ? <FormAlert>{t("editor.draftLoadFailed")}</FormAlert> : null}
      {gone > 0 ? <FormAlert tone="info">{t("editor.draftGone", { count: gone })}</FormAlert> : null}

      <EditorFilters
        filters={filters}
        onFilters={onFilters}
        sort={sort}
        onSort={onSort}
        groups={groups}
        columns={columns}
        onToggleColumn={toggleColumn}
        shown={shown.length}
        total={paging ? paging.total : items.length}
        matching={paging ? paging.matching : null}
        selected={selected.size}
        onSelectShown={selectShown}
        onClearSelection={clearSelection}
      />

      {selected.size > 0 ? (
        <div className="space-y-3">
          <BulkChangePanel
            items={chosen}
            edits={edits}
            category={
              filters.category !== "all" && chosen.every((i) => groupOf(i.category) === filters.category)
                ? filters.category
                : null
            }
            disabled={saving}
            onApply={applyBulk}
          />
          <Button variant="outline" size="sm" onClick={() => setRemoving(true)} disabled={hasEdits || saving}>
            <Trash2 aria-hidden="true" className="size-4" />
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

      <GridKeysHint />
      <Table density="compact" onKeyDown={moveInGrid}>
        <TableHead>
          <EditorHeadRow
            columns={columns}
            adjustment={hasParent ? adjustment : null}
            allSelected={allShownSelected}
            onSelectAll={selectShown}
          />
        </TableHead>
        <EditorBody
          shown={shown}
          edits={edits}
          confirmedMoves={confirmedMoves}
          selected={selected}
          columns={columns}
          labels={labels}
          listSlug={listSlug}
          onEdit={onEdit}
          onRestore={onRestore}
          onToggle={onToggle}
        />
      </Table>
      {shown.length === 0 ? <p className="text-sm">{t("private.noMatch")}</p> : null}
      {paging ? (
        <Pagination
          page={paging.page}
          pageCount={paging.pageCount}
          hrefFor={(page) => listQuerySearch({ ...paging.query, page })}
          label={tc("products.pagination")}
        />
      ) : null}

      <EditorSaveArea
        items={items}
        edits={edits}
        confirmedMoves={confirmedMoves}
        save={save}
        onSend={(overwrite) => void send(overwrite)}
        onConfirmMoves={(ids) => setConfirmedMoves((current) => new Set([...current, ...ids]))}
        onDiscard={discard}
      />
    </section>
  );
}

/** The items with the prices the last saves wrote, until the page's data read again holds them. */
function withSaved(
  items: EditorItem[],
  fresh: { prices: ReadonlyMap<string, number | null>; day: string } | null,
): EditorItem[] {
  if (!fresh) return items;
  return items.map((i) =>
    fresh.prices.has(i.productId) ? { ...i, priceCents: fresh.prices.get(i.productId)!, pricedDay: fresh.day } : i,
  );
}

/**
 * The items of these products still in the list, asked for a request's worth at a time; null when
 * any request fails (no connection, a server error).
 */
async function findItems(listSlug: string, productIds: string[]): Promise<EditorItem[] | null> {
  const found: EditorItem[] = [];
  for (let at = 0; at < productIds.length; at += ITEMS_PER_REQUEST) {
    const ids = productIds.slice(at, at + ITEMS_PER_REQUEST).join(",");
    try {
      const response = await fetch(`/prices-manage/${encodeURIComponent(listSlug)}/items?ids=${ids}`, {
        headers: { accept: "application/json" },
        redirect: "manual",
      });
      if (!response.ok) return null;
      found.push(...((await response.json()) as { items: EditorItem[] }).items);
    } catch {
      return null;
    }
  }
  return found;
}
