import { TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { limits } from "../limits";
import type { AccountActionData } from "../schema";
import { PasswordError, useMessage } from "./messages";

/**
 * A new password and its confirmation, as every form that sets one asks for them (registering,
 * resetting, changing it): the same names the schemas read, the browser told to suggest a new
 * password, the rule it must meet, and each field's refusal under it, with the reasons a weak
 * password was refused. A new account's fields say "password", the others "new password".
 */
export function NewPasswordFields({
  result,
  forNewAccount = false,
}: {
  result: Pick<AccountActionData, "fieldErrors" | "passwordFeedback"> | undefined;
  forNewAccount?: boolean;
}) {
  const { t } = useTranslation("auth");
  const translate = useMessage();
  const errors = result?.fieldErrors ?? {};
  const field = { type: "password", autoComplete: "new-password", required: true, maxLength: limits.password };
  return (
    <>
      <TextField
        label={forNewAccount ? t("register.password") : t("reset.password")}
        name="password"
        {...field}
        hint={t("register.passwordHint")}
        error={
          errors.password ? (
            <PasswordError message={translate(errors.password)} feedback={result?.passwordFeedback} />
          ) : undefined
        }
      />
      <TextField
        label={forNewAccount ? t("register.confirmPassword") : t("reset.confirmPassword")}
        name="confirmPassword"
        {...field}
        error={translate(errors.confirmPassword)}
      />
    </>
  );
}
