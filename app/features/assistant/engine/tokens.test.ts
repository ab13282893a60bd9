import { describe, expect, it } from "vitest";
import { parseDigits, tokenize } from "./tokens";

const numbers = (text: string) => tokenize(text).flatMap((t) => (t.num === undefined ? [] : [t.num]));

describe("numbers as people write them", () => {
  it.each([
    ["52.5", 52.5],
    ["52,50", 52.5],
    ["52,5", 52.5],
    ["1,250", 1250],
    ["1,250.75", 1250.75],
    ["1.250,50", 1250.5],
    ["13", 13],
  ])("reads %s as %s", (text, value) => expect(parseDigits(text)).toBe(value));

  it.each([
    ["twenty five", [25]],
    ["treinta y cinco centavos", [35]],
    ["a dollar fifty", [1, 50]],
    ["un dólar cincuenta", [1, 50]],
    ["one hundred", [100]],
    ["cien", [100]],
    ["veinticinco", [25]],
    ["diez por ciento", [10]],
  ])("spells %s", (text, values) => expect(numbers(text)).toEqual(values));

  it("keeps the article an article unless money follows", () => {
    expect(numbers("basil a 13")).toEqual([13]);
    expect(numbers("a case of limes")).toEqual([]);
  });
});
