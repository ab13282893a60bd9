import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

type Props = {
  /** True while there are edits that would be lost. */
  when: boolean;
  /** Also ask when only the query string changes (filters and pages of the same screen). */
  includeSearch?: boolean;
  title: string;
  description: string;
  leaveLabel: string;
  stayLabel: string;
};

/**
 * Asks before pending edits are lost: an in-app navigation opens a confirmation, and closing or
 * reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when, includeSearch = false, title, description, leaveLabel, stayLabel }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (includeSearch && currentLocation.search !== nextLocation.search)),
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={title}
      description={description}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
      tone="danger"
      onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
    />
  );
}
