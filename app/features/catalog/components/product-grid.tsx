import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDateTime } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/field";
import { moveInGrid, useFixFocus, useSaveShortcut } from "~/components/ui/grid-keys";
import { GridKeysHint } from "~/components/ui/grid-keys-hint";
import { DraftOffer, SaveBar } from "~/components/ui/save-bar";
import { Table, TableBody, TableCaption, TableHead, TableHeaderCell, stickyHeadCell } from "~/components/ui/table";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { useTranslation } from "~/i18n/use-translation";
import { dropDraft, loadDraft, storeDraft } from "~/lib/drafts";
import { useRootData } from "~/lib/root-data";
import { sendForm } from "~/lib/send-form";
import {
  afterSave,
  countCells,
  dirtyRows,
  draftKey,
  mergeAllEdits,
  mergeEdits,
  parseDraft,
  rebaseOn,
  restoreCell,
  restoreDraft,
  setCell,
  type Cells,
  type DirtyRow,
  type Edits,
  type DraftRow,
  type GridDraft,
  type RowEdit,
} from "../grid-state";
import type { ManageResult, SaveRowsResult } from "../manage-actions.server";
import type { ManagedProduct, ProductConflict } from "../manage.server";
import type { EditableField, FieldErrors } from "../product-fields";
import { ChangeTable, SaveMessage, type SaveState } from "./grid-changes";
import { GridRow, frozenField, gridFields } from "./grid-row";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductImageDialog } from "./product-image-dialog";

const NO_ERRORS: FieldErrors = {};

/**
 * Products edited in place, many rows at once, by keyboard or touch, saved or discarded together
 * (the specification's product manage screen). Edits are kept as a draft on this device until
 * saved; a failed save keeps them on screen with Retry; base prices far from the saved ones are
 * confirmed before saving. A save over someone else's newer save is refused with their changes
 * (docs/decisions/012-products-and-images.md). The route remounts the grid for each page and
 * filter, so edits never outlive the rows they were typed on; the draft does, and is offered.
 */
export function ProductGrid({ products }: { products: ManagedProduct[] }) {
  const { t, i18n } = useTranslation("products");
  const lang = i18n.language;
  const userId = useRootData()?.user?.id ?? "anonymous";
  const { search, state: locationState } = useLocation();
  const navigate = useNavigate();
  // Publishing, archiving and restoring still go through the page's action.
  const fetcher = useFetcher<ManageResult>();
  const revalidator = useRevalidator();
  const [edits, setEdits] = useState<Edits>({});
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [offer, setOffer] = useState<GridDraft | null>(null);
  /** Rows of the draft typed on this page whose products are no longer on it, kept and named. */
  const [left, setLeft] = useState<Record<string, DraftRow>>({});
  /** Rows of the draft typed on other pages, kept in it and named after a restore. */
  const [elsewhere, setElsewhere] = useState<Record<string, DraftRow>>({});
  /** What the last save stored, shown in its cells until the page's data has the saved revision. */
  const [landed, setLanded] = useState<Record<string, { revision: number; cells: Cells }>>({});
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fix = useFixFocus();
  const [editing, setEditing] = useState<ManagedProduct | null>(null);
  const [imageOf, setImageOf] = useState<ManagedProduct | null>(null);
  const [archiving, setArchiving] = useState<ManagedProduct | null>(null);
  /** Products ticked for a bulk action (publishing), by id; only this page's count. */
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = products.filter((p) => ticked.has(p.id)).map((p) => p.id);
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const key = draftKey(userId);
  const draftReady = useRef(false);
  const draftChecked = useRef(false);
  // Rows of the stored draft that are not this page's edits (the offered draft until the person
  // chooses, then the rows of other pages): kept in storage beneath what is typed here.
  const pending = useRef<{ savedAt: string; rows: Record<string, DraftRow> } | null>(null);

  const restore = useCallback(
    (draft: GridDraft) => {
      const restored = restoreDraft(products, draft, search);
      // What was typed while the offer was shown goes over the draft's edits, cell by cell.
      setEdits((current) => mergeAllEdits(restored.edits, current));
      setLeft(restored.left);
      setElsewhere(restored.elsewhere);
      pending.current = { savedAt: draft.savedAt, rows: { ...restored.elsewhere, ...restored.left } };
      setOffer(null);
    },
    [products, search],
  );

  // A draft left by a reload, a crashed tab, a lost connection or leaving the screen is offered
  // back once, or restored at once when "Restore them" or "Show them" brought the person here
  // (said by the navigation itself, so a cancelled one leaves nothing behind). Read once: the
  // grid is remounted for other filters.
  const restoreOnArrival = (locationState as { restoreDraft?: boolean } | null)?.restoreDraft === true;
  useEffect(() => {
    if (draftChecked.current) return;
    draftChecked.current = true;
    const draft = parseDraft(loadDraft(key));
    if (restoreOnArrival) {
      // Said once: the browser keeps a navigation's state across a reload, which offers the draft again.
      history.replaceState({ ...history.state, usr: null }, "");
    }
    if (draft && restoreOnArrival) restore(draft);
    else if (draft) {
      pending.current = { savedAt: draft.savedAt, rows: draft.rows };
      setOffer(draft);
    }
    draftReady.current = true;
  }, [key, restore, restoreOnArrival]);

  // Every edit is written to the draft as it is typed (a crash loses nothing), beside the rows
  // pending from the stored draft.
  const draftOf = useCallback(
    (current: Edits): GridDraft => {
      const kept = pending.current;
      const savedAt = Object.keys(current).length > 0 || !kept ? new Date().toISOString() : kept.savedAt;
      const rows: Record<string, DraftRow> = { ...kept?.rows };
      // A product typed here that the draft holds from elsewhere: both sets of cells, now of this page.
      for (const [id, edit] of Object.entries(current)) {
        const under = kept?.rows[id];
        rows[id] = { ...(under ? mergeEdits(under, edit) : edit), search };
      }
      return { version: 2, savedAt, rows };
    },
    [search],
  );
  const persist = useCallback(
    (current: Edits) => {
      const draft = draftOf(current);
      if (Object.keys(draft.rows).length === 0) dropDraft(key);
      else storeDraft(key, draft);
    },
    [key, draftOf],
  );
  useEffect(() => {
    if (draftReady.current) persist(edits);
  }, [edits, persist]);
  // Opens the page a row of the draft was typed on, which restores the rows it shows.
  const openDraftPage = (page: string) => void navigate({ search: page }, { state: { restoreDraft: true } });
  /** Drops rows of the stored draft, all of them when none are named. */
  const dropPending = (ids?: string[]) => {
    const rows = pending.current?.rows ?? {};
    const kept = ids ? Object.fromEntries(Object.entries(rows).filter(([id]) => !ids.includes(id))) : {};
    pending.current = pending.current && { ...pending.current, rows: kept };
    setOffer(null);
    setElsewhere((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id in kept)));
    setLeft((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id in kept)));
    persist(edits);
  };

  // A published selection is done with.
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.kind === "published") setTicked(new Set());
  }, [fetcher.data]);

  const dirty = useMemo(() => dirtyRows(products, edits), [products, edits]);
  const invalid = dirty.filter((row) => row.errors);
  const warned = dirty.filter((row) => row.price);
  const saving = save.kind === "saving";

  // A server's refusal of a cell holds until the cell is typed in again.
  const rowInfo = useMemo(() => {
    const info = new Map<string, Pick<DirtyRow, "price" | "since"> & { errors: FieldErrors }>();
    for (const row of dirty) {
      let refused: FieldErrors = {};
      if (save.kind === "refused") {
        const sent = save.sent[row.id];
        refused = Object.fromEntries(
          Object.entries(save.fieldErrors[row.id] ?? {}).filter(
            ([field]) => sent?.[field as EditableField] === row.edit.cells[field as EditableField],
          ),
        );
      }
      info.set(row.id, { errors: { ...refused, ...row.errors }, price: row.price, since: row.since });
    }
    return info;
  }, [dirty, save]);

  const onCell = useCallback((product: ManagedProduct, field: EditableField, value: string) => {
    setEdits((current) => setCell(current, product, field, value));
    setSave((s) => (s.kind === "saved" ? { kind: "idle" } : s));
  }, []);
  const onRestoreCell = useCallback((id: string, field: EditableField) => {
    setEdits((current) => restoreCell(current, id, field));
  }, []);
  const onTick = useCallback(
    (ids: string[], on: boolean) =>
      setTicked((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const submitAction = fetcher.submit;
  const onUnarchive = useCallback(
    (p: ManagedProduct) => void submitAction({ intent: "restore", id: p.id }, { method: "post" }),
    [submitAction],
  );

  /** Sends the edited rows; `revisions` names newer ones to save over (after a conflict, on request). */
  const send = async (revisions: Record<string, number> = {}) => {
    if (dirty.length === 0 || invalid.length > 0) return;
    setConfirming(false);
    setReviewing(false);
    setSave({ kind: "saving" });
    const sent: Record<string, Cells> = Object.fromEntries(dirty.map((row) => [row.id, row.edit.cells]));
    const rows = dirty.map((row) => ({
      id: row.id,
      revision: revisions[row.id] ?? row.edit.revision,
      fields: row.edit.cells,
    }));
    const outcome = await sendForm<SaveRowsResult>("/products/manage/rows", { rows: JSON.stringify(rows) });
    if (outcome.kind === "offline") return setSave({ kind: "failed", reason: "offline" });
    if (outcome.kind === "signedOut") return setSave({ kind: "failed", reason: "signedOut" });
    if (outcome.kind === "failed") return setSave({ kind: "failed", reason: "server" });
    const result = outcome.body;
    if (!result.ok) {
      if ("conflicts" in result) return setSave({ kind: "conflict", conflicts: result.conflicts });
      return setSave({ kind: "refused", message: result.message, fieldErrors: result.fieldErrors ?? {}, sent });
    }
    // Cells typed while the save ran are still edits; the ones it sent are saved.
    setEdits((current) => afterSave(current, sent, result.revisions));
    setLanded(
      Object.fromEntries(Object.entries(sent).map(([id, cells]) => [id, { revision: result.revisions[id]!, cells }])),
    );
    setSave({ kind: "saved" });
    void revalidator.revalidate();
  };
  const overwrite = (conflicts: ProductConflict[]) => {
    // Their save becomes the starting point; only the cells typed here go over it.
    setEdits((current) =>
      rebaseOn(
        current,
        conflicts.map((c) => c.current),
      ),
    );
    void send(Object.fromEntries(conflicts.map((c) => [c.productId, c.current.revision])));
  };
  const takeTheirs = (ids: string[]) => {
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(id))));
    setSave({ kind: "idle" });
    void revalidator.revalidate();
  };
  const requestSave = () => {
    if (saving || dirty.length === 0) return;
    const first = invalid[0];
    if (first) {
      const field = Object.keys(first.errors!)[0];
      document.getElementById(`cell-${first.id}-${field}`)?.focus();
      return;
    }
    if (warned.length > 0) setConfirming(true);
    else void send();
  };
  useSaveShortcut(dirty.length > 0, requestSave);
  const discard = () => {
    setEdits({});
    setSave({ kind: "idle" });
  };

  const fetched = fetcher.state === "idle" ? fetcher.data : undefined;
  const nameOf = (p: ManagedProduct | RowEdit["saved"]) => (lang === "es" ? p.nameEs : p.nameEn);
  const named = (rows: Record<string, DraftRow>) => ({
    count: Object.keys(rows).length,
    names: Object.values(rows)
      .map((row) => nameOf(row.saved))
      .join(", "),
  });

  return (
    <section aria-labelledby="grid-heading" className="space-y-3">
      <h2 id="grid-heading" className="sr-only">
        {t("manage.table.caption")}
      </h2>
      {offer ? (
        <DraftOffer
          text={t("manage.draftFound", { count: countCells(offer.rows), time: formatDateTime(offer.savedAt, lang) })}
          restore={{
            label: t("manage.draftRestore"),
            onClick: () => {
              // Restored on the filters and page it was typed on, as the person left them.
              const rows = Object.values(offer.rows);
              if (rows.some((row) => row.search === search)) restore(offer);
              else openDraftPage(rows[0]!.search);
            },
          }}
          discard={{ label: t("manage.draftDiscard"), onClick: () => dropPending() }}
        />
      ) : null}
      {Object.keys(elsewhere).length > 0 ? (
        <DraftOffer
          text={t("manage.draftElsewhere", named(elsewhere))}
          restore={{
            label: t("manage.draftShowElsewhere"),
            onClick: () => openDraftPage(Object.values(elsewhere)[0]!.search),
          }}
          discard={{ label: t("manage.draftDiscard"), onClick: () => dropPending(Object.keys(elsewhere)) }}
        />
      ) : null}
      {Object.keys(left).length > 0 ? (
        <DraftOffer
          text={t("manage.draftLeft", named(left))}
          discard={{ label: t("manage.draftDiscard"), onClick: () => dropPending(Object.keys(left)) }}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm font-medium text-green-800 dark:text-green-200">
          {fetched?.ok
            ? fetched.kind === "published"
              ? t("manage.published", { count: fetched.changed })
              : fetched.kind === "archived"
                ? t("manage.archived")
                : fetched.kind === "restored"
                  ? t("manage.restored")
                  : null
            : null}
        </p>
        {selectedIds.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {t("manage.selected", { count: selectedIds.length })}
            </span>
            {/* Publishing moves the rows' revision on: edits still on screen would then conflict with it. */}
            <Button
              variant="secondary"
              onClick={() =>
                void fetcher.submit({ intent: "publish", ids: JSON.stringify(selectedIds) }, { method: "post" })
              }
              disabled={fetcher.state !== "idle" || saving || dirty.length > 0}
              aria-describedby={dirty.length > 0 ? "grid-publish-hint" : undefined}
            >
              {t("manage.publish")}
            </Button>
            {dirty.length > 0 ? (
              <span id="grid-publish-hint" className="text-sm text-slate-700 dark:text-slate-300">
                {t("manage.publishAfterSave")}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      {fetched && !fetched.ok ? <FormAlert>{t(fetched.message)}</FormAlert> : null}
      {products.length === 0 ? (
        <FormAlert tone="info">{t("manage.empty")}</FormAlert>
      ) : (
        <>
          <GridKeysHint />
          <Table density="compact" className="min-w-max" onKeyDown={moveInGrid}>
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
                      onTick(
                        products.map((p) => p.id),
                        e.currentTarget.checked,
                      )
                    }
                  />
                </TableHeaderCell>
                <TableHeaderCell>{t("manage.table.image")}</TableHeaderCell>
                {gridFields.map((field) => (
                  <TableHeaderCell key={field} className={field === frozenField(lang) ? stickyHeadCell : undefined}>
                    {t(`manage.fields.${field}`)}
                  </TableHeaderCell>
                ))}
                <TableHeaderCell>{t("manage.table.actions")}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody className="align-top">
              {products.map((p) => {
                const info = rowInfo.get(p.id);
                const saved = landed[p.id];
                return (
                  <GridRow
                    key={p.id}
                    product={p}
                    edit={edits[p.id]}
                    landed={saved && p.revision < saved.revision ? saved.cells : undefined}
                    errors={info?.errors ?? NO_ERRORS}
                    price={info?.price ?? null}
                    since={info?.since ?? null}
                    ticked={ticked.has(p.id)}
                    saving={saving || fetcher.state !== "idle"}
                    onCell={onCell}
                    onRestoreCell={onRestoreCell}
                    onTick={onTick}
                    onImage={setImageOf}
                    onDetails={setEditing}
                    onArchive={setArchiving}
                    onUnarchive={onUnarchive}
                  />
                );
              })}
            </TableBody>
          </Table>
        </>
      )}

      {dirty.length > 0 || save.kind !== "idle" ? (
        <SaveBar
          label={
            dirty.length > 0 ? (
              <>
                {t("manage.unsaved")}{" "}
                <span className="font-normal">{t("manage.pendingRows", { count: dirty.length })}</span>
              </>
            ) : null
          }
          message={
            <SaveMessage
              state={save}
              edits={edits}
              onRetry={() => void send()}
              onOverwrite={overwrite}
              onTheirs={takeTheirs}
            />
          }
          actions={
            dirty.length > 0
              ? {
                  review: t("manage.review"),
                  discard: t("manage.discard"),
                  save: saving ? t("manage.saving") : t("manage.save"),
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
        title={t("manage.reviewTitle")}
        description={t("manage.pendingRows", { count: dirty.length })}
      >
        <ChangeTable rows={dirty} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setReviewing(false)}>
            {t("manage.close")}
          </Button>
          <Button onClick={requestSave} disabled={saving || invalid.length > 0}>
            {t("manage.save")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="lg"
        title={t("manage.confirmTitle", { count: warned.length })}
        description={t("manage.confirmBody")}
        onCloseAutoFocus={fix.focusOn(
          warned.flatMap((row) => (row.product ? [row.product.slug] : [])),
          "basePrice",
        )}
      >
        <ChangeTable rows={warned} onlyPrices />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => fix.back(() => setConfirming(false))}>
            {t("manage.confirmBack")}
          </Button>
          <Button onClick={() => void send()}>{t("manage.confirmSave")}</Button>
        </div>
      </Dialog>

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
        description={t("manage.unsavedKept")}
        leaveLabel={t("manage.leave")}
        stayLabel={t("manage.stay")}
      />
    </section>
  );
}
