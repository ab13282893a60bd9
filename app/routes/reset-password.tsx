import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace, useNavigation } from "react-router";
import { getLang, redirectSignedIn } from "~/auth/guards.server";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { AuthPage, linkClass } from "~/features/account/components/auth-page";
import { MessageAlert } from "~/features/account/components/messages";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { findResetTokenOwner, resetPasswordWithToken } from "~/features/account/password-reset.server";
import { refuseWeakPassword } from "~/features/account/password-strength.server";
import { limitAttempt } from "~/features/account/rate-limit.server";
import { accountMessage, resetPasswordSchema, type AccountActionData } from "~/features/account/schema";
import { parseForm } from "~/lib/form-errors";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("reset.title", { ns: "auth" }), noindex: true });
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable =
    token.length <= limits.token && TOKEN_PATTERN.test(token) && (await findResetTokenOwner(token)) !== null;
  return { token: usable ? token : null };
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitAttempt("password-reset", context);
  if (limited) return limited;
  const form = await readForm(request);
  const parsed = parseForm(resetPasswordSchema, form, accountMessage);
  if (!parsed.ok) {
    if (parsed.fieldErrors.token) return data({ invalidToken: true }, { status: 400 });
    return data({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  const { token, password } = parsed.data;
  const owner = await findResetTokenOwner(token);
  if (!owner) return data({ invalidToken: true }, { status: 400 });
  const weak = await refuseWeakPassword(password, getLang(context), [owner.name, owner.email]);
  if (weak) return data(weak, { status: 400 });
  const result = await resetPasswordWithToken(owner.id, token, password);
  if (!result.ok) {
    return result.invalidToken
      ? data({ invalidToken: true }, { status: 400 })
      : data({ formError: result.error }, { status: 400 });
  }
  return replace("/login?notice=reset");
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const result = actionData as AccountActionData | undefined;
  const backLink = (
    <Link to="/login" className={linkClass}>
      {t("forgot.backToLogin")}
    </Link>
  );
  if (!loaderData.token || result?.invalidToken) {
    return (
      <AuthPage title={t("reset.title")} footer={backLink} answer={result}>
        <FormAlert>{t("reset.invalidToken")}</FormAlert>
        <ButtonLink to="/forgot-password" className="w-full">
          {t("reset.requestNew")}
        </ButtonLink>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("reset.title")} intro={t("reset.intro")} footer={backLink} answer={result}>
      <MessageAlert message={result?.formError} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields result={result} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t("reset.submitting") : t("reset.submit")}
        </Button>
      </Form>
    </AuthPage>
  );
}
