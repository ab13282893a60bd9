import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace, useNavigation } from "react-router";
import { getLang, redirectSignedIn } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { AuthPage, linkClass } from "~/features/account/components/auth-page";
import { MessageAlert, useMessage } from "~/features/account/components/messages";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { refuseWeakPassword } from "~/features/account/password-strength.server";
import { normalizePhone } from "~/features/account/phone";
import { phoneView } from "~/features/account/profile.server";
import { limitAttempt } from "~/features/account/rate-limit.server";
import {
  completePhoneRegistration,
  registerCustomer,
  browserKeyOf,
  registrationCookie,
  resendRegistrationCode,
  startPhoneRegistration,
} from "~/features/account/register.server";
import { accountMessage, registerSchema, verifyPhoneSchema, type AccountActionData } from "~/features/account/schema";
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

type Ctx = Route.ActionArgs["context"];

function echo(form: FormData, field: string, max: number) {
  const value = form.get(field);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** The number a code form posts back, or null when it is not one. */
function postedPhone(form: FormData) {
  return normalizePhone(echo(form, "phone", limits.phone));
}

async function register(form: FormData, request: Request, context: Ctx) {
  const limited = await limitAttempt("register", context);
  if (limited) return limited;
  const values = { name: echo(form, "name", limits.name), identifier: echo(form, "identifier", limits.email) };
  const parsed = parseForm(registerSchema, form, accountMessage);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const { name, identifier, password } = parsed.data;

  const lang = getLang(context);
  const said = identifier.kind === "email" ? identifier.email : identifier.phoneNumber;
  const weak = await refuseWeakPassword(password, lang, [name, said]);
  if (weak) return data({ ...weak, values }, { status: 400 });

  if (identifier.kind === "email") {
    const result = await registerCustomer({ name, email: identifier.email, password }, request, lang);
    if (!result.ok) {
      return data({ fieldErrors: result.fieldErrors, formError: result.error, values }, { status: 400 });
    }
    return replace("/dashboard", { headers: result.headers });
  }

  // Every number, registered or not, takes this same path: the answer never tells them apart.
  const codeLimited = await limitAttempt("phone-code", context, { values });
  if (codeLimited) return codeLimited;
  const started = await startPhoneRegistration({ name, phoneNumber: identifier.phoneNumber, password }, request, lang);
  if (!started.ok) return data({ formError: started.error, values }, { status: 400 });
  return data(
    { phoneCodeSentTo: phoneView(identifier.phoneNumber) },
    { headers: { "Set-Cookie": registrationCookie(started.browserKey, request) } },
  );
}

async function verifyCode(form: FormData, request: Request) {
  const parsed = parseForm(verifyPhoneSchema, form, accountMessage);
  if (!parsed.ok) {
    const phone = postedPhone(form);
    if (!phone) return data({ formError: { key: "auth:register.codeExpired" } }, { status: 400 });
    return data({ fieldErrors: parsed.fieldErrors, phoneCodeSentTo: phoneView(phone) }, { status: 400 });
  }
  const { phone, code } = parsed.data;
  const browserKey = browserKeyOf(request);
  const result = await completePhoneRegistration({ phoneNumber: phone, code, browserKey }, request);
  if (result.ok) {
    if (browserKey) result.headers.append("Set-Cookie", registrationCookie(browserKey, request, 0));
    return replace("/dashboard", { headers: result.headers });
  }
  return data(
    {
      fieldErrors: result.fieldErrors,
      formError: result.error,
      phoneCodeSentTo: result.ended ? undefined : phoneView(phone),
    },
    { status: 400 },
  );
}

async function resendCode(form: FormData, request: Request, context: Ctx) {
  const phone = postedPhone(form);
  if (!phone) return data({ formError: { key: "auth:register.codeExpired" } }, { status: 400 });
  const limited = await limitAttempt("phone-code", context, { phoneCodeSentTo: phoneView(phone) });
  if (limited) return limited;
  const sent = await resendRegistrationCode(phone, browserKeyOf(request), request);
  if (!sent.ok) return data({ formError: sent.error }, { status: 400 });
  return data({ phoneCodeSentTo: phoneView(phone), done: "code-resent" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (form.get("intent")) {
    case "verify-phone":
      return verifyCode(form, request);
    case "resend-code":
      return resendCode(form, request, context);
    default:
      return register(form, request, context);
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const result = actionData as AccountActionData | undefined;
  const codeSentTo = result?.phoneCodeSentTo;
  return (
    <AuthPage
      title={t("register.title")}
      intro={codeSentTo ? undefined : t("register.intro")}
      answer={result}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <Link to="/login" className={linkClass}>
            {t("register.signIn")}
          </Link>
        </>
      }
    >
      {codeSentTo ? <CodeForm result={result} phone={codeSentTo} /> : <RegisterForm result={result} />}
    </AuthPage>
  );
}

function RegisterForm({ result }: { result: AccountActionData | undefined }) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <Form method="post" noValidate className="space-y-4">
      <MessageAlert message={result?.formError} />
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
        label={t("register.identifier")}
        name="identifier"
        autoComplete="username"
        inputMode="email"
        required
        maxLength={limits.email}
        defaultValue={values.identifier}
        hint={t("register.identifierHint")}
        error={translate(errors.identifier)}
      />
      <NewPasswordFields result={result} forNewAccount />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t("register.submitting") : t("register.submit")}
      </Button>
    </Form>
  );
}

/** The second step of a registration by phone: the code sent by text message. */
function CodeForm({
  result,
  phone,
}: {
  result: AccountActionData | undefined;
  phone: NonNullable<AccountActionData["phoneCodeSentTo"]>;
}) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="space-y-4">
      <FormAlert tone="info">{t("register.codeSent", { phone: phone.display })}</FormAlert>
      {result?.done === "code-resent" ? <FormAlert tone="success">{t("register.codeResent")}</FormAlert> : null}
      <MessageAlert message={result?.formError} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="verify-phone" />
        <input type="hidden" name="phone" value={phone.e164} />
        <TextField
          label={t("register.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.code}
          required
          error={translate(result?.fieldErrors?.code)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting === "verify-phone"}>
          {submitting === "verify-phone" ? t("register.submitting") : t("register.verify")}
        </Button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="resend-code" />
          <input type="hidden" name="phone" value={phone.e164} />
          <Button type="submit" variant="outline" size="sm" disabled={submitting === "resend-code"}>
            {t("register.resend")}
          </Button>
        </Form>
        <Link to="/register" className={linkClass}>
          {t("register.otherNumber")}
        </Link>
      </div>
    </div>
  );
}
