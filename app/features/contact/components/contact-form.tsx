import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { PHONE_SLOT, PhoneText } from "~/components/ui/phone-text";
import { cn } from "~/lib/cn";
import type { ContactActionData, ContactFailure } from "../failure";
import {
  contactLimits,
  contactReasons,
  HONEYPOT_FIELD,
  purchaseSizes,
  type ContactErrorKey,
  type ContactReason,
} from "../fields";

function FailureAlert({ failure, phone, minutes }: { failure: ContactFailure; phone: string; minutes: number }) {
  const { t } = useTranslation("contact");
  return (
    <FormAlert>
      <PhoneText text={t(`errors.${failure}`, { phone: PHONE_SLOT, minutes })} phone={phone} />
    </FormAlert>
  );
}

/** The validator is loaded once someone starts on the form, so sending it does not wait for it. */
function prefetchSchema() {
  import("../schema").catch(() => {
    // Sending tries again and reports a failure then.
  });
}

/**
 * The contact form. It posts to the page's action, so it works without JavaScript; with it, the
 * same schema checks the fields in the browser before anything is sent.
 */
export function ContactForm({
  result,
  phone,
  defaultReason,
}: {
  result: ContactActionData | undefined;
  phone: string;
  defaultReason: ContactReason | null;
}) {
  const { t } = useTranslation("contact");
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const message = (key: ContactErrorKey | undefined) => (key ? t(key) : undefined);
  const hasFieldErrors = Object.keys(errors).length > 0;

  const messageId = "contact-message";
  const messageErrorId = `${messageId}-error`;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      aria-labelledby="contact-form-heading"
      onFocus={prefetchSchema}
    >
      <h2 id="contact-form-heading" className="text-xl font-semibold">
        {t("form.heading")}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.requiredNote")}</p>
      {hasFieldErrors ? <FormAlert>{t("form.fixFields")}</FormAlert> : null}
      {failed?.failure ? (
        <FailureAlert
          failure={failed.failure}
          phone={phone}
          minutes={Math.max(1, Math.ceil((failed.retryAfterSeconds ?? 60) / 60))}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("form.fullName")}
          name="fullName"
          autoComplete="name"
          required
          maxLength={contactLimits.fullName}
          defaultValue={values.fullName}
          error={message(errors.fullName)}
        />
        <TextField
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={contactLimits.email}
          defaultValue={values.email}
          error={message(errors.email)}
        />
        <TextField
          label={t("form.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={contactLimits.phone}
          defaultValue={values.phone}
          error={message(errors.phone)}
        />
        <TextField
          label={t("form.company")}
          name="company"
          autoComplete="organization"
          maxLength={contactLimits.company}
          defaultValue={values.company}
          error={message(errors.company)}
        />
        <SelectField
          label={t("form.reason")}
          name="reason"
          required
          defaultValue={values.reason ?? defaultReason ?? ""}
          error={message(errors.reason)}
        >
          <option value="">{t("form.chooseReason")}</option>
          {contactReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("form.purchaseSize")}
          name="purchaseSize"
          defaultValue={values.purchaseSize ?? ""}
          error={message(errors.purchaseSize)}
        >
          <option value="">{t("form.chooseSize")}</option>
          {purchaseSizes.map((size) => (
            <option key={size} value={size}>
              {t(`sizes.${size}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="space-y-1">
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("form.message")}
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={6}
          required
          maxLength={contactLimits.message}
          defaultValue={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? messageErrorId : undefined}
          className={cn(
            "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 dark:bg-slate-900 dark:text-slate-100",
            errors.message ? "border-red-600" : "border-slate-300 dark:border-slate-600",
          )}
        />
        {errors.message ? (
          <p id={messageErrorId} className="text-sm text-red-700 dark:text-red-400">
            {message(errors.message)}
          </p>
        ) : null}
      </div>
      {/* People never see or reach this field; programs that fill every input do (see the action). */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t("form.honeypot")}</label>
        <input
          id="contact-website"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t("form.submitting") : t("form.submit")}
      </Button>
    </Form>
  );
}
