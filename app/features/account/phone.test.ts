import { describe, expect, it } from "vitest";
import { formatPhone, looksLikePhone, normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["(954) 555-0142", "+19545550142"],
    ["954.555.0142", "+19545550142"],
    ["+1 954 555 0142", "+19545550142"],
    ["+34 612 34 56 78", "+34612345678"],
  ])("reads %s as %s", (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it.each(["", "12345", "555-0142", "call 954 555 0142", "<script>", "954-555-0142; DROP TABLE"])(
    "refuses %j",
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});

describe("formatPhone", () => {
  it("shows US numbers in national form and others in international form", () => {
    expect(formatPhone("+19545550142")).toBe("(954) 555-0142");
    expect(formatPhone("+34612345678")).toBe("+34 612 34 56 78");
  });
});

describe("looksLikePhone", () => {
  it("tells phone-like text from emails", () => {
    expect(looksLikePhone("+1 (954) 555-0142")).toBe(true);
    expect(looksLikePhone("a@b.co")).toBe(false);
  });
});
