/** Where a translated sentence puts the phone number: pass it as the `phone` value of `t()`. */
export const PHONE_SLOT = "\u0000phone\u0000";

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/**
 * A translated sentence with the phone number in it as a link that dials it. Splitting on a slot
 * instead of rendering markup from the translation keeps the sentence plain text.
 */
export function PhoneText({ text, phone, linkClassName }: { text: string; phone: string; linkClassName?: string }) {
  const [before, ...after] = text.split(PHONE_SLOT);
  if (after.length === 0) return <>{text}</>;
  return (
    <>
      {before}
      <a href={telHref(phone)} className={linkClassName ?? "font-semibold underline"}>
        {phone}
      </a>
      {after.join(phone)}
    </>
  );
}
