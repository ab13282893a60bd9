import { describe, expect, it } from "vitest";
import { safeRedirect } from "./guards.server";

describe("safeRedirect", () => {
  it.each([
    ["/pricesprivate", "/pricesprivate"],
    ["/products?q=mango&page=2", "/products?q=mango&page=2"],
    ["/prices-manage/restaurants#editor", "/prices-manage/restaurants#editor"],
    ["/a/../dashboard", "/dashboard"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("follows a path of the site: %s", (to, want) => {
    expect(safeRedirect(to)).toBe(want);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/a/../..//evil.example",
    "/./\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/%0d%0aSet-Cookie:x".replace("%0d%0a", "\r\n"),
    "https://evil.example/",
    "evil.example",
    "javascript:alert(1)",
    "",
    null,
    undefined,
  ])("never leaves the site: %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
  });
});
