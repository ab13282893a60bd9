import { z } from "zod";
import { ownKeyOr } from "~/lib/form-errors";
import { limits } from "./limits";
import { looksLikePhone, normalizePhone } from "./phone";

/**
 * A translation key with its namespace ("auth:form.emailRequired"), its placeholders and an
 * optional second line (another key) that tells the person what to do.
 */
export type FormMessage = { key: string; params?: Record<string, string | number>; hint?: string };

export type FieldErrors = Partial<Record<string, string>>;

export const keys = {
  invalidValue: "auth:form.invalidValue",
  nameRequired: "auth:form.nameRequired",
  nameTooLong: "auth:form.nameTooLong",
  nameInvalid: "auth:form.nameInvalid",
  emailRequired: "auth:form.emailRequired",
  emailTooLong: "auth:form.emailTooLong",
  invalidEmail: "auth:form.invalidEmail",
  identifierRequired: "auth:form.identifierRequired",
  invalidIdentifier: "auth:form.invalidIdentifier",
  passwordRequired: "auth:form.passwordRequired",
  passwordTooShort: "auth:form.passwordTooShort",
  passwordTooLong: "auth:form.passwordTooLong",
  passwordsDoNotMatch: "auth:form.passwordsDoNotMatch",
  phoneRequired: "auth:form.phoneRequired",
  phoneTooLong: "auth:form.phoneTooLong",
  invalidPhone: "auth:form.invalidPhone",
  invalidToken: "auth:reset.invalidToken",
  currentPasswordRequired: "account:password.currentRequired",
  codeRequired: "auth:form.codeRequired",
  emailCodeRequired: "auth:form.emailCodeRequired",
  codeInvalidFormat: "auth:form.codeFormat",
} as const;

/** Missing fields read as empty (so the "required" message shows); anything not a string is refused. */
function stringField(requiredKey: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? requiredKey : keys.invalidValue) });
}

// Letters of any language, digits, spaces and the punctuation real names and business names use.
// This keeps markup and SQL-looking text out without refusing names such as O'Brien or Smith & Sons.
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'’&-]+$/u;

export const nameField = stringField(keys.nameRequired)
  .trim()
  .min(1, keys.nameRequired)
  .max(limits.name, keys.nameTooLong)
  .regex(NAME_PATTERN, keys.nameInvalid);

export const emailField = stringField(keys.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, keys.emailRequired)
  .max(limits.email, keys.emailTooLong)
  .pipe(z.email({ error: keys.invalidEmail }));

/** A password being chosen: the specification's minimum of 8 and our cap of 128. Never trimmed. */
export const newPasswordField = stringField(keys.passwordRequired)
  .min(1, keys.passwordRequired)
  .min(limits.passwordMin, keys.passwordTooShort)
  .max(limits.password, keys.passwordTooLong);

/** A password being checked (sign-in, current password): only required and capped. */
function existingPasswordField(requiredKey: string = keys.passwordRequired) {
  return stringField(requiredKey).min(1, requiredKey).max(limits.password, keys.passwordTooLong);
}

const confirmField = stringField(keys.passwordsDoNotMatch).max(limits.password, keys.passwordTooLong);

export const phoneField = stringField(keys.phoneRequired)
  .trim()
  .min(1, keys.phoneRequired)
  .max(limits.phone, keys.phoneTooLong)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.issues.push({ code: "custom", message: keys.invalidPhone, input: value });
      return z.NEVER;
    }
    return e164;
  });

/** Where to go after signing in; anything odd is dropped and the default applies. */
const redirectToField = z.string().max(limits.redirectTo).optional().catch(undefined);

export type Identifier = { kind: "email"; email: string } | { kind: "phone"; phoneNumber: string };

const identifierField = stringField(keys.identifierRequired)
  .trim()
  .min(1, keys.identifierRequired)
  .max(limits.email, keys.emailTooLong)
  .transform((value, ctx): Identifier => {
    if (value.includes("@")) {
      const email = z.email().safeParse(value.toLowerCase());
      if (email.success) return { kind: "email", email: email.data };
      ctx.issues.push({ code: "custom", message: keys.invalidEmail, input: value });
      return z.NEVER;
    }
    if (looksLikePhone(value)) {
      const phoneNumber = normalizePhone(value);
      if (phoneNumber) return { kind: "phone", phoneNumber };
      ctx.issues.push({ code: "custom", message: keys.invalidPhone, input: value });
      return z.NEVER;
    }
    ctx.issues.push({ code: "custom", message: keys.invalidIdentifier, input: value });
    return z.NEVER;
  });

const passwordPair = z.object({ password: z.string(), confirmPassword: z.string() });

function withMatchingPasswords<
  T extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: keys.passwordsDoNotMatch,
    // Checked even when other fields are wrong, so every message shows at once.
    when: (payload) => passwordPair.safeParse(payload.value).success,
  });
}

export const signInSchema = z.object({
  identifier: identifierField,
  password: existingPasswordField(),
  redirectTo: redirectToField,
});

/** An account is registered with an email or a phone number, like sign-in, and a password. */
export const registerSchema = withMatchingPasswords(
  z.object({
    name: nameField,
    identifier: identifierField,
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
);

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = withMatchingPasswords(
  z.object({
    token: stringField(keys.invalidToken)
      .min(1, keys.invalidToken)
      .max(limits.token, keys.invalidToken)
      .regex(/^[A-Za-z0-9_-]+$/, keys.invalidToken),
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
);

export const changePasswordSchema = withMatchingPasswords(
  z.object({
    currentPassword: existingPasswordField(keys.currentPasswordRequired),
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
);

export const sendPhoneCodeSchema = z.object({ phone: phoneField });

/** A 6-digit code; empty, it is asked for as it came (a text message or an email). */
const codeField = (requiredKey: string) =>
  stringField(requiredKey)
    .trim()
    .min(1, requiredKey)
    .regex(new RegExp(`^\\d{${limits.code}}$`), keys.codeInvalidFormat);

/** A phone number and the code sent to it: on the profile, and to finish a registration by phone. */
export const verifyPhoneSchema = z.object({ phone: phoneField, code: codeField(keys.codeRequired) });

/** An address and the code sent to it, to finish a registration by email. */
export const verifyEmailSchema = z.object({ email: emailField, code: codeField(keys.emailCodeRequired) });

/** How the account forms word their messages (parseForm). */
export const accountMessage = ownKeyOr<string>(keys, keys.invalidValue);

/** What the account pages' actions answer with when they do not redirect. */
export type AccountActionData = {
  fieldErrors?: FieldErrors;
  formError?: FormMessage;
  values?: Record<string, string>;
  passwordFeedback?: { warning: string | null; suggestions: string[] };
  done?: string;
  invalidToken?: boolean;
  /** The number a code was sent to, as its forms send it back and as the page shows it. */
  phoneCodeSentTo?: { e164: string; display: string };
  /** The address a registration's code was sent to. */
  emailCodeSentTo?: string;
};
