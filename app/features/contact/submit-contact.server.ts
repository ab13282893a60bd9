import { config } from "~/config.server";
import { withTransaction } from "~/db/client.server";
import { contactRequest } from "~/db/schema";
import { enqueueMessage } from "~/services/mail/outbox.server";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import type { ContactInput } from "./schema";

/** Contact notifications go to the staff address, else the company's public one. */
export function staffAddress() {
  const c = config();
  return c.STAFF_EMAIL ?? c.COMPANY_EMAIL;
}

/**
 * The staff notification in the staff's language; it names the language the visitor wrote in, so
 * that staff answer in it. Plain text: the outbox sends it as text, and pages show it escaped, so
 * markup in a message is only ever characters.
 */
export function composeContactMail(input: ContactInput, visitorLang: Lang, staffLang: Lang) {
  const i18n = createI18n(staffLang);
  const t = i18n.getFixedT(staffLang, "contact");
  const language = i18n.getFixedT(staffLang, "navigation")(`languages.${visitorLang}`);
  const none = t("mail.notGiven");
  const reason = t(`reasons.${input.reason}`);
  const lines = [
    t("mail.intro"),
    "",
    `${t("form.fullName")}: ${input.fullName}`,
    `${t("form.email")}: ${input.email}`,
    `${t("form.phone")}: ${input.phone ?? none}`,
    `${t("form.company")}: ${input.company ?? none}`,
    `${t("form.reason")}: ${reason}`,
    `${t("form.purchaseSize")}: ${input.purchaseSize ? t(`sizes.${input.purchaseSize}`) : none}`,
    `${t("mail.language")}: ${language}`,
    "",
    `${t("form.message")}:`,
    input.message,
  ];
  return { subject: t("mail.subject", { reason, name: input.fullName }), body: lines.join("\n") };
}

/** Stores the request and queues the staff notification together: both happen, or neither. */
export async function submitContactRequest(input: ContactInput, { lang, clientIp }: { lang: Lang; clientIp: string }) {
  const mail = composeContactMail(input, lang, config().STAFF_LANG);
  const recipient = staffAddress();
  return withTransaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequest)
      .values({
        fullName: input.fullName,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company ?? null,
        reason: input.reason,
        purchaseSize: input.purchaseSize ?? null,
        message: input.message,
        locale: lang,
        clientIp,
      })
      .returning({ id: contactRequest.id });
    await enqueueMessage(tx, { kind: "contact", recipient, subject: mail.subject, body: mail.body });
    return row.id;
  });
}
