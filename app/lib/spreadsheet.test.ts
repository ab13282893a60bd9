import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "./spreadsheet";

describe("neutraliseFormula", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd", "'-2+3+cmd"],
    ["@SUM(1+1)", "'@SUM(1+1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("%j is exported as text", (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it("leaves ordinary text, numbers and empty cells alone", () => {
    expect(neutraliseFormula("Hass Avocado")).toBe("Hass Avocado");
    expect(neutraliseFormula("54.00")).toBe("54.00");
    expect(neutraliseFormula("")).toBe("");
    expect(neutraliseFormula("a=b")).toBe("a=b");
  });
});
