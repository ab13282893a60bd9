// zod's mini build: this schema also runs in the browser before submit, and the public pages
// have a tight JavaScript budget.
import * as z from "zod/mini";
import { ownKeyOr, parseForm, type ParsedForm } from "~/lib/form-errors";
import {
  contactErrors,
  contactFields,
  contactLimits,
  contactReasons,
  purchaseSizes,
  type ContactErrorKey,
  type ContactField,
  type ContactValues,
} from "./fields";

// Letters of any language, digits, spaces and the punctuation real names use (O'Brien, Smith & Sons).
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'’&-]+$/u;
// Digits with the usual separators and an optional leading +; at least seven digits in all.
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
// Control characters other than tab and line feed have no place in a message people type.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

function required(requiredKey: ContactErrorKey) {
  return z.string({ error: (issue) => (issue.input === undefined ? requiredKey : contactErrors.invalidValue) });
}

/** Optional text: missing or blank becomes undefined. */
function optionalText(maxLength: number, tooLongKey: ContactErrorKey) {
  return z
    .pipe(
      z.optional(z.string({ error: contactErrors.invalidValue })),
      z.transform((value) => value?.trim() || undefined),
    )
    .check(z.refine((value) => value === undefined || value.length <= maxLength, { error: tooLongKey, abort: true }));
}

const phoneField = optionalText(contactLimits.phone, contactErrors.phoneTooLong).check(
  z.refine((value) => value === undefined || (PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 7), {
    error: contactErrors.phoneInvalid,
  }),
);

export const contactSchema = z.object({
  fullName: required(contactErrors.fullNameRequired).check(
    z.trim(),
    z.minLength(1, { error: contactErrors.fullNameRequired, abort: true }),
    z.maxLength(contactLimits.fullName, { error: contactErrors.fullNameTooLong, abort: true }),
    z.regex(NAME_PATTERN, { error: contactErrors.fullNameInvalid }),
  ),
  email: z.pipe(
    required(contactErrors.emailRequired).check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: contactErrors.emailRequired, abort: true }),
      z.maxLength(contactLimits.email, { error: contactErrors.emailTooLong, abort: true }),
    ),
    z.email({ error: contactErrors.invalidEmail }),
  ),
  phone: phoneField,
  company: z.pipe(
    optionalText(contactLimits.company, contactErrors.companyTooLong),
    z.transform((value) => value?.replace(CONTROL_CHARACTERS, "")),
  ),
  reason: z.enum(contactReasons, { error: contactErrors.reasonRequired }),
  purchaseSize: z.optional(z.enum(purchaseSizes, { error: contactErrors.purchaseSizeInvalid })),
  message: z.pipe(
    required(contactErrors.messageRequired).check(
      z.overwrite((value) => value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim()),
      z.minLength(1, { error: contactErrors.messageRequired, abort: true }),
      z.minLength(contactLimits.messageMin, { error: contactErrors.messageTooShort, abort: true }),
      z.maxLength(contactLimits.message, { error: contactErrors.messageTooLong }),
    ),
    z.string(),
  ),
});

export type ContactInput = z.output<typeof contactSchema>;

/**
 * The form's fields as the schema reads them: only strings (a file or anything else is refused
 * as an invalid value), and an empty choice in an optional select counts as not given.
 */
export function contactValuesFrom(form: FormData): Record<ContactField, unknown> {
  const values = {} as Record<ContactField, unknown>;
  for (const field of contactFields) {
    const value = form.get(field);
    values[field] = value === null ? undefined : value;
  }
  if (values.purchaseSize === "") values.purchaseSize = undefined;
  if (values.reason === "") values.reason = undefined;
  return values;
}

export type ContactValidation = ParsedForm<ContactInput, ContactErrorKey>;

/** The first message of each field, as a translation key of the contact namespace. */
export function validateContact(values: Record<ContactField, unknown>): ContactValidation {
  return parseForm(contactSchema, values, ownKeyOr(contactErrors, contactErrors.invalidValue));
}

/** What the visitor typed, capped, to put back in the form after a refusal. */
export function echoValues(values: Record<ContactField, unknown>): ContactValues {
  const caps: Record<ContactField, number> = {
    fullName: contactLimits.fullName,
    email: contactLimits.email,
    phone: contactLimits.phone,
    company: contactLimits.company,
    reason: 40,
    purchaseSize: 40,
    message: contactLimits.message,
  };
  const echoed: ContactValues = {};
  for (const field of contactFields) {
    const value = values[field];
    if (typeof value === "string") echoed[field] = value.slice(0, caps[field]);
  }
  return echoed;
}
