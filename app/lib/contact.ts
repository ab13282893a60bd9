/**
 * An account registered with a phone number alone still needs the unique email better-auth keys
 * accounts by: it gets a random address under this reserved domain (RFC 2606), which no mail
 * reaches and nobody types.
 */
export const NO_MAILBOX_DOMAIN = "no-email.invalid";

export function noMailboxAddress() {
  return `phone-${crypto.randomUUID()}@${NO_MAILBOX_DOMAIN}`;
}

/** Whether an account's email is a real address, one that can be shown and written to. */
export function hasMailbox(email: string) {
  return !email.toLowerCase().endsWith(`@${NO_MAILBOX_DOMAIN}`);
}
