import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, useNavigation } from "react-router";
import { redirectSignedIn } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { AuthPage, linkClass } from "~/features/account/components/auth-page";
import { MessageAlert, useMessage } from "~/features/account/components/messages";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { requestPasswordReset } from "~/features/account/password-reset.server";
import { limitAttempt } from "~/features/account/rate-limit.server";
import { accountMessage, forgotPasswordSchema, type AccountActionData } from "~/features/account/schema";
import { parseForm } from "~/lib/form-errors";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/forgot-password";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("forgot.title", { ns: "auth" }), noindex: true });
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitAttempt("password-reset", context);
  if (limited) return limited;
  const form = await readForm(request);
  const parsed = parseForm(forgotPasswordSchema, form, accountMessage);
  if (!parsed.ok) {
    const email = form.get("email");
    return data(
      {
        fieldErrors: parsed.fieldErrors,
        values: { email: typeof email === "string" ? email.slice(0, limits.email) : "" },
      },
      { status: 400 },
    );
  }
  await requestPasswordReset(parsed.data.email, request);
  return { done: "sent" };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const busy = useNavigation().state === "submitting";
  const result = actionData as AccountActionData | undefined;
  const backLink = (
    <Link to="/login" className={linkClass}>
      {t("forgot.backToLogin")}
    </Link>
  );
  if (result?.done === "sent") {
    return (
      <AuthPage title={t("forgot.title")} footer={backLink} answer={result}>
        <FormAlert tone="success">{t("forgot.sent")}</FormAlert>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("forgot.title")} intro={t("forgot.intro")} footer={backLink} answer={result}>
      <MessageAlert message={result?.formError} />
      <Form method="post" noValidate className="space-y-4">
        <TextField
          label={t("forgot.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={limits.email}
          defaultValue={result?.values?.email}
          error={translate(result?.fieldErrors?.email)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t("forgot.submitting") : t("forgot.submit")}
        </Button>
      </Form>
    </AuthPage>
  );
}
