/**
 * The longest click-to-chat link we hand out. Browsers take far longer URLs, but not every phone,
 * browser and WhatsApp version carries a long wa.me text through whole; past this the seller
 * copies the message instead.
 */
export const WA_LINK_MAX = 2000;

// encodeURIComponent throws on half an emoji; a text cut in the wrong place must still get a link.
const loneSurrogate = /([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g;

/**
 * A wa.me link that opens WhatsApp with the text ready to send: to that number when it has digits
 * (wa.me wants them bare, without "+", spaces or dashes), else to a chat the seller picks. Null when
 * the link would be longer than WA_LINK_MAX.
 */
export function whatsappLink(text: string, phoneE164?: string | null): string | null {
  const to = (phoneE164 ?? "").replace(/\D/g, "");
  const wellFormed = text.replace(loneSurrogate, (_match: string, pair?: string) => pair ?? "\uFFFD");
  const link = `https://wa.me/${to}?text=${encodeURIComponent(wellFormed)}`;
  return link.length > WA_LINK_MAX ? null : link;
}
