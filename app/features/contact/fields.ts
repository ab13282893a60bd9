/**
 * The contact form's fields, choices, limits and message keys, without the validator: the form
 * renders from these, and the schema (./schema.ts) loads only when someone sends the form.
 */
/** The reasons a visitor may give for writing. */
export const contactReasons = [
  "request_price_list",
  "purchase_inquiry",
  "check_availability",
  "delivery_question",
  "account_setup",
  "payment_options",
  "product_question",
  "other",
] as const;
export type ContactReason = (typeof contactReasons)[number];

/** The estimated purchase size bands, in US dollars. */
export const purchaseSizes = [
  "under_100",
  "100_250",
  "250_500",
  "500_1000",
  "1000_2500",
  "2500_5000",
  "over_5000",
] as const;

export const contactLimits = {
  fullName: 100,
  email: 254,
  phone: 32,
  company: 120,
  messageMin: 10,
  message: 5000,
} as const;

export const contactFields = ["fullName", "email", "phone", "company", "reason", "purchaseSize", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** A field people never see; a program filling every input fills it too (see the contact action). */
export const HONEYPOT_FIELD = "website";

/** Translation keys of the contact namespace. */
export const contactErrors = {
  invalidValue: "form.invalidValue",
  fullNameRequired: "form.fullNameRequired",
  fullNameTooLong: "form.fullNameTooLong",
  fullNameInvalid: "form.fullNameInvalid",
  emailRequired: "form.emailRequired",
  emailTooLong: "form.emailTooLong",
  invalidEmail: "form.invalidEmail",
  phoneTooLong: "form.phoneTooLong",
  phoneInvalid: "form.phoneInvalid",
  companyTooLong: "form.companyTooLong",
  reasonRequired: "form.reasonRequired",
  purchaseSizeInvalid: "form.purchaseSizeInvalid",
  messageRequired: "form.messageRequired",
  messageTooShort: "form.messageTooShort",
  messageTooLong: "form.messageTooLong",
} as const;
export type ContactErrorKey = (typeof contactErrors)[keyof typeof contactErrors];

export type ContactFieldErrors = Partial<Record<ContactField, ContactErrorKey>>;
export type ContactValues = Partial<Record<ContactField, string>>;
