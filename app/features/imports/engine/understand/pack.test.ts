import { describe, expect, it } from "vitest";
import { packFromUnitOfMeasure, parseMixedNumber, parsePack, soldUnit } from "./pack";

const pack = (description: string, unit?: string) => parsePack(description, unit).pack;

describe("the pack grammar", () => {
  it("reads multipacks as their total", () => {
    expect(pack("STRAWBERRIES 8X1LB FLAT")).toEqual({ value: 8, unit: "lb" });
    expect(pack("Blueberries 12x6oz")).toEqual({ value: 72, unit: "oz" });
    expect(pack("Tomate Cherry 12x1 pt")).toEqual({ value: 12, unit: "pt" });
    expect(pack("JUGO DE NARANJA 4 X 1 GAL")).toEqual({ value: 4, unit: "gal" });
    expect(pack("BABY CARROTS 24X1#")).toEqual({ value: 24, unit: "lb" });
  });

  it("reads a pallet of cases, whatever each case holds", () => {
    expect(pack("AGUACATE HASS 48CT PALLET (60 CS)")).toEqual({ value: 60, unit: "case" });
    expect(pack("BLUEBERRIES 12X6OZ PALLET (60 CS)")).toEqual({ value: 60, unit: "case" });
  });

  it("reads weights, where # after a number is pounds and before it a grade", () => {
    expect(pack("PAPAYA MARADOL 35#")).toEqual({ value: 35, unit: "lb" });
    expect(pack("BANANAS #1 40LB")).toEqual({ value: 40, unit: "lb" });
    expect(pack("GUAYABA #2 10#")).toEqual({ value: 10, unit: "lb" });
    expect(pack("CHILE POBLANO 20 LBS")).toEqual({ value: 20, unit: "lb" });
    expect(pack("Chile de Árbol 1 kg")).toEqual({ value: 1, unit: "kg" });
    expect(pack("QUESO FRESCO 12 OZ")).toEqual({ value: 12, unit: "oz" });
    expect(pack("PASAS 500 G")).toEqual({ value: 500, unit: "g" });
    expect(pack("AJO 2.5 LB")).toEqual({ value: 2.5, unit: "lb" });
  });

  it("prefers a weight to a size count, and does not take a size grade for a multipack", () => {
    expect(pack("POTATO RUSSET 70CT 50LB")).toEqual({ value: 50, unit: "lb" });
    expect(pack("LIMÓN PERSA 175CT 40#")).toEqual({ value: 40, unit: "lb" });
    expect(pack("TOMATE BOLA 5X6 25# 2 LAYER")).toEqual({ value: 25, unit: "lb" });
  });

  it("reads bushels with fractions", () => {
    expect(pack("CHILE JALAPEÑO 1 1/9 BU")).toEqual({ value: 1.111, unit: "bu" });
    expect(pack("CALABACITA GRIS 1/2 BU")).toEqual({ value: 0.5, unit: "bu" });
    expect(pack("EGGPLANT 1-1/9BU")).toEqual({ value: 1.111, unit: "bu" });
    expect(pack("OKRA 3/4 BUSHEL")).toEqual({ value: 0.75, unit: "bu" });
    expect(parseMixedNumber("1 1/9")).toBeCloseTo(1.1111, 4);
  });

  it("reads counts: ct, bunches, dozens, each and cases", () => {
    expect(pack("AGUACATE HASS 48CT")).toEqual({ value: 48, unit: "ct" });
    expect(pack("EPAZOTE 24 BCH")).toEqual({ value: 24, unit: "bunch" });
    expect(pack("HUEVO BLANCO GRANDE 15 DZ")).toEqual({ value: 15, unit: "dozen" });
    expect(pack("COCO 6 EA")).toEqual({ value: 6, unit: "each" });
    expect(pack("BANANA 2 CS")).toEqual({ value: 2, unit: "case" });
  });

  it("reads a bare EA or CS as one", () => {
    expect(pack("SANDÍA SIN SEMILLA EA")).toEqual({ value: 1, unit: "each" });
    expect(pack("BROCCOLI CROWNS CS")).toEqual({ value: 1, unit: "case" });
  });

  it("falls back to the unit of measure, and only when the text has no pack", () => {
    expect(pack("JENGIBRE (GINGER)", "lb")).toEqual({ value: 1, unit: "lb" });
    expect(pack("JENGIBRE (GINGER)", "cs")).toEqual({ value: 1, unit: "case" });
    expect(pack("JENGIBRE (GINGER)", "pk")).toBeNull();
    expect(pack("JENGIBRE (GINGER)")).toBeNull();
    expect(pack("TORTILLA DE MAÍZ 80CT", "pk")).toEqual({ value: 80, unit: "ct" });
    expect(packFromUnitOfMeasure("bu")).toEqual({ value: 1, unit: "bu" });
  });

  it("says where the pack starts, so what follows can be read as origin", () => {
    expect(parsePack("HUEVO BLANCO 15 DZ CHILE LOT 12").start).toBe(13);
    expect(parsePack("JENGIBRE").start).toBe(-1);
  });

  it("names what one unit sold is", () => {
    expect(soldUnit("AGUACATE HASS 48CT PALLET (60 CS)", undefined, null)).toBe("pallet");
    expect(soldUnit("STRAWBERRIES 8X1LB FLAT", undefined, null)).toBe("flat");
    expect(soldUnit("CHILE ANCHO 25# SACO", undefined, null)).toBe("bag");
    expect(soldUnit("SANDÍA SIN SEMILLA EA", undefined, { value: 1, unit: "each" })).toBe("each");
    expect(soldUnit("JENGIBRE (GINGER)", "lb", null)).toBe("lb");
    expect(soldUnit("TOMATO ROMA 25LB", undefined, { value: 25, unit: "lb" })).toBe("case");
  });
});
