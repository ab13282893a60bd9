import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/field";
import { useFixFocus, useSaveShortcut } from "~/components/ui/grid-keys";
import { SaveBar, SaveFailure } from "~/components/ui/save-bar";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes-guard";
import { formatMoney } from "~/lib/money";
import { useStore, type Store } from "~/lib/store";
import type { SavePricesResult } from "../edit-prices.server";
import type { EditorItem } from "../editor-items";
import { dirtyRows, type DirtyRow, type PriceEdits } from "../editor-state";
import type { PricesErrorKey } from "../schema";

/** Where a save stands; a failure keeps every edit and offers Retry. */
export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "failed"; reason: "offline" | "signedOut" | "server" }
  | { kind: "refused"; message: PricesErrorKey }
  | { kind: "conflict"; changes: Extract<SavePricesResult, { message: "errors.conflict" }>["changes"] };

type Props = {
  items: EditorItem[];
  edits: Store<PriceEdits>;
  confirmedMoves: ReadonlySet<string>;
  save: SaveState;
  /** Sends the edits; `overwrite` saves over prices others changed since the list was read. */
  onSend: (overwrite: boolean) => void;
  /** The person confirmed saving over prices someone else moved. */
  onConfirmMoves: (productIds: string[]) => void;
  onDiscard: () => void;
};

/**
 * The price editor's save bar, its review and confirmation dialogs and the guard against leaving
 * with edits. The one part of the editor besides the edited row that follows every keystroke.
 */
export function EditorSaveArea({
  items,
  edits: store,
  confirmedMoves,
  save,
  onSend,
  onConfirmMoves,
  onDiscard,
}: Props) {
  const { t, i18n } = useTranslation("prices");
  const edits = useStore(store, (value) => value);
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fix = useFixFocus();
  const dirty = useMemo(() => dirtyRows(items, edits, confirmedMoves), [items, edits, confirmedMoves]);
  const flagged = dirty.filter((row) => row.flag && row.flag.kind !== "invalid");
  const invalid = dirty.filter((row) => row.flag?.kind === "invalid");
  const saving = save.kind === "saving";
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, i18n.language));

  const send = (overwrite: boolean) => {
    setReviewing(false);
    setConfirming(false);
    onSend(overwrite);
  };
  const requestSave = () => {
    // From the store, not this render: Ctrl+S may come before the bar has heard of the last key.
    store.flush();
    const rows = dirtyRows(items, store.get(), confirmedMoves);
    if (saving || rows.length === 0) return;
    const wrong = rows.find((row) => row.flag?.kind === "invalid");
    if (wrong) {
      document.getElementById(`price-${wrong.item.productId}`)?.focus();
      return;
    }
    if (rows.some((row) => row.flag && row.flag.kind !== "invalid")) setConfirming(true);
    else send(false);
  };
  // Always on, for the same reason: the first key's edit reaches this bar a frame late.
  useSaveShortcut(true, requestSave);

  return (
    <>
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
              <SaveMessage state={save} onRetry={() => send(false)} onOverwrite={() => send(true)} />
            </>
          }
          actions={
            dirty.length > 0
              ? {
                  review: t("editor.review"),
                  discard: t("editor.discard"),
                  save: saving ? t("editor.saving") : t("editor.save"),
                  onReview: () => setReviewing(true),
                  onDiscard,
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
        onCloseAutoFocus={fix.focusOn(
          flagged.map((row) => row.item.slug),
          "price",
        )}
      >
        <ChangeTable rows={flagged} money={money} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => fix.back(() => setConfirming(false))}>
            {t("editor.confirmBack")}
          </Button>
          <Button
            onClick={() => {
              // A price moved by someone else is confirmed as typed with the rest.
              onConfirmMoves(flagged.map((r) => r.item.productId));
              send(false);
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
    </>
  );
}

function ChangeTable({ rows, money }: { rows: DirtyRow[]; money: (cents: number | null) => string }) {
  const { t } = useTranslation("prices");
  return (
    <div className="max-h-[50vh] overflow-y-auto">
      {/* On a phone each change is a card, so its check reads whole rather than cut at the dialog's edge. */}
      <Table density="compact" cards>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("private.product")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("editor.before")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("editor.after")}</TableHeaderCell>
            <TableHeaderCell>{t("editor.note")}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.item.productId}>
              <TableHeaderCell scope="row" wide label={t("private.product")} className="font-normal">
                {row.item.name}
              </TableHeaderCell>
              <TableCell numeric label={t("editor.before")}>
                {money(row.item.priceCents)}
              </TableCell>
              <TableCell numeric label={t("editor.after")} className="font-semibold">
                {money(row.cents)}
              </TableCell>
              {row.flag ? (
                <TableCell wide label={t("editor.note")}>
                  {t(`editor.flags.${row.flag.kind}`)}
                </TableCell>
              ) : (
                <TableCell className="max-md:hidden" />
              )}
            </TableRow>
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
