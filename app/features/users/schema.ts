import { z } from "zod";
import { roles } from "~/auth/permissions";
import type { TranslationKey } from "~/i18n/keys";
import { ownKeyOr, parseForm } from "~/lib/form-errors";

/** Error messages are keys of the users namespace; the page translates them. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const BAN_REASON_MAX = 200;
export const SEARCH_MAX = 100;
export const USERS_PAGE_SIZE = 20;

// Letters of any language, digits, spaces and the punctuation real and business names use; markup is refused.
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'’&-]+$/u;

/** The messages of these schemas: keys of the users namespace, each one checked by the compiler. */
const errors = {
  emailInvalid: "errors.emailInvalid",
  emailRequired: "errors.emailRequired",
  emailTooLong: "errors.emailTooLong",
  modeInvalid: "errors.modeInvalid",
  nameInvalid: "errors.nameInvalid",
  nameRequired: "errors.nameRequired",
  nameTooLong: "errors.nameTooLong",
  passwordRequired: "errors.passwordRequired",
  passwordTooLong: "errors.passwordTooLong",
  passwordTooShort: "errors.passwordTooShort",
  reasonTooLong: "errors.reasonTooLong",
  roleInvalid: "errors.roleInvalid",
  unknownAction: "errors.unknownAction",
  userNotFound: "errors.userNotFound",
} as const satisfies Record<string, UsersErrorKey>;

const userId = z.string().trim().min(1, errors.userNotFound).max(64, errors.userNotFound);
const role = z.enum(roles, { error: errors.roleInvalid });

export const createUserSchema = z
  .object({
    intent: z.literal("create"),
    name: z
      .string({ error: errors.nameRequired })
      .trim()
      .min(1, errors.nameRequired)
      .max(NAME_MAX, errors.nameTooLong)
      .regex(NAME_PATTERN, errors.nameInvalid),
    email: z
      .string({ error: errors.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, errors.emailRequired)
      .max(EMAIL_MAX, errors.emailTooLong)
      .pipe(z.email({ error: errors.emailInvalid })),
    role,
    mode: z.enum(["password", "invite"], { error: errors.modeInvalid }),
    password: z.string().max(PASSWORD_MAX, errors.passwordTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "password") return;
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: errors.passwordRequired });
    else if (value.password.length < PASSWORD_MIN)
      ctx.addIssue({ code: "custom", path: ["password"], message: errors.passwordTooShort });
  });

export const changeRoleSchema = z.object({ intent: z.literal("role"), userId, role });

export const disableUserSchema = z.object({
  intent: z.literal("disable"),
  userId,
  reason: z.string().trim().max(BAN_REASON_MAX, errors.reasonTooLong).optional(),
});

export const enableUserSchema = z.object({ intent: z.literal("enable"), userId });

export const sendResetSchema = z.object({ intent: z.literal("reset"), userId });

export const userActionSchema = z.discriminatedUnion(
  "intent",
  [createUserSchema, changeRoleSchema, disableUserSchema, enableUserSchema, sendResetSchema],
  { error: errors.unknownAction },
);

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UserAction = z.infer<typeof userActionSchema>;

export const userSearchSchema = z.object({
  q: z.string().trim().max(SEARCH_MAX).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type UsersErrorKey = Extract<TranslationKey<"users">, `errors.${string}`>;
export type UsersSuccessKey = Extract<TranslationKey<"users">, `success.${string}`>;
export type FieldErrors = Partial<Record<string, UsersErrorKey>>;

/**
 * What an action of the manage-users page answers: translation keys, never raw error text. The
 * reasons a password is weak come already in the reader's language from the strength checker.
 */
export type UserActionResult =
  | { ok: true; intent: string; tone: "success" | "warning"; message: UsersSuccessKey; values?: { email: string } }
  | { ok: false; intent: string; status: number; errors: FieldErrors; reasons?: string[] };

export type UserSearch = z.infer<typeof userSearchSchema>;

export function parseUserSearch(params: URLSearchParams): UserSearch {
  return userSearchSchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? "1" });
}

/**
 * Checks a form of the manage-users page: the first message of each field, as a translation key
 * (the general one for zod's own text); an unknown intent is the form's error, as no field shows it.
 */
export function parseUserAction(input: Record<string, unknown>) {
  const parsed = parseForm(userActionSchema, input, ownKeyOr<UsersErrorKey>(errors, "errors.invalidInput"));
  if (parsed.ok) return parsed;
  const { intent, ...fieldErrors }: FieldErrors = parsed.fieldErrors;
  if (intent) fieldErrors.form ??= errors.unknownAction;
  return { ok: false as const, fieldErrors };
}
