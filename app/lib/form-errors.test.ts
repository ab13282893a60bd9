import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as mini from "zod/mini";
import { parseForm } from "./form-errors";

const schema = z
  .object({
    name: z.string().trim().min(1, "nameRequired").max(5, "nameTooLong"),
    code: z.string().regex(/^\d+$/, "codeDigits").length(4, "codeLength"),
  })
  .refine((value) => value.name !== value.code, "sameValues");

function form(fields: Record<string, string | string[] | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

describe("parseForm", () => {
  it("gives what the schema gives when it accepts the form", () => {
    expect(parseForm(schema, form({ name: " Ana ", code: "1234" }))).toEqual({
      ok: true,
      data: { name: "Ana", code: "1234" },
    });
  });

  it("gives the first message of each field, the first of them all, and the form's own under 'form'", () => {
    expect(parseForm(schema, { name: "", code: "x" })).toEqual({
      ok: false,
      fieldErrors: { name: "nameRequired", code: "codeDigits" },
      message: "nameRequired",
    });
    expect(parseForm(schema, { name: "1234", code: "1234" })).toEqual({
      ok: false,
      fieldErrors: { form: "sameValues" },
      message: "sameValues",
    });
  });

  it("words each message as the screen does", () => {
    const words = (text: string) => (text.startsWith("name") ? `keys.${text}` : "keys.invalid");
    expect(parseForm(schema, { code: "1234" }, words)).toEqual({
      ok: false,
      fieldErrors: { name: "keys.invalid" },
      message: "keys.invalid",
    });
  });

  it("refuses a field sent twice or a file rather than reading one of them", () => {
    const twice = parseForm(schema, form({ name: ["Ana", "Bea"], code: "1234" }));
    expect(twice.ok ? null : Object.keys(twice.fieldErrors)).toEqual(["name"]);
    const file = parseForm(schema, form({ name: "Ana", code: new File(["1234"], "code.txt") }));
    expect(file.ok ? null : Object.keys(file.fieldErrors)).toEqual(["code"]);
  });

  it("reads a schema of zod's mini build alike", () => {
    const small = mini.object({ email: mini.string().check(mini.minLength(1, { error: "emailRequired" })) });
    expect(parseForm(small, { email: "" })).toEqual({
      ok: false,
      fieldErrors: { email: "emailRequired" },
      message: "emailRequired",
    });
  });
});
