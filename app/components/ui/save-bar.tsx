import { useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { FormAlert } from "./field";

type SaveBarProps = {
  /** What is pending ("You have unsaved changes. 3 prices changed"); null when nothing is. */
  label: ReactNode;
  /** What the last save came to, or why it failed; announced as it changes. */
  message?: ReactNode;
  /** The bar's buttons, shown while there are edits; the screen words them in its own namespace. */
  actions: {
    review: string;
    discard: string;
    save: string;
    onReview: () => void;
    onDiscard: () => void;
    onSave: () => void;
    saving: boolean;
    /** False while an edit cannot be saved (a value that is not one). */
    canSave: boolean;
  } | null;
};

/**
 * The bar that holds a table's pending edits: stuck to the bottom of the screen while there is
 * something to save or to say about a save, so Save is never scrolled out of reach. Discard asks
 * first: on a phone it sits beside Save, and a slip would lose a morning's prices.
 */
export function SaveBar({ label, message, actions }: SaveBarProps) {
  const { t } = useTranslation();
  const [discarding, setDiscarding] = useState(false);
  // A save under way (Ctrl+S works with the question open) ends the question: nothing to discard.
  if (discarding && actions?.saving) setDiscarding(false);
  return (
    <div className="sticky bottom-0 z-30 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] dark:border-slate-800 dark:bg-slate-950">
      <div aria-live="polite" className="space-y-2">
        {message}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 first:mt-0">
        <p className="mr-auto text-sm font-medium">{label}</p>
        {actions ? (
          <>
            <Button variant="outline" size="sm" onClick={actions.onReview}>
              {actions.review}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDiscarding(true)} disabled={actions.saving}>
              {actions.discard}
            </Button>
            <ConfirmDialog
              open={discarding}
              onOpenChange={setDiscarding}
              tone="danger"
              title={t("discardEdits.title")}
              description={t("discardEdits.body")}
              confirmLabel={actions.discard}
              cancelLabel={t("discardEdits.keep")}
              onConfirm={actions.onDiscard}
            />
            <Button size="sm" onClick={actions.onSave} disabled={actions.saving || !actions.canSave}>
              {actions.save}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A save that did not go through, said in the save bar: the reason, Retry (unless retrying cannot
 * help), a link to sign in again in another tab when the session ended, and the screen's own
 * choices (`children`).
 */
export function SaveFailure({
  text,
  retry,
  signIn,
  children,
}: {
  text: ReactNode;
  retry: { label: string; onRetry: () => void } | null;
  /** The sign-in link's words, when the session ended. */
  signIn?: string | null;
  children?: ReactNode;
}) {
  return (
    <FormAlert>
      <p>{text}</p>
      {retry || signIn || children ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {retry ? (
            <Button size="sm" onClick={retry.onRetry}>
              {retry.label}
            </Button>
          ) : null}
          {children}
          {signIn ? (
            <a
              href="/login"
              target="_blank"
              rel="noreferrer"
              className="self-center text-sm underline underline-offset-2"
            >
              {signIn}
            </a>
          ) : null}
        </div>
      ) : null}
    </FormAlert>
  );
}

/**
 * Edits kept from an earlier visit, offered back once: restore them or let them go. Shown above
 * the table; typing meanwhile is kept too (the screens store it beneath the offered draft).
 */
export function DraftOffer({
  text,
  restore,
  discard,
}: {
  text: ReactNode;
  /** Absent when the edits cannot be brought back here, only discarded. */
  restore?: { label: string; onClick: () => void };
  discard: { label: string; onClick: () => void };
}) {
  return (
    <FormAlert tone="warning">
      <p>{text}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {restore ? (
          <Button size="sm" onClick={restore.onClick}>
            {restore.label}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={discard.onClick}>
          {discard.label}
        </Button>
      </div>
    </FormAlert>
  );
}
