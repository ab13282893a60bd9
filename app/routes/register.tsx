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
  browserKeyOf,
  completeEmailRegistration,
  completePhoneRegistration,
  registrationCookie,
  resendRegistrationCode,
  startRegistration,
  type RegistrationContact,
  type RegistrationResult,
} from "~/features/account/register.server";
import {
  accountMessage,
  emailField,
  registerSchema,
  verifyEmailSchema,
  verifyPhoneSchema,
  type AccountActionData,
} from "~/features/account/schema";
import { parseForm } from "~/lib/form-errors";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/register";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

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

/** The number or address a code form posts back, or null when it is neither. */
function postedContact(form: FormData): RegistrationContact | null {
  if (form.has("email")) {
    const email = emailField.safeParse(echo(form, "email", limits.email));
    return email.success ? { kind: "email", email: email.data } : null;
  }
  const phoneNumber = normalizePhone(echo(form, "phone", limits.phone));
  return phoneNumber ? { kind: "phone", phoneNumber } : null;
}

/** How the page says where the code went, and the forms send it back. */
function sentTo(contact: RegistrationContact) {
  return contact.kind === "phone"
    ? { phoneCodeSentTo: phoneView(contact.phoneNumber) }
    : { emailCodeSentTo: contact.email };
}

const codeLimit = (contact: RegistrationContact) => (contact.kind === "phone" ? "phone-code" : "email-code");

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

  // Every number and address, registered or not, takes this same path: the answer never tells them apart.
  const contact: RegistrationContact =
    identifier.kind === "email"
      ? { kind: "email", email: identifier.email }
      : { kind: "phone", phoneNumber: identifier.phoneNumber };
  const codeLimited = await limitAttempt(codeLimit(contact), context, { values });
  if (codeLimited) return codeLimited;
  const started = await startRegistration({ name, contact, password }, request, lang);
  if (!started.ok) return data({ formError: started.error, values }, { status: 400 });
  return data(sentTo(contact), { headers: { "Set-Cookie": registrationCookie(started.browserKey, request) } });
}

async function verifyCode(form: FormData, request: Request) {
  const contact = postedContact(form);
  if (!contact) return data({ formError: { key: "auth:register.codeExpired" } }, { status: 400 });
  const parsed = parseForm(contact.kind === "phone" ? verifyPhoneSchema : verifyEmailSchema, form, accountMessage);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, ...sentTo(contact) }, { status: 400 });
  const { code } = parsed.data;
  const browserKey = browserKeyOf(request);
  const result: RegistrationResult =
    contact.kind === "phone"
      ? await completePhoneRegistration({ phoneNumber: contact.phoneNumber, code, browserKey }, request)
      : await completeEmailRegistration({ email: contact.email, code, browserKey }, request);
  if (result.ok) {
    if (browserKey) result.headers.append("Set-Cookie", registrationCookie(browserKey, request, 0));
    return replace("/dashboard", { headers: result.headers });
  }
  return data(
    {
      fieldErrors: result.fieldErrors,
      formError: result.error,
      ...(result.ended ? {} : sentTo(contact)),
    },
    { status: 400 },
  );
}

async function resendCode(form: FormData, request: Request, context: Ctx) {
  const contact = postedContact(form);
  if (!contact) return data({ formError: { key: "auth:register.codeExpired" } }, { status: 400 });
  const limited = await limitAttempt(codeLimit(contact), context, sentTo(contact));
  if (limited) return limited;
  const sent = await resendRegistrationCode(contact, browserKeyOf(request), request);
  if (!sent.ok) return data({ formError: sent.error }, { status: 400 });
  return data({ ...sentTo(contact), done: "code-resent" });
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "verify-code":
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
  const codeSentTo: CodeTarget | null = result?.phoneCodeSentTo
    ? { field: "phone", value: result.phoneCodeSentTo.e164, display: result.phoneCodeSentTo.display }
    : result?.emailCodeSentTo
      ? { field: "email", value: result.emailCodeSentTo, display: result.emailCodeSentTo }
      : null;
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
      {codeSentTo ? <CodeForm result={result} to={codeSentTo} /> : <RegisterForm result={result} />}
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

/** Where a registration's code went: the field its forms send back, and how the page shows it. */
type CodeTarget = { field: "phone" | "email"; value: string; display: string };

/** The second step of a registration: the code sent by text message or by email. */
function CodeForm({ result, to }: { result: AccountActionData | undefined; to: CodeTarget }) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="space-y-4">
      <FormAlert tone="info">
        {to.field === "phone"
          ? t("register.codeSent", { phone: to.display })
          : t("register.codeSentEmail", { email: to.display })}
      </FormAlert>
      {result?.done === "code-resent" ? <FormAlert tone="success">{t("register.codeResent")}</FormAlert> : null}
      <MessageAlert message={result?.formError} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name={to.field} value={to.value} />
        <TextField
          label={t("register.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.code}
          required
          error={translate(result?.fieldErrors?.code)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting === "verify-code"}>
          {submitting === "verify-code" ? t("register.submitting") : t("register.verify")}
        </Button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="resend-code" />
          <input type="hidden" name={to.field} value={to.value} />
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
