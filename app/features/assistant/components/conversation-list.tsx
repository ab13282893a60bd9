import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ChevronDown, Pencil, Trash2 } from "lucide-react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateTime } from "~/components/ui/date-time";
import { useFormFeedback } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { TITLE_MAX, type ConversationSummary } from "../schema";

type ActionAnswer = { ok: boolean; error?: string } | undefined;

/** The person's conversations, newest first: open one, rename it, delete it. */
export function ConversationList({
  conversations,
  currentId,
}: {
  conversations: ConversationSummary[];
  currentId: string | null;
}) {
  const { t } = useTranslation("assistant");
  // On a phone the list folds away above the conversation; beside it on a wide screen, it stays open.
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label={t("conversations.label")} className="md:w-64 md:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold md:hidden dark:border-slate-800"
      >
        {t("conversations.title", { count: conversations.length })}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <h2 className="hidden pb-2 text-sm font-semibold md:block">
        {t("conversations.title", { count: conversations.length })}
      </h2>
      <div id={listId} className={cn(open ? "block" : "hidden", "pt-2 md:block md:pt-0")}>
        {conversations.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("conversations.none")}</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto md:max-h-[70vh]">
            {conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} current={c.id === currentId} />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

function ConversationItem({ conversation, current }: { conversation: ConversationSummary; current: boolean }) {
  const { t } = useTranslation("assistant");
  const fetcher = useFetcher<ActionAnswer>();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  // Back from the name field, focus returns to the button that opened it, not to the page's top.
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  const action = current ? `/ai?c=${conversation.id}` : "/ai";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && !answer.ok && answer.error ? t(answer.error as "errors.failed") : null;
  // The name field stays open until the server has taken the new name, so a refusal is said beside it.
  useEffect(() => {
    if (answer?.ok) setRenaming(false);
  }, [answer]);
  const feedback = useFormFeedback(renaming ? answer : undefined);
  const errorId = `rename-${conversation.id}-error`;
  const startRenaming = () => {
    fetcher.reset();
    setRenaming(true);
  };

  if (renaming) {
    return (
      <li>
        <fetcher.Form
          noValidate
          ref={feedback}
          method="post"
          action={action}
          className="flex flex-wrap items-center gap-1"
        >
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="conversationId" value={conversation.id} />
          <label className="sr-only" htmlFor={`rename-${conversation.id}`}>
            {t("conversations.newName")}
          </label>
          <input
            id={`rename-${conversation.id}`}
            name="title"
            defaultValue={conversation.title}
            maxLength={TITLE_MAX}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={(e) => e.key === "Escape" && setRenaming(false)}
            className={cn(
              "min-w-0 flex-1 rounded border px-2 py-1 text-sm dark:bg-slate-900",
              error ? "border-red-600" : "border-slate-300 dark:border-slate-600",
            )}
          />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded px-2 py-1 text-sm font-medium text-brand-700 dark:text-brand-100"
          >
            {t("conversations.save")}
          </button>
          {error ? (
            <p id={errorId} className="basis-full text-xs text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      </li>
    );
  }

  return (
    <li
      className={cn(
        "flex flex-wrap items-start gap-1 rounded-md px-2 py-1",
        current ? "bg-brand-50 dark:bg-slate-800" : "hover:bg-slate-50 dark:hover:bg-slate-900",
      )}
    >
      <Link
        to={`/ai?c=${conversation.id}`}
        aria-current={current ? "page" : undefined}
        className="min-w-0 flex-1 py-1 text-sm"
      >
        <span className="block truncate font-medium">
          {fetcher.formData?.get("title")?.toString() ?? conversation.title}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          <DateTime value={conversation.updatedAt} />
        </span>
      </Link>
      <button
        ref={renameButton}
        type="button"
        onClick={startRenaming}
        aria-label={t("conversations.rename", { title: conversation.title })}
        className="rounded p-2 text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => setDeleting(true)}
        aria-label={t("conversations.delete", { title: conversation.title })}
        className="rounded p-2 text-slate-600 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-400"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      {error ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("conversations.deleteTitle")}
        description={t("conversations.deleteText", { title: conversation.title })}
        confirmLabel={t("conversations.deleteConfirm")}
        cancelLabel={t("conversations.cancel")}
        tone="danger"
        onConfirm={() =>
          fetcher.submit({ intent: "delete", conversationId: conversation.id }, { method: "post", action })
        }
      />
    </li>
  );
}
