import { useTranslation } from "~/i18n/use-translation";
import { FormAlert } from "~/components/ui/field";
import type { FormMessage } from "../schema";

export type PasswordFeedback = { warning: string | null; suggestions: string[] };

/** Actions answer with namespaced keys ("auth:form.emailRequired"); this turns them into text. */
export function useMessage() {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (message: FormMessage | string | null | undefined) => {
    if (!message) return undefined;
    if (typeof message === "string") return translate(message);
    return translate(message.key, message.params);
  };
}

export function MessageAlert({
  message,
  tone = "error",
}: {
  message: FormMessage | null | undefined;
  tone?: "error" | "success" | "info";
}) {
  const translate = useMessage();
  if (!message) return null;
  return (
    <FormAlert tone={tone}>
      <p className="font-medium">{translate(message)}</p>
      {message.hint ? <p className="mt-1">{translate(message.hint)}</p> : null}
    </FormAlert>
  );
}

/**
 * A refused password's message followed by the reasons, in the reader's language (zxcvbn's own
 * translated feedback). Inline, so it sits in the field's error text that the input points to.
 */
export function PasswordError({
  message,
  feedback,
}: {
  message: string | undefined;
  feedback: PasswordFeedback | null | undefined;
}) {
  const { t } = useTranslation("auth");
  if (!message) return null;
  if (!feedback) return <>{message}</>;
  const reasons = [feedback.warning, ...feedback.suggestions].filter((r): r is string => Boolean(r));
  if (reasons.length === 0) reasons.push(t("form.passwordWeakFallback"));
  return (
    <>
      {message}
      {reasons.map((reason) => (
        <span key={reason} className="mt-0.5 block before:mr-1 before:content-['•']">
          {reason}
        </span>
      ))}
    </>
  );
}
