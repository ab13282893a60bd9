import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace, useNavigation } from "react-router";
import { redirectSignedIn, safeRedirect } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { AuthPage, linkClass } from "~/features/account/components/auth-page";
import { MessageAlert, useMessage } from "~/features/account/components/messages";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { limitAttempt } from "~/features/account/rate-limit.server";
import { accountMessage, signInSchema, type AccountActionData } from "~/features/account/schema";
import { signInWithPassword } from "~/features/account/sign-in.server";
import { parseForm } from "~/lib/form-errors";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/login";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("login.title", { ns: "auth" }) });
}

const notices = { reset: "login.resetDone", "signed-out-everywhere": "login.signedOutEverywhere" } as const;

export function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  const redirectTo = url.searchParams.get("redirectTo");
  const back = redirectTo ? safeRedirect(redirectTo, "").slice(0, limits.redirectTo) : "";
  return {
    redirectTo: back,
    notice: notice && notice in notices ? notices[notice as keyof typeof notices] : null,
    // The assistant's page says why it asks to sign in.
    forAssistant: new URL(back || "/", url).pathname === "/ai",
  };
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitAttempt("sign-in", context);
  if (limited) return limited;
  const form = await readForm(request);
  const identifier = form.get("identifier");
  const values = { identifier: typeof identifier === "string" ? identifier.slice(0, limits.email) : "" };
  const parsed = parseForm(signInSchema, form, accountMessage);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const result = await signInWithPassword(parsed.data.identifier, parsed.data.password, request);
  if (!result.ok) return data({ formError: result.error, values }, { status: 400 });
  return replace(safeRedirect(parsed.data.redirectTo), { headers: result.headers });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const busy = useNavigation().state === "submitting";
  const result = actionData as AccountActionData | undefined;
  const errors = result?.fieldErrors ?? {};
  const formAction = loaderData.redirectTo
    ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
    : "/login";
  return (
    <AuthPage
      title={t("login.title")}
      intro={t("login.intro")}
      answer={result}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link to="/register" className={linkClass}>
            {t("login.register")}
          </Link>
        </>
      }
    >
      {loaderData.notice ? <FormAlert tone="success">{t(loaderData.notice)}</FormAlert> : null}
      {loaderData.forAssistant ? <FormAlert tone="info">{t("login.assistant")}</FormAlert> : null}
      <MessageAlert message={result?.formError} />
      {/* An explicit action keeps the query's encoding identical on the server and in the browser. */}
      <Form method="post" action={formAction} noValidate className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          label={t("login.identifier")}
          name="identifier"
          autoComplete="username"
          inputMode="email"
          required
          maxLength={limits.email}
          defaultValue={result?.values?.identifier}
          hint={t("login.identifierHint")}
          error={translate(errors.identifier)}
        />
        <TextField
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={limits.password}
          error={translate(errors.password)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>
      <p className="text-sm">
        <Link to="/forgot-password" className={linkClass}>
          {t("login.forgot")}
        </Link>
      </p>
    </AuthPage>
  );
}
