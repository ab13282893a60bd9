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
import { understandText } from "./pipeline";

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

  it("gives every row message the values its text needs", async () => {
    const rows = [
      "A,TOMATO ROMA 25LB,,Inventory,,",
      "B,TOMATO ROMA 25LB,,Inventory,-5.00,",
      "C,TOMATO ROMA 25LB,,Inventory,abc,",
      "D,TOMATO ROMA 25LB,,Inventory,0,",
      "E,TOMATO ROMA 25LB,,Inventory,99999999,",
      "F,TOMATO ROMA 25LB,,Inventory,1.005,lots",
      "F,TOMATO ROMA 25LB,,Inventory,1.00,",
      `${"N".repeat(300)},TOMATO ROMA 25LB,,Inventory,1.00,`,
      `G,${"TOMATO ROMA 25LB ".repeat(300)},,Inventory,1.00,`,
      `H,TOMATO ROMA 25LB,${"S".repeat(300)},Inventory,1.00,`,
      "I,WIDGET THING,,Inventory,1.00,",
      ",TOMATO ROMA 25LB,,Inventory,1.00,",
      "J,TOMATO,ROMA,25LB,Inventory,1.00,5",
      "K,Delivery,,Service,1.00,",
      "FSC,Fuel,,Inventory,1.00,",
      "L,N/A,,Inventory,1.00,",
      "M (deleted),TOMATO ROMA 25LB,,Inventory,1.00,",
    ];
    const text = ["Product/Service Name,Sales Description,SKU,Type,Sales Price / Rate,Quantity On Hand", ...rows].join(
      "\n",
    );
    const result = await understandText(text);
    if (!result.ok) throw new Error("rejected");
    const seen = new Set<string>();
    for (const row of result.rows) {
      for (const message of row.messages) {
        const { key, values } = describeRowMessage(message);
        for (const name of placeholders(lookup("en", key) as string)) expect(values, key).toHaveProperty(name);
        seen.add(message.code);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(ROW_MESSAGE_KEYS).sort());
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
