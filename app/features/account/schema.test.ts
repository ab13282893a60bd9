import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  formValues,
  parseForm,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
  verifyPhoneSchema,
} from "./schema";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

const goodRegistration = {
  name: "María O'Brien",
  email: "Maria@Example.com ",
  phone: "",
  password: "Mango crates at dawn 47",
  confirmPassword: "Mango crates at dawn 47",
};

describe("registerSchema", () => {
  it("accepts a good registration, trimming and lower-casing the email", () => {
    const result = parseForm(registerSchema, form(goodRegistration));
    expect(result).toEqual({
      success: true,
      data: {
        name: "María O'Brien",
        email: "maria@example.com",
        phone: null,
        password: goodRegistration.password,
        confirmPassword: goodRegistration.password,
      },
    });
  });

  it("gives the specification's messages for an empty form", () => {
    const result = parseForm(registerSchema, form({ name: "", email: "", password: "", confirmPassword: "" }));
    expect(result).toEqual({
      success: false,
      errors: {
        name: "auth:form.nameRequired",
        email: "auth:form.emailRequired",
        password: "auth:form.passwordRequired",
      },
    });
  });

  it("treats missing fields as empty ones", () => {
    const result = parseForm(registerSchema, new FormData());
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors.email).toBe("auth:form.emailRequired");
  });

  it("says a short password must be at least 8 characters and that passwords do not match", () => {
    const result = parseForm(
      registerSchema,
      form({ ...goodRegistration, password: "short", confirmPassword: "shorter" }),
    );
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors.password).toBe("auth:form.passwordTooShort");
      expect(result.errors.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    }
  });

  it("reports a mismatch even when another field is wrong", () => {
    const result = parseForm(
      registerSchema,
      form({ ...goodRegistration, email: "nope", confirmPassword: "different" }),
    );
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors.email).toBe("auth:form.invalidEmail");
      expect(result.errors.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    }
  });

  it.each([
    ["email", "not-an-email", "auth:form.invalidEmail"],
    ["email", "<script>alert(1)</script>@x.com", "auth:form.invalidEmail"],
    ["email", 'a@b.co\'; DROP TABLE "user"; --', "auth:form.invalidEmail"],
    ["email", `${"a".repeat(10_000)}@example.com`, "auth:form.emailTooLong"],
    ["name", "x".repeat(10_000), "auth:form.nameTooLong"],
    ["name", "<script>alert(1)</script>", "auth:form.nameInvalid"],
    ["name", "Robert'); DROP TABLE students;--", "auth:form.nameInvalid"],
    ["password", "p".repeat(10_000), "auth:form.passwordTooLong"],
    ["phone", "9".repeat(10_000), "auth:form.phoneTooLong"],
    ["phone", "12345", "auth:form.invalidPhone"],
    ["phone", "call me", "auth:form.invalidPhone"],
  ])("refuses %s %#", (field, value, key) => {
    const fields = { ...goodRegistration, [field]: value };
    if (field === "password") fields.confirmPassword = value;
    const result = parseForm(registerSchema, form(fields));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[field]).toBe(key);
  });

  it("refuses a field sent twice or a file instead of text", () => {
    const twice = parseForm(registerSchema, form({ ...goodRegistration, email: ["a@b.co", "c@d.co"] }));
    expect(twice.success).toBe(false);
    if (!twice.success) expect(twice.errors.email).toBe("auth:form.invalidValue");

    const data = form({ ...goodRegistration });
    data.set("name", new File(["x"], "x.txt"));
    const file = parseForm(registerSchema, data);
    expect(file.success).toBe(false);
    if (!file.success) expect(file.errors.name).toBe("auth:form.invalidValue");
  });

  it("normalises an optional phone number to E.164, reading it as a US number by default", () => {
    const us = parseForm(registerSchema, form({ ...goodRegistration, phone: "(954) 555-0142" }));
    expect(us.success && us.data.phone).toBe("+19545550142");
    const spain = parseForm(registerSchema, form({ ...goodRegistration, phone: "+34 612 34 56 78" }));
    expect(spain.success && spain.data.phone).toBe("+34612345678");
  });

  it("never carries a role from the form", () => {
    const result = parseForm(registerSchema, form({ ...goodRegistration, role: "admin" }));
    expect(result.success && "role" in result.data).toBe(false);
  });
});

describe("signInSchema", () => {
  it("reads an email identifier", () => {
    const result = parseForm(signInSchema, form({ identifier: " Buyer@Example.com", password: "x" }));
    expect(result.success && result.data.identifier).toEqual({ kind: "email", email: "buyer@example.com" });
  });

  it("reads a phone identifier in E.164", () => {
    const result = parseForm(signInSchema, form({ identifier: "954.555.0142", password: "x" }));
    expect(result.success && result.data.identifier).toEqual({ kind: "phone", phoneNumber: "+19545550142" });
  });

  it("requires both fields", () => {
    const result = parseForm(signInSchema, form({ identifier: "", password: "" }));
    expect(result).toEqual({
      success: false,
      errors: { identifier: "auth:form.identifierRequired", password: "auth:form.passwordRequired" },
    });
  });

  it("tells a malformed email, a malformed phone and neither apart", () => {
    const cases: Array<[string, string]> = [
      ["someone@", "auth:form.invalidEmail"],
      ["555-01", "auth:form.invalidPhone"],
      ["' OR 1=1 --", "auth:form.invalidIdentifier"],
    ];
    for (const [identifier, key] of cases) {
      const result = parseForm(signInSchema, form({ identifier, password: "x" }));
      expect(result.success ? null : result.errors.identifier).toBe(key);
    }
  });

  it("drops a redirect target that is not a string instead of failing", () => {
    const result = parseForm(signInSchema, form({ identifier: "a@b.co", password: "x", redirectTo: ["/a", "/b"] }));
    expect(result.success && result.data.redirectTo).toBeUndefined();
  });

  it("does not check a sign-in password's length beyond the cap", () => {
    const result = parseForm(signInSchema, form({ identifier: "a@b.co", password: "short" }));
    expect(result.success).toBe(true);
  });
});

describe("resetPasswordSchema", () => {
  it("refuses a token that cannot be one", () => {
    const result = parseForm(
      resetPasswordSchema,
      form({ token: "abc<script>", password: "x".repeat(8), confirmPassword: "x".repeat(8) }),
    );
    expect(result.success ? null : result.errors.token).toBe("auth:reset.invalidToken");
  });
});

describe("changePasswordSchema", () => {
  it("requires the current password", () => {
    const result = parseForm(
      changePasswordSchema,
      form({ currentPassword: "", password: "x".repeat(8), confirmPassword: "x".repeat(8) }),
    );
    expect(result.success ? null : result.errors.currentPassword).toBe("account:password.currentRequired");
  });
});

describe("verifyPhoneSchema", () => {
  it("wants six digits", () => {
    expect(parseForm(verifyPhoneSchema, form({ phone: "+19545550142", code: "12345" })).success).toBe(false);
    expect(parseForm(verifyPhoneSchema, form({ phone: "+19545550142", code: "123456" })).success).toBe(true);
  });
});

describe("formValues", () => {
  it("keeps one string per field and flags repeated fields", () => {
    expect(formValues(form({ a: "1", b: ["2", "3"] }), ["a", "b", "c"])).toEqual({
      a: "1",
      b: ["2", "3"],
      c: undefined,
    });
  });
});
