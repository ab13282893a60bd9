import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, neutralizeCell, toCsv } from "./csv";

describe("neutralizeCell", () => {
  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("prefixes %j with an apostrophe", (value, expected) => {
    expect(neutralizeCell(value)).toBe(expected);
  });

  it.each(["Hass Avocado", "AVO48", "", " =not at the start", "1+1", "'quoted already", "Jalapeño 10#"])(
    "leaves %j alone",
    (value) => {
      expect(neutralizeCell(value)).toBe(value);
    },
  );
});

describe("csvCell", () => {
  it("writes numbers as numbers, negative ones included, and empty cells for missing values", () => {
    expect(csvCell(54)).toBe("54");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, after neutralising", () => {
    expect(csvCell('MANGO "HONEY", 14CT')).toBe('"MANGO ""HONEY"", 14CT"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });
});

describe("toCsv", () => {
  it("writes a BOM, CRLF line ends, and text that reads back as the neutralised cells", () => {
    const text = toCsv([
      ["Item", "Name", "Price"],
      ["AVO48", "Hass Avocado", 54],
      ["+cmd|' /C calc'!A0", "-x", null],
      ["@evil", 'say "hi", then\nleave', 1.5],
    ]);
    expect(text.startsWith("\uFEFFItem,Name,Price\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: "\r\n" }).data;
    expect(parsed).toEqual([
      ["Item", "Name", "Price"],
      ["AVO48", "Hass Avocado", "54"],
      ["'+cmd|' /C calc'!A0", "'-x", ""],
      ["'@evil", 'say "hi", then\nleave', "1.5"],
    ]);
    for (const row of parsed.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("can leave the BOM out", () => {
    expect(toCsv([["a", "b"]], { bom: false })).toBe("a,b\r\n");
  });
});

describe("neutralizeCell, as the import's server export uses it", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd", "'-2+3+cmd"],
    ["@SUM(1+1)", "'@SUM(1+1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("%j is exported as text", (input, output) => {
    expect(neutralizeCell(input)).toBe(output);
  });

  it("leaves ordinary text, numbers and empty cells alone", () => {
    expect(neutralizeCell("Hass Avocado")).toBe("Hass Avocado");
    expect(neutralizeCell("54.00")).toBe("54.00");
    expect(neutralizeCell("")).toBe("");
    expect(neutralizeCell("a=b")).toBe("a=b");
  });
});
