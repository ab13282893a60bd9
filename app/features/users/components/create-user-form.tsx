import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { roles } from "~/auth/permissions";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField, useFormFeedback } from "~/components/ui/field";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, type UserActionResult } from "../schema";

/** Create with a password, or invite: the account then gets a set-password link through the outbox. */
export function CreateUserForm({ result }: { result: UserActionResult | undefined }) {
  const { t } = useTranslation("users");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [mode, setMode] = useState<"password" | "invite">("password");
  const own = result?.intent === "create" ? result : undefined;
  const formRef = useFormFeedback(own);
  const errors = own && !own.ok ? own.errors : {};
  const reasons = own && !own.ok ? (own.reasons ?? []) : [];

  useEffect(() => {
    if (own?.ok) {
      formRef.current?.reset();
      setMode("password");
    }
  }, [own, formRef]);

  return (
    <section
      aria-labelledby="create-user-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="create-user-heading" className="text-lg font-semibold">
        {t("create.heading")}
      </h2>
      <Form method="post" ref={formRef} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="create" />
        {errors.form ? (
          <div className="sm:col-span-2">
            <FormAlert>{t(errors.form)}</FormAlert>
          </div>
        ) : null}
        <TextField
          label={t("create.name")}
          name="name"
          autoComplete="off"
          required
          maxLength={NAME_MAX}
          error={errors.name ? t(errors.name) : undefined}
        />
        <TextField
          label={t("create.email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={EMAIL_MAX}
          error={errors.email ? t(errors.email) : undefined}
        />
        <SelectField
          label={t("create.role")}
          name="role"
          defaultValue="customer"
          error={errors.role ? t(errors.role) : undefined}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("create.mode")}</legend>
          {(["password", "invite"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="size-4 accent-brand-700"
              />
              {value === "password" ? t("create.modePassword") : t("create.modeInvite")}
            </label>
          ))}
          {errors.mode ? <p className="text-sm text-red-700 dark:text-red-400">{t(errors.mode)}</p> : null}
        </fieldset>
        {mode === "password" ? (
          <TextField
            label={t("create.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            hint={t("create.passwordHint")}
            error={
              errors.password ? (
                <>
                  {t(errors.password)}
                  {reasons.length > 0 ? (
                    <span className="mt-1 block">
                      {reasons.map((reason) => (
                        <span key={reason} className="block">
                          {reason}
                        </span>
                      ))}
                    </span>
                  ) : null}
                </>
              ) : undefined
            }
          />
        ) : null}
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" disabled={submitting}>
            {submitting ? t("create.submitting") : t("create.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
