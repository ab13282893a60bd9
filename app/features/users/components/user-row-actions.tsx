import { useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { roles, type Role } from "~/auth/permissions";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { BAN_REASON_MAX, type UserActionResult } from "../schema";
import type { UserRowView } from "../types";
import { useResultToast } from "./use-result-toast";

const select =
  "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/**
 * Each action is a plain form, so it works without JavaScript; with JavaScript, role changes and
 * disabling ask for confirmation first and answer with a toast.
 */
export function UserRowActions({ user, isSelf }: { user: UserRowView; isSelf: boolean }) {
  const { t } = useTranslation("users");
  const fetcher = useFetcher<UserActionResult>();
  useResultToast(fetcher.state === "idle" ? fetcher.data : undefined);
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [reason, setReason] = useState("");
  const busy = fetcher.state !== "idle";

  function onRoleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = new FormData(event.currentTarget).get("role");
    if (typeof role === "string" && role !== user.role && (roles as readonly string[]).includes(role)) {
      setPendingRole(role as Role);
    }
  }

  function onDisableSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReason("");
    setConfirmDisable(true);
  }

  return (
    <div className="flex min-w-56 flex-wrap items-center gap-2">
      <fetcher.Form noValidate method="post" onSubmit={onRoleSubmit} className="flex items-center gap-1">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor={`role-${user.id}`} className="sr-only">
          {t("actions.roleFor", { name: user.name })}
        </label>
        <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={select} disabled={busy}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={t("actions.forUser", { action: t("actions.changeRole"), name: user.name })}
        >
          {t("actions.changeRole")}
        </Button>
      </fetcher.Form>

      {user.disabled ? (
        <fetcher.Form noValidate method="post">
          <input type="hidden" name="intent" value="enable" />
          <input type="hidden" name="userId" value={user.id} />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={t("actions.forUser", { action: t("actions.enable"), name: user.name })}
          >
            {t("actions.enable")}
          </Button>
        </fetcher.Form>
      ) : isSelf ? null : (
        <fetcher.Form noValidate method="post" onSubmit={onDisableSubmit}>
          <input type="hidden" name="intent" value="disable" />
          <input type="hidden" name="userId" value={user.id} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t("actions.forUser", { action: t("actions.disable"), name: user.name })}
          >
            {t("actions.disable")}
          </Button>
        </fetcher.Form>
      )}

      {user.disabled || !user.email ? null : (
        <fetcher.Form noValidate method="post">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="userId" value={user.id} />
          <Button
            type="submit"
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={t("actions.forUser", { action: t("actions.sendReset"), name: user.name })}
          >
            {t("actions.sendReset")}
          </Button>
        </fetcher.Form>
      )}

      <ConfirmDialog
        open={pendingRole !== null}
        onOpenChange={(open) => (open ? undefined : setPendingRole(null))}
        title={t("confirm.roleTitle", { name: user.name })}
        description={t("confirm.roleBody", { name: user.name, role: pendingRole ? t(`roles.${pendingRole}`) : "" })}
        confirmLabel={t("confirm.roleConfirm")}
        cancelLabel={t("confirm.cancel")}
        onConfirm={() => {
          if (pendingRole) fetcher.submit({ intent: "role", userId: user.id, role: pendingRole }, { method: "post" });
          setPendingRole(null);
        }}
      />
      <ConfirmDialog
        open={confirmDisable}
        onOpenChange={setConfirmDisable}
        tone="danger"
        title={t("confirm.disableTitle", { name: user.name })}
        description={t("confirm.disableBody", { name: user.name })}
        confirmLabel={t("confirm.disableConfirm")}
        cancelLabel={t("confirm.cancel")}
        onConfirm={() => {
          fetcher.submit({ intent: "disable", userId: user.id, reason }, { method: "post" });
          setConfirmDisable(false);
        }}
      >
        <div className="mt-4 space-y-1">
          <label htmlFor={`reason-${user.id}`} className="block text-sm font-medium">
            {t("confirm.disableReason")}
          </label>
          <input
            id={`reason-${user.id}`}
            value={reason}
            maxLength={BAN_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
      </ConfirmDialog>
    </div>
  );
}
