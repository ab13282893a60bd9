import { describe, expect, it } from "vitest";
import { fallbackWidth, imageUrl, isImageKey, srcsetWidths } from "./images";

describe("image keys", () => {
  it("accepts stored upload keys", () => {
    expect(isImageKey("demo/avocado.webp")).toBe(true);
    expect(isImageKey("products/2026/abc-123_x.JPG")).toBe(true);
  });

  it("refuses traversal, absolute paths, hidden files, escapes and non-image names", () => {
    for (const key of [
      "../secret.png",
      "demo/../../secret.png",
      "/etc/passwd.png",
      "demo/.hidden.png",
      "demo//a.png",
      "demo\\a.png",
      "demo/a.png\0.png",
      "demo/a%2e.png",
      "demo/a.svg",
      "demo/a",
      "",
      `${"a".repeat(400)}.png`,
    ]) {
      expect(isImageKey(key), key).toBe(false);
    }
  });
});

describe("srcset widths", () => {
  it("offers every allowed width up to the one that covers a 2x screen", () => {
    expect(srcsetWidths(96)).toEqual([96, 160, 320]);
    expect(srcsetWidths(160)).toEqual([96, 160, 320]);
    expect(srcsetWidths(300)).toEqual([96, 160, 320, 480, 640]);
    expect(srcsetWidths(1280)).toEqual([96, 160, 320, 480, 640, 720, 960, 1280]);
    expect(srcsetWidths(480)).toEqual([96, 160, 320, 480, 640, 720, 960]);
  });

  it("falls back to the smallest allowed width that covers the shown width", () => {
    expect(fallbackWidth(90)).toBe(96);
    expect(fallbackWidth(320)).toBe(320);
    expect(fallbackWidth(2000)).toBe(1280);
  });

  it("builds URLs with each key segment encoded", () => {
    expect(imageUrl("demo/avocado.webp", 320, "avif")).toBe("/img/demo/avocado.webp?w=320&f=avif");
  });
});
