import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-errors";
import {
  accountMessage,
  changePasswordSchema,
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
  identifier: "Maria@Example.com ",
  password: "Mango crates at dawn 47",
  confirmPassword: "Mango crates at dawn 47",
};

describe("registerSchema", () => {
  it("accepts a good registration, trimming and lower-casing the email", () => {
    const result = parseForm(registerSchema, form(goodRegistration), accountMessage);
    expect(result).toEqual({
      ok: true,
      data: {
        name: "María O'Brien",
        identifier: { kind: "email", email: "maria@example.com" },
        password: goodRegistration.password,
        confirmPassword: goodRegistration.password,
      },
    });
  });

  it("gives the specification's messages for an empty form", () => {
    const result = parseForm(
      registerSchema,
      form({ name: "", identifier: "", password: "", confirmPassword: "" }),
      accountMessage,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: "auth:form.nameRequired",
        identifier: "auth:form.identifierRequired",
        password: "auth:form.passwordRequired",
      },
      message: "auth:form.nameRequired",
    });
  });

  it("treats missing fields as empty ones", () => {
    const result = parseForm(registerSchema, new FormData(), accountMessage);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.identifier).toBe("auth:form.identifierRequired");
  });

  it("says a short password must be at least 8 characters and that passwords do not match", () => {
    const result = parseForm(
      registerSchema,
      form({ ...goodRegistration, password: "short", confirmPassword: "shorter" }),
      accountMessage,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors.password).toBe("auth:form.passwordTooShort");
      expect(result.fieldErrors.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    }
  });

  it("reports a mismatch even when another field is wrong", () => {
    const result = parseForm(
      registerSchema,
      form({ ...goodRegistration, identifier: "nope@", confirmPassword: "different" }),
      accountMessage,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors.identifier).toBe("auth:form.invalidEmail");
      expect(result.fieldErrors.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    }
  });

  it.each([
    ["identifier", "not-an-email", "auth:form.invalidIdentifier"],
    ["identifier", "<script>alert(1)</script>@x.com", "auth:form.invalidEmail"],
    ["identifier", 'a@b.co\'; DROP TABLE "user"; --', "auth:form.invalidEmail"],
    ["identifier", `${"a".repeat(10_000)}@example.com`, "auth:form.emailTooLong"],
    ["name", "x".repeat(10_000), "auth:form.nameTooLong"],
    ["name", "<script>alert(1)</script>", "auth:form.nameInvalid"],
    ["name", "Robert'); DROP TABLE students;--", "auth:form.nameInvalid"],
    ["password", "p".repeat(10_000), "auth:form.passwordTooLong"],
    ["identifier", "9".repeat(10_000), "auth:form.emailTooLong"],
    ["identifier", "12345", "auth:form.invalidPhone"],
    ["identifier", "555-0142", "auth:form.invalidPhone"],
    ["identifier", "020 7946 0958", "auth:form.invalidPhone"],
    ["identifier", "call me", "auth:form.invalidIdentifier"],
  ])("refuses %s %#", (field, value, key) => {
    const fields = { ...goodRegistration, [field]: value };
    if (field === "password") fields.confirmPassword = value;
    const result = parseForm(registerSchema, form(fields), accountMessage);
    expect(result.ok).toBe(false);
    if (!result.ok) expect((result.fieldErrors as Record<string, string>)[field]).toBe(key);
  });

  it("refuses a field sent twice or a file instead of text", () => {
    const twice = parseForm(
      registerSchema,
      form({ ...goodRegistration, identifier: ["a@b.co", "c@d.co"] }),
      accountMessage,
    );
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.fieldErrors.identifier).toBe("auth:form.invalidValue");

    const data = form({ ...goodRegistration });
    data.set("name", new File(["x"], "x.txt"));
    const file = parseForm(registerSchema, data, accountMessage);
    expect(file.ok).toBe(false);
    if (!file.ok) expect(file.fieldErrors.name).toBe("auth:form.invalidValue");
  });

  it("takes a phone number instead of an email, in E.164, read as a US number unless it starts with +", () => {
    const us = parseForm(registerSchema, form({ ...goodRegistration, identifier: "(954) 555-0142" }), accountMessage);
    expect(us.ok && us.data.identifier).toEqual({ kind: "phone", phoneNumber: "+19545550142" });
    const spain = parseForm(
      registerSchema,
      form({ ...goodRegistration, identifier: "+34 612 34 56 78" }),
      accountMessage,
    );
    expect(spain.ok && spain.data.identifier).toEqual({ kind: "phone", phoneNumber: "+34612345678" });
  });

  it("never carries a role from the form", () => {
    const result = parseForm(registerSchema, form({ ...goodRegistration, role: "admin" }), accountMessage);
    expect(result.ok && "role" in result.data).toBe(false);
  });
});

describe("signInSchema", () => {
  it("reads an email identifier", () => {
    const result = parseForm(signInSchema, form({ identifier: " Buyer@Example.com", password: "x" }), accountMessage);
    expect(result.ok && result.data.identifier).toEqual({ kind: "email", email: "buyer@example.com" });
  });

  it("reads a phone identifier in E.164", () => {
    const result = parseForm(signInSchema, form({ identifier: "954.555.0142", password: "x" }), accountMessage);
    expect(result.ok && result.data.identifier).toEqual({ kind: "phone", phoneNumber: "+19545550142" });
  });

  it("requires both fields", () => {
    const result = parseForm(signInSchema, form({ identifier: "", password: "" }), accountMessage);
    expect(result).toEqual({
      ok: false,
      fieldErrors: { identifier: "auth:form.identifierRequired", password: "auth:form.passwordRequired" },
      message: "auth:form.identifierRequired",
    });
  });

  it("tells a malformed email, a malformed phone and neither apart", () => {
    const cases: Array<[string, string]> = [
      ["someone@", "auth:form.invalidEmail"],
      ["555-01", "auth:form.invalidPhone"],
      ["' OR 1=1 --", "auth:form.invalidIdentifier"],
    ];
    for (const [identifier, key] of cases) {
      const result = parseForm(signInSchema, form({ identifier, password: "x" }), accountMessage);
      expect(result.ok ? null : result.fieldErrors.identifier).toBe(key);
    }
  });

  it("drops a redirect target that is not a string instead of failing", () => {
    const result = parseForm(
      signInSchema,
      form({ identifier: "a@b.co", password: "x", redirectTo: ["/a", "/b"] }),
      accountMessage,
    );
    expect(result.ok && result.data.redirectTo).toBeUndefined();
  });

  it("does not check a sign-in password's length beyond the cap", () => {
    const result = parseForm(signInSchema, form({ identifier: "a@b.co", password: "short" }), accountMessage);
    expect(result.ok).toBe(true);
  });
});

describe("resetPasswordSchema", () => {
  it("refuses a token that cannot be one", () => {
    const result = parseForm(
      resetPasswordSchema,
      form({ token: "abc<script>", password: "x".repeat(8), confirmPassword: "x".repeat(8) }),
      accountMessage,
    );
    expect(result.ok ? null : result.fieldErrors.token).toBe("auth:reset.invalidToken");
  });
});

describe("changePasswordSchema", () => {
  it("requires the current password", () => {
    const result = parseForm(
      changePasswordSchema,
      form({ currentPassword: "", password: "x".repeat(8), confirmPassword: "x".repeat(8) }),
      accountMessage,
    );
    expect(result.ok ? null : result.fieldErrors.currentPassword).toBe("account:password.currentRequired");
  });
});

describe("verifyPhoneSchema", () => {
  it("wants six digits", () => {
    expect(parseForm(verifyPhoneSchema, form({ phone: "+19545550142", code: "12345" }), accountMessage).ok).toBe(false);
    expect(parseForm(verifyPhoneSchema, form({ phone: "+19545550142", code: "123456" }), accountMessage).ok).toBe(true);
  });
});
