import { describe, expect, it } from "vitest";
import { contactErrors, contactLimits, contactReasons, purchaseSizes, type ContactField } from "./fields";
import { contactValuesFrom, echoValues, validateContact } from "./schema";

const valid = {
  fullName: "María O'Brien",
  email: " Maria@Example.TEST ",
  phone: "(954) 555-0142",
  company: "Café Pompano & Sons",
  reason: "request_price_list",
  purchaseSize: "500_1000",
  message: "Please send us your weekly price list for avocados.",
};

function form(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

function errorsOf(fields: Record<string, unknown>) {
  const result = validateContact({ ...valid, ...fields } as Record<ContactField, unknown>);
  return result.ok ? {} : result.fieldErrors;
}

describe("the contact form's schema", () => {
  it("has the specification's eight reasons and seven purchase sizes", () => {
    expect(contactReasons).toHaveLength(8);
    expect(purchaseSizes).toHaveLength(7);
  });

  it("accepts a complete message and tidies it", () => {
    const result = validateContact(contactValuesFrom(form(valid)));
    expect(result).toEqual({
      ok: true,
      data: {
        fullName: "María O'Brien",
        email: "maria@example.test",
        phone: "(954) 555-0142",
        company: "Café Pompano & Sons",
        reason: "request_price_list",
        purchaseSize: "500_1000",
        message: "Please send us your weekly price list for avocados.",
      },
    });
  });

  it("lets phone, company and purchase size be left out", () => {
    const result = validateContact(contactValuesFrom(form({ ...valid, phone: "  ", company: "", purchaseSize: "" })));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.phone).toBeUndefined();
      expect(result.data.company).toBeUndefined();
      expect(result.data.purchaseSize).toBeUndefined();
    }
  });

  it("says what is missing", () => {
    const result = validateContact(contactValuesFrom(form({})));
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        fullName: contactErrors.fullNameRequired,
        email: contactErrors.emailRequired,
        reason: contactErrors.reasonRequired,
        message: contactErrors.messageRequired,
      },
      message: contactErrors.fullNameRequired,
    });
    expect(errorsOf({ fullName: "   ", email: " ", message: "  \n " })).toEqual({
      fullName: contactErrors.fullNameRequired,
      email: contactErrors.emailRequired,
      message: contactErrors.messageRequired,
    });
  });

  it("gives one message per wrong field", () => {
    expect(errorsOf({ fullName: "x".repeat(101) })).toEqual({ fullName: contactErrors.fullNameTooLong });
    expect(errorsOf({ fullName: "<script>alert(1)</script>" })).toEqual({ fullName: contactErrors.fullNameInvalid });
    expect(errorsOf({ email: "not-an-email" })).toEqual({ email: contactErrors.invalidEmail });
    expect(errorsOf({ email: `${"a".repeat(250)}@example.test` })).toEqual({ email: contactErrors.emailTooLong });
    expect(errorsOf({ phone: "call me" })).toEqual({ phone: contactErrors.phoneInvalid });
    expect(errorsOf({ phone: "12345" })).toEqual({ phone: contactErrors.phoneInvalid });
    expect(errorsOf({ phone: "1".repeat(40) })).toEqual({ phone: contactErrors.phoneTooLong });
    expect(errorsOf({ company: "c".repeat(121) })).toEqual({ company: contactErrors.companyTooLong });
    expect(errorsOf({ reason: "free_stuff" })).toEqual({ reason: contactErrors.reasonRequired });
    expect(errorsOf({ purchaseSize: "a_million" })).toEqual({ purchaseSize: contactErrors.purchaseSizeInvalid });
    expect(errorsOf({ message: "hi" })).toEqual({ message: contactErrors.messageTooShort });
    expect(errorsOf({ message: "m".repeat(10_000) })).toEqual({ message: contactErrors.messageTooLong });
  });

  it("refuses anything that is not text", () => {
    const result = validateContact(contactValuesFrom(form({ ...valid, message: new Blob(["x".repeat(20)]) })));
    expect(result).toEqual({
      ok: false,
      fieldErrors: { message: contactErrors.invalidValue },
      message: contactErrors.invalidValue,
    });
  });

  it("keeps markup in a message as plain text and drops control characters", () => {
    const result = validateContact({
      ...valid,
      message: "<script>alert('x')</script>\r\nSecond line\u0000\u0007 end",
    } as Record<ContactField, unknown>);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.message).toBe("<script>alert('x')</script>\nSecond line end");
  });

  it("echoes what was typed, capped to each field's size", () => {
    const echoed = echoValues({ ...valid, message: "m".repeat(10_000), fullName: 42 } as Record<ContactField, unknown>);
    expect(echoed.message).toHaveLength(contactLimits.message);
    expect(echoed.fullName).toBeUndefined();
    expect(echoed.email).toBe(valid.email);
  });
});
