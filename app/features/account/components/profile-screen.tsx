import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert, TextField, useFormFeedback } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { limits } from "../limits";
import type { ProfileActionData, ProfileIntent } from "../profile-actions.server";
import type { ProfilePage } from "../profile.server";
import { linkClass } from "./auth-page";
import { MessageAlert, useMessage } from "./messages";
import { NewPasswordFields } from "./new-password-fields";

/** One part of the page; `answer` is its form's action data, whose outcome is brought into view. */
function Section({
  title,
  id,
  answer,
  children,
}: {
  title: string;
  id: string;
  answer?: unknown;
  children: ReactNode;
}) {
  const feedback = useFormFeedback<HTMLElement>(answer);
  return (
    <section
      ref={feedback}
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

/** The profile page: the account's details, its password, its phone number and its sessions. */
export function ProfileScreen({ page, result }: { page: ProfilePage; result: ProfileActionData | undefined }) {
  const { t } = useTranslation("account");
  const { t: tNav } = useTranslation("navigation");
  const { t: tGeneral } = useTranslation();
  const translate = useMessage();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const forIntent = (intent: ProfileIntent) => (result?.intent === intent ? result : undefined);
  const passwordResult = forIntent("change-password");
  const phoneResult = result?.intent === "send-phone-code" || result?.intent === "verify-phone" ? result : undefined;
  const codeTarget = phoneResult?.done === "phone" ? null : (phoneResult?.phoneCodeSentTo ?? null);

  return (
    <div className="site-container space-y-6 py-8 *:max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-50">{t("profile.title")}</h1>
      {result && !result.intent ? <MessageAlert message={result.formError} /> : null}

      <Section title={t("profile.details")} id="profile-details">
        <dl className="space-y-3">
          <Detail label={t("profile.name")} value={page.name} />
          <Detail label={t("profile.email")} value={page.email ?? t("profile.noEmail")} />
          <Detail label={t("profile.role")} value={tNav(`roles.${page.role}`)} />
          <Detail label={t("profile.created")} value={<DateTime value={page.created} />} />
          <Detail
            label={t("profile.lastSignIn")}
            value={<DateTime value={page.lastSignIn} fallback={tGeneral("dates.never")} />}
          />
          <Detail label={t("profile.updated")} value={<DateTime value={page.updated} />} />
        </dl>
      </Section>

      <Section title={t("password.title")} id="profile-password" answer={passwordResult}>
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

      <Section title={t("phone.title")} id="profile-phone" answer={phoneResult}>
        {phoneResult?.done === "phone" ? <FormAlert tone="success">{t("phone.verified")}</FormAlert> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {page.phone ? t("phone.current", { phone: page.phone.display }) : t("phone.none")}
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
              <Form noValidate method="post" action="/profile">
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
              label={page.phone ? t("phone.newLabel") : t("phone.label")}
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

      <Section title={t("sessions.title")} id="profile-sessions" answer={forIntent("sign-out-everywhere")}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("sessions.body")}</p>
        <MessageAlert message={forIntent("sign-out-everywhere")?.formError} />
        <Form noValidate method="post" action="/profile">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="outline" disabled={submitting === "sign-out-everywhere"}>
            {t("sessions.submit")}
          </Button>
        </Form>
      </Section>
    </div>
  );
}
