import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace, useNavigation } from "react-router";
import { getLang, getRequestInfo, redirectSignedIn } from "~/auth/guards.server";
import { consumeRateLimit } from "~/auth/rate-limit.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { AuthPage, linkClass } from "~/features/account/components/auth-page";
import { MessageAlert, useMessage } from "~/features/account/components/messages";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { refuseWeakPassword } from "~/features/account/password-strength.server";
import { isPhoneNumberTaken, sendPhoneCode } from "~/features/account/profile.server";
import { limitAttempt } from "~/features/account/rate-limit.server";
import { registerCustomer } from "~/features/account/register.server";
import { accountMessage, registerSchema, type AccountActionData } from "~/features/account/schema";
import { parseForm } from "~/lib/form-errors";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("register.title", { ns: "auth" }) });
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

function echo(form: FormData, field: string, max: number) {
  const value = form.get(field);
  return typeof value === "string" ? value.slice(0, max) : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitAttempt("register", context);
  if (limited) return limited;
  const form = await request.formData();
  const values = {
    name: echo(form, "name", limits.name),
    email: echo(form, "email", limits.email),
    phone: echo(form, "phone", limits.phone),
  };
  const parsed = parseForm(registerSchema, form, accountMessage);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const { name, email, phone, password } = parsed.data;

  const lang = getLang(context);
  const weak = await refuseWeakPassword(password, lang, [name, email]);
  if (weak) return data({ ...weak, values }, { status: 400 });
  if (phone && (await isPhoneNumberTaken(phone))) {
    return data({ fieldErrors: { phone: "auth:form.phoneTaken" }, values }, { status: 400 });
  }

  const result = await registerCustomer({ name, email, password }, request, lang);
  if (!result.ok) {
    return data({ fieldErrors: result.fieldErrors, formError: result.error, values }, { status: 400 });
  }
  if (!phone) return replace("/dashboard", { headers: result.headers });

  // The number becomes the account's only once its owner types the code we send to it.
  const { allowed } = await consumeRateLimit("phone-code", getRequestInfo(context).clientIp);
  if (allowed) await sendPhoneCode(phone, request);
  return replace(`/profile?verifyPhone=${encodeURIComponent(phone)}`, { headers: result.headers });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const busy = useNavigation().state === "submitting";
  const result = actionData as AccountActionData | undefined;
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <AuthPage
      title={t("register.title")}
      intro={t("register.intro")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <Link to="/login" className={linkClass}>
            {t("register.signIn")}
          </Link>
        </>
      }
    >
      <MessageAlert message={result?.formError} />
      <Form method="post" noValidate className="space-y-4">
        <TextField
          label={t("register.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={limits.name}
          defaultValue={values.name}
          error={translate(errors.name)}
        />
        <TextField
          label={t("register.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={limits.email}
          defaultValue={values.email}
          error={translate(errors.email)}
        />
        <TextField
          label={t("register.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={limits.phone}
          defaultValue={values.phone}
          hint={t("register.phoneHint")}
          error={translate(errors.phone)}
        />
        <NewPasswordFields result={result} forNewAccount />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t("register.submitting") : t("register.submit")}
        </Button>
      </Form>
    </AuthPage>
  );
}
