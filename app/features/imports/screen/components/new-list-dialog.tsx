import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { CreateListFields, type SourceList } from "~/features/price-lists/components/create-list-form";
import type { ListActionResult } from "~/features/price-lists/schema";
import { useImportText } from "./use-import-text";

/** The import's own route, whose action creates the list with the price lists' permission. */
const IMPORT_ROUTE = "/import-quickbooks";

/**
 * "New price list" beside the list choice: the price lists' creation form in a dialog, so a list
 * for this file is made without leaving the import (and its file and preview). `onCreated`
 * gets the new list's slug once the page's lists include it.
 */
export function NewListDialog({
  lists,
  disabled,
  onCreated,
}: {
  lists: SourceList[];
  disabled?: boolean;
  onCreated: (slug: string) => void;
}) {
  const { t } = useTranslation("prices");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {t("manage.createHeading")}
      </Button>
      {open ? (
        <NewListForm
          lists={lists}
          onClose={() => setOpen(false)}
          onCreated={(slug) => {
            setOpen(false);
            onCreated(slug);
          }}
        />
      ) : null}
    </>
  );
}

/** The open dialog; each opening starts with an empty form and no earlier answer. */
function NewListForm({
  lists,
  onClose,
  onCreated,
}: {
  lists: SourceList[];
  onClose: () => void;
  onCreated: (slug: string) => void;
}) {
  const { t } = useTranslation("prices");
  const { t: ti } = useImportText();
  const fetcher = useFetcher<ListActionResult>();
  // The answer arrives once the page's data has been loaded again, with the new list in it.
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });
  useEffect(() => {
    if (!result?.ok || !result.slug) return;
    toast.success(t(result.message));
    created.current(result.slug);
  }, [result, t]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={t("manage.createHeading")}
      description={ti("screen.newList.description")}
    >
      {/* The dialog sits inside the import's form in React's tree (its portal moves only the DOM):
          its submit stops here, or it would reach that form and read the file again. */}
      <div className="space-y-4" onSubmit={(event) => event.stopPropagation()}>
        {result && !result.ok ? (
          <FormAlert>
            <p className="font-medium">{t(result.message)}</p>
            {result.errors.form ? <p className="mt-1">{t(result.errors.form)}</p> : null}
          </FormAlert>
        ) : null}
        <CreateListFields
          form={fetcher.Form}
          action={IMPORT_ROUTE}
          lists={lists}
          result={result}
          busy={fetcher.state !== "idle"}
          actions={
            <Button variant="outline" onClick={onClose}>
              {t("manage.cancel")}
            </Button>
          }
        />
      </div>
    </Dialog>
  );
}
