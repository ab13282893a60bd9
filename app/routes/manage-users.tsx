import { useTranslation } from "~/i18n/use-translation";
import { data, Link, useActionData } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { FormAlert } from "~/components/ui/field";
import { checkPasswordStrength } from "~/features/account/password-strength.server";
import { listOutbox } from "~/services/mail/outbox.server";
import { CreateUserForm } from "~/features/users/components/create-user-form";
import { OutboxTable } from "~/features/users/components/outbox-table";
import { useResultToast } from "~/features/users/components/use-result-toast";
import { UsersTable } from "~/features/users/components/users-table";
import { listUsers, runUserAction } from "~/features/users/manage-users.server";
import { parseUserAction, parseUserSearch, type UserActionResult } from "~/features/users/schema";
import type { OutboxView } from "~/features/users/types";
import { cn } from "~/lib/cn";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/manage-users";
import { readForm } from "~/lib/read-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("manageUsers", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "users:manage");
  const url = new URL(request.url);
  if (url.searchParams.get("view") === "outbox") {
    requirePermission(request, context, "outbox:view");
    // Reset links are in the bodies; whoever manages users may reset anyone's password anyway.
    const showBodies = can(user, "users:manage");
    const rows = await listOutbox({ limit: 50 });
    const messages: OutboxView[] = rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: showBodies ? m.body : null,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    }));
    return { view: "outbox" as const, currentUserId: user.id, canViewOutbox: true, messages, list: null };
  }
  const list = await listUsers(parseUserSearch(url.searchParams));
  return {
    view: "users" as const,
    currentUserId: user.id,
    canViewOutbox: can(user, "outbox:view"),
    messages: [],
    list,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "users:manage");
  const form = await readForm(request);
  const input = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const parsed = parseUserAction(input);
  if (!parsed.ok) {
    const intent = typeof input.intent === "string" ? input.intent : "";
    const result: UserActionResult = { ok: false, intent, status: 400, errors: parsed.fieldErrors };
    return data(result, { status: 400 });
  }
  if (parsed.data.intent === "create" && parsed.data.mode === "password") {
    const { name, email, password = "" } = parsed.data;
    const strength = await checkPasswordStrength(password, getLang(context), [name, email]);
    if (!strength.isStrong) {
      const reasons = [strength.warning, ...strength.suggestions].filter((r): r is string => Boolean(r));
      const weak: UserActionResult = {
        ok: false,
        intent: "create",
        status: 400,
        errors: { password: "errors.passwordWeak" },
        reasons,
      };
      return data(weak, { status: 400 });
    }
  }
  const result = await runUserAction(actor, parsed.data, request.headers);
  return data(result, { status: result.ok ? 200 : result.status });
}

function SectionTabs({ view, canViewOutbox }: { view: "users" | "outbox"; canViewOutbox: boolean }) {
  const { t } = useTranslation("users");
  const tab = (active: boolean) =>
    cn(
      "rounded-t-md border-b-2 px-4 py-2 text-sm font-medium",
      active
        ? "border-brand-700 text-brand-800 dark:border-brand-500 dark:text-brand-100"
        : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300",
    );
  return (
    <nav aria-label={t("sections.label")} className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
      <Link to="/manage-users" className={tab(view === "users")} aria-current={view === "users" ? "page" : undefined}>
        {t("sections.users")}
      </Link>
      {canViewOutbox ? (
        <Link
          to="/manage-users?view=outbox"
          className={tab(view === "outbox")}
          aria-current={view === "outbox" ? "page" : undefined}
        >
          {t("sections.outbox")}
        </Link>
      ) : null}
    </nav>
  );
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("users");
  const result = useActionData<typeof action>();
  useResultToast(result);
  // Without JavaScript there is no toast, so the answer of a row action shows here too.
  const rowAnswer = result && result.intent !== "create" ? result : undefined;
  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </header>
      <SectionTabs view={loaderData.view} canViewOutbox={loaderData.canViewOutbox} />
      {rowAnswer ? (
        <FormAlert tone={rowAnswer.ok ? "success" : "error"}>
          {rowAnswer.ok
            ? t(rowAnswer.message, { email: rowAnswer.values?.email ?? "" })
            : t(Object.values(rowAnswer.errors)[0] ?? "errors.unexpected")}
        </FormAlert>
      ) : null}
      {loaderData.view === "outbox" ? (
        <OutboxTable messages={loaderData.messages} />
      ) : loaderData.list ? (
        <>
          <CreateUserForm result={result} />
          <UsersTable {...loaderData.list} currentUserId={loaderData.currentUserId} />
        </>
      ) : null}
    </div>
  );
}
