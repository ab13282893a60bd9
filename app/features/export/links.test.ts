import { describe, expect, it } from "vitest";
import { WA_LINK_MAX, whatsappLink } from "./links";

describe("whatsappLink", () => {
  it("opens a chat with the number's digits, or any chat without one", () => {
    expect(whatsappLink("Hi", "+1 (954) 555-0142")).toBe("https://wa.me/19545550142?text=Hi");
    expect(whatsappLink("Hi", "+19545550142")).toBe("https://wa.me/19545550142?text=Hi");
    expect(whatsappLink("Hi")).toBe("https://wa.me/?text=Hi");
    expect(whatsappLink("Hi", null)).toBe("https://wa.me/?text=Hi");
    expect(whatsappLink("Hi", "")).toBe("https://wa.me/?text=Hi");
  });

  it("encodes the whole text, line breaks, markers and emoji included", () => {
    const text = "*Pompano — Hotels*\n• Piña 🍍 — $5.00 & more?=#_~";
    const link = whatsappLink(text, "+1 954 555 0142")!;
    expect(link).toMatch(/^https:\/\/wa\.me\/19545550142\?text=[^\s#&?]+$/);
    expect(decodeURIComponent(new URL(link).search.slice("?text=".length))).toBe(text);
    expect(new URL(link).searchParams.get("text")).toBe(text);
  });

  it("still gives a link for text cut in the middle of an emoji", () => {
    const link = whatsappLink("half \ud83c", null);
    expect(link).toBe("https://wa.me/?text=half%20%EF%BF%BD");
  });

  it("gives no link once the URL would pass WA_LINK_MAX characters", () => {
    const prefix = "https://wa.me/19545550142?text=".length;
    const fits = "a".repeat(WA_LINK_MAX - prefix);
    expect(whatsappLink(fits, "+19545550142")).toHaveLength(WA_LINK_MAX);
    expect(whatsappLink(`${fits}a`, "+19545550142")).toBeNull();
    // Counted encoded: an emoji is twelve characters of URL.
    const emoji = "🍍".repeat(Math.floor((WA_LINK_MAX - prefix) / 12));
    expect(whatsappLink(emoji, "+19545550142")).not.toBeNull();
    expect(whatsappLink(`${emoji}🍍`, "+19545550142")).toBeNull();
  });
});
