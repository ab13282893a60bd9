import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { MAX_IMPORT_FILE_BYTES } from "./limits";
import {
  COLUMN_KEYS,
  describeRejection,
  describeRowMessage,
  ENCODING_KEYS,
  FORMAT_KEYS,
  NO_DATA_ROWS_KEY,
  PLAN_KEYS,
  REJECTION_KEYS,
  ROW_MESSAGE_KEYS,
  SKIP_REASON_KEYS,
  STATUS_KEYS,
} from "./messages";

function lookup(lang: "en" | "es", key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lang].import);
}
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("the engine's texts", () => {
  const keys = [
    ...Object.values(REJECTION_KEYS),
    "engine.rejections.columnsNotFoundSemicolons",
    ...Object.values(ROW_MESSAGE_KEYS),
    ...Object.values(STATUS_KEYS),
    ...Object.values(FORMAT_KEYS),
    ...Object.values(ENCODING_KEYS),
    ...Object.values(COLUMN_KEYS),
    ...Object.values(PLAN_KEYS),
    ...Object.values(SKIP_REASON_KEYS),
    NO_DATA_ROWS_KEY,
  ];

  it.each(keys)("%s exists in English and Spanish", (key) => {
    expect(typeof lookup("en", key)).toBe("string");
    expect(typeof lookup("es", key)).toBe("string");
  });

  it("gives every rejection the values its text needs", () => {
    const check = (described: { key: string; values: Record<string, unknown> }) => {
      expect(Object.keys(described.values).sort()).toEqual(placeholders(lookup("en", described.key) as string));
    };
    check(describeRejection({ code: "empty_file" }));
    check(describeRejection({ code: "file_too_large", maxBytes: MAX_IMPORT_FILE_BYTES, bytes: 11_608_927 }));
    check(describeRejection({ code: "columns_not_found", missing: ["name", "price"], semicolons: false }));
    check(describeRejection({ code: "columns_not_found", missing: ["name"], semicolons: true }));
    check(describeRejection({ code: "unclosed_quote", line: 4 }));
    expect(describeRejection({ code: "file_too_large", maxBytes: MAX_IMPORT_FILE_BYTES, bytes: 1 }).values).toEqual({
      maxMb: 10,
    });
    expect(describeRejection({ code: "unclosed_quote", line: 4 })).toEqual({
      key: "engine.rejections.unclosedQuote",
      values: { line: 4 },
    });
  });

  it("passes a row message's values through", () => {
    expect(
      describeRowMessage({ code: "duplicate_item", severity: "warning", params: { item: "TOMATILLO", firstRow: 19 } }),
    ).toEqual({
      key: "engine.messages.duplicateItem",
      values: { item: "TOMATILLO", firstRow: 19 },
    });
  });
});
