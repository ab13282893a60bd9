import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { hasMailbox } from "~/lib/contact";

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A phone number as typed, in E.164 (+19545550142), or null when it is not a valid number.
 * Numbers without a country code are read as US numbers. Only phone characters are accepted, so
 * text that merely contains a number ("call 954 555 0142") is refused rather than mined.
 */
export function normalizePhone(input: string): string | null {
  const value = input.trim();
  if (!value || !PHONE_CHARACTERS.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, "US");
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** How a stored E.164 number is shown: national format for US numbers, international otherwise. */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === "US" ? parsed.formatNational() : parsed.formatInternational();
}

export function looksLikePhone(input: string) {
  return !input.includes("@") && PHONE_CHARACTERS.test(input.trim());
}

/**
 * How people read who an account is: its email or, for an account registered with a phone alone
 * (whose email is a placeholder no mail reaches), its number.
 */
export function contactOf(account: { email: string; phoneNumber?: string | null }): string {
  return hasMailbox(account.email) || !account.phoneNumber ? account.email : formatPhone(account.phoneNumber);
}
