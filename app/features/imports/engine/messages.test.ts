import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { MAX_IMPORT_FILE_BYTES } from "./limits";
import {
  COLUMN_KEYS,
  describeRejection,
  describeRowMessage,
  ENCODING_KEYS,
  FORMAT_KEYS,
  COUNT_DETAIL_KEYS,
  COUNT_LABEL_KEYS,
  countsLineText,
  NO_DATA_ROWS_KEY,
  REJECTION_KEYS,
  ROW_MESSAGE_KEYS,
  STATUS_KEYS,
} from "./messages";
import { createI18n } from "~/i18n/instance";
import { countRows } from "./plan/counts";
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
    ...Object.values(COUNT_DETAIL_KEYS),
    ...Object.values(COUNT_LABEL_KEYS),
    NO_DATA_ROWS_KEY,
  ];

  it.each(keys)("%s exists in English and Spanish", (key) => {
    expect(typeof lookup("en", key)).toBe("string");
    expect(typeof lookup("es", key)).toBe("string");
  });

  it("says the counts as one line that adds up, in both languages", () => {
    const counts = countRows([
      ...Array.from({ length: 40 }, () => ({
        action: "created" as const,
        match: "new" as const,
        finalStatus: "success" as const,
      })),
      { action: "updated", match: "name", finalStatus: "success", n: 8 },
      { action: "updated", match: "quickbooks-id", finalStatus: "success" },
      { action: "duplicate", match: null, finalStatus: "success" },
      { action: "skipped", match: null, finalStatus: "skipped_by_staff" },
      { action: "skipped", match: null, finalStatus: "skipped_service_item", n: 5 },
      { action: "skipped", match: null, finalStatus: "skipped_invalid_description", n: 12 },
      { action: "error", match: null, finalStatus: "error_db_product" },
    ]);
    expect(counts.total).toBe(69);
    const en = createI18n("en").getFixedT("en", "import") as unknown as Parameters<typeof countsLineText>[1];
    const es = createI18n("es").getFixedT("es", "import") as unknown as Parameters<typeof countsLineText>[1];
    expect(countsLineText(counts, en)).toBe(
      "69 rows = 40 new + 8 linked + 1 updated + 0 unchanged + 2 skipped + 17 invalid + 1 error",
    );
    expect(countsLineText(counts, es)).toBe(
      "69 filas = 40 nuevas + 8 vinculadas + 1 actualizada + 0 sin cambios + 2 omitidas + 17 no válidas + 1 con error",
    );

    const large = countRows([{ action: "created", match: "new", finalStatus: "success", n: 12_500 }]);
    expect(countsLineText(large, en)).toMatch(/^12,500 rows = 12,500 new \+/);
    expect(countsLineText(large, es)).toMatch(/^12,500 filas = 12,500 nuevas \+/);
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
