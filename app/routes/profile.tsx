import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace, useNavigation } from "react-router";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { consumeRateLimit } from "~/auth/rate-limit.server";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert, TextField } from "~/components/ui/field";
import { linkClass } from "~/features/account/components/auth-page";
import { MessageAlert, useMessage } from "~/features/account/components/messages";
import { NewPasswordFields } from "~/features/account/components/new-password-fields";
import { limits } from "~/features/account/limits";
import { withNetworkFallback } from "~/features/account/network";
import { refuseWeakPassword } from "~/features/account/password-strength.server";
import { formatPhone, normalizePhone } from "~/features/account/phone";
import {
  changePassword,
  findProfile,
  isPhoneNumberTaken,
  sendPhoneCode,
  signOutEverywhere,
  verifyPhoneCode,
} from "~/features/account/profile.server";
import {
  changePasswordSchema,
  parseForm,
  sendPhoneCodeSchema,
  verifyPhoneSchema,
  type AccountActionData,
  type FormMessage,
} from "~/features/account/schema";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/profile";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("profile.title", { ns: "account" }), noindex: true });
}

const phoneView = (e164: string) => ({ e164, display: formatPhone(e164) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionUser = requirePermission(request, context, "profile:view");
  const profile = await findProfile(sessionUser.id);
  if (!profile) throw replace("/login");
  // After registering with a phone number, the code form for it is waiting here.
  const pending = normalizePhone(new URL(request.url).searchParams.get("verifyPhone") ?? "");
  return {
    name: profile.name,
    email: profile.email,
    role: sessionUser.role,
    created: profile.createdAt.toISOString(),
    lastSignIn: profile.lastSignInAt?.toISOString() ?? null,
    updated: profile.updatedAt.toISOString(),
    phone: profile.phoneNumber && profile.phoneNumberVerified ? phoneView(profile.phoneNumber) : null,
    pendingPhone: pending && pending !== profile.phoneNumber ? phoneView(pending) : null,
  };
}

const intents = ["change-password", "send-phone-code", "verify-phone", "sign-out-everywhere"] as const;
type Intent = (typeof intents)[number];

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (intents as readonly string[]).includes(value);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, context, "profile:view");
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isIntent(intent)) return data({ formError: { key: "auth:form.invalidValue" } }, { status: 400 });

  if (intent === "change-password") {
    const parsed = parseForm(changePasswordSchema, form);
    if (!parsed.success) return data({ intent, fieldErrors: parsed.errors }, { status: 400 });
    const weak = await refuseWeakPassword(parsed.data.password, getLang(context), [user.name, user.email]);
    if (weak) return data({ intent, ...weak }, { status: 400 });
    const result = await changePassword(
      user.id,
      { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
      request,
    );
    if (!result.ok) return data({ intent, fieldErrors: result.fieldErrors, formError: result.error }, { status: 400 });
    return data({ intent, done: "password" }, { headers: result.headers });
  }

  if (intent === "send-phone-code") {
    const { allowed, retryAfterSeconds } = await consumeRateLimit("phone-code", getRequestInfo(context).clientIp);
    if (!allowed) {
      const formError: FormMessage = { key: "general:errors.rateLimited", params: { seconds: retryAfterSeconds } };
      return data({ intent, formError }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
    }
    const parsed = parseForm(sendPhoneCodeSchema, form);
    if (!parsed.success) return data({ intent, fieldErrors: parsed.errors }, { status: 400 });
    const phone = parsed.data.phone;
    if (phone === user.phoneNumber)
      return data({ intent, fieldErrors: { phone: "account:phone.sameNumber" } }, { status: 400 });
    if (await isPhoneNumberTaken(phone, user.id)) {
      return data({ intent, fieldErrors: { phone: "auth:form.phoneTaken" } }, { status: 400 });
    }
    const result = await sendPhoneCode(phone, request);
    if (!result.ok) return data({ intent, formError: result.error }, { status: 400 });
    return { intent, phoneCodeSentTo: phoneView(phone) };
  }

  if (intent === "verify-phone") {
    const parsed = parseForm(verifyPhoneSchema, form);
    if (!parsed.success) {
      const phone = normalizePhone(String(form.get("phone") ?? "").slice(0, limits.phone));
      return data(
        { intent, fieldErrors: parsed.errors, phoneCodeSentTo: phone ? phoneView(phone) : undefined },
        { status: 400 },
      );
    }
    const { phone, code } = parsed.data;
    const result = await verifyPhoneCode(user.id, { phoneNumber: phone, code, previous: user.phoneNumber }, request);
    if (!result.ok) {
      return data(
        { intent, fieldErrors: result.fieldErrors, formError: result.error, phoneCodeSentTo: phoneView(phone) },
        { status: 400 },
      );
    }
    return { intent, done: "phone" };
  }

  const result = await signOutEverywhere(user.id, request);
  if (!result.ok) return data({ intent, formError: result.error }, { status: 400 });
  return replace("/login?notice=signed-out-everywhere", { headers: result.headers });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

type ProfileActionData = Omit<AccountActionData, "phoneCodeSentTo"> & {
  intent?: Intent;
  phoneCodeSentTo?: { e164: string; display: string };
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2 dark:text-slate-100">{value}</dd>
    </div>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tNav } = useTranslation("navigation");
  const { t: tGeneral } = useTranslation();
  const translate = useMessage();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const result = actionData as ProfileActionData | undefined;
  const forIntent = (intent: Intent) => (result?.intent === intent ? result : undefined);
  const passwordResult = forIntent("change-password");
  const phoneResult = result?.intent === "send-phone-code" || result?.intent === "verify-phone" ? result : undefined;
  const codeTarget = phoneResult?.done === "phone" ? null : (phoneResult?.phoneCodeSentTo ?? loaderData.pendingPhone);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t("profile.title")}</h1>
      {result && !result.intent ? <MessageAlert message={result.formError} /> : null}

      <Section title={t("profile.details")} id="profile-details">
        <dl className="space-y-3">
          <Detail label={t("profile.name")} value={loaderData.name} />
          <Detail label={t("profile.email")} value={loaderData.email} />
          <Detail label={t("profile.role")} value={tNav(`roles.${loaderData.role}`)} />
          <Detail label={t("profile.created")} value={<DateTime value={loaderData.created} />} />
          <Detail
            label={t("profile.lastSignIn")}
            value={<DateTime value={loaderData.lastSignIn} fallback={tGeneral("dates.never")} />}
          />
          <Detail label={t("profile.updated")} value={<DateTime value={loaderData.updated} />} />
        </dl>
      </Section>

      <Section title={t("password.title")} id="profile-password">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("password.intro")}</p>
        {passwordResult?.done === "password" ? <FormAlert tone="success">{t("password.changed")}</FormAlert> : null}
        <MessageAlert message={passwordResult?.formError} />
        <Form
          method="post"
          action="/profile"
          noValidate
          className="space-y-4"
          key={passwordResult?.done ?? "password-form"}
        >
          <input type="hidden" name="intent" value="change-password" />
          <TextField
            label={t("password.current")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={limits.password}
            error={translate(passwordResult?.fieldErrors?.currentPassword)}
          />
          <NewPasswordFields result={passwordResult} />
          <Button type="submit" disabled={submitting === "change-password"}>
            {t("password.submit")}
          </Button>
        </Form>
      </Section>

      <Section title={t("phone.title")} id="profile-phone">
        {phoneResult?.done === "phone" ? <FormAlert tone="success">{t("phone.verified")}</FormAlert> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {loaderData.phone ? t("phone.current", { phone: loaderData.phone.display }) : t("phone.none")}
        </p>
        <MessageAlert message={phoneResult?.formError} />
        {codeTarget ? (
          <>
            <FormAlert tone="info">{t("phone.codeSent", { phone: codeTarget.display })}</FormAlert>
            <Form method="post" action="/profile" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="verify-phone" />
              <input type="hidden" name="phone" value={codeTarget.e164} />
              <TextField
                label={t("phone.code")}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                required
                maxLength={limits.code}
                error={translate(phoneResult?.fieldErrors?.code ?? phoneResult?.fieldErrors?.phone)}
              />
              <Button type="submit" disabled={submitting === "verify-phone"}>
                {t("phone.verify")}
              </Button>
            </Form>
            <div className="flex flex-wrap items-center gap-4">
              <Form method="post" action="/profile">
                <input type="hidden" name="intent" value="send-phone-code" />
                <input type="hidden" name="phone" value={codeTarget.e164} />
                <Button type="submit" variant="outline" size="sm" disabled={submitting === "send-phone-code"}>
                  {t("phone.resend")}
                </Button>
              </Form>
              <Link to="/profile" className={`text-sm ${linkClass}`}>
                {t("phone.otherNumber")}
              </Link>
            </div>
          </>
        ) : (
          <Form method="post" action="/profile" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="send-phone-code" />
            <TextField
              label={loaderData.phone ? t("phone.newLabel") : t("phone.label")}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={limits.phone}
              error={translate(phoneResult?.fieldErrors?.phone)}
            />
            <Button type="submit" disabled={submitting === "send-phone-code"}>
              {t("phone.send")}
            </Button>
          </Form>
        )}
      </Section>

      <Section title={t("sessions.title")} id="profile-sessions">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("sessions.body")}</p>
        <MessageAlert message={forIntent("sign-out-everywhere")?.formError} />
        <Form method="post" action="/profile">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="danger" disabled={submitting === "sign-out-everywhere"}>
            {t("sessions.submit")}
          </Button>
        </Form>
      </Section>
    </div>
  );
}
