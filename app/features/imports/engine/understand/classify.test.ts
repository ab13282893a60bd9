import { describe, expect, it } from "vitest";
import {
  classify,
  isInactiveStatus,
  isInvalidDescription,
  isKnownNonProductCode,
  isProductType,
  leafCode,
} from "./classify";

describe("classification, in EXPECTED.md's order", () => {
  const row = (over: Partial<Parameters<typeof classify>[0]>) =>
    classify({ name: "AVO48", type: "Inventory", description: "AGUACATE HASS 48CT", inactive: false, ...over }).status;

  it("skips types that are not stocked products, even when inactive", () => {
    for (const type of [
      "Service",
      "Bundle",
      "Other Charge",
      "Discount",
      "Sales Tax Item",
      "Sales Tax Group",
      "Subtotal",
      "Group",
      "Payment",
    ]) {
      expect(row({ type }), type).toBe("skipped_service_item");
    }
    expect(row({ type: "Service", inactive: true })).toBe("skipped_service_item");
  });

  it("knows the product types of both QuickBooks, however they are written", () => {
    for (const type of [
      "Inventory",
      "Non-inventory",
      "NonInventory",
      "non inventory",
      "Inventory Part",
      "Non-inventory Part",
      "Inventory Assembly",
      "Inventario",
      "No inventario",
    ]) {
      expect(isProductType(type), type).toBe(true);
    }
    expect(row({ type: "" })).toBe("product");
  });

  it("skips known non-product codes by the leaf name, after the type rule", () => {
    expect(row({ name: "DELIVERY" })).toBe("skipped_known_non_product_code");
    expect(row({ name: "CHARGES:CC FEE" })).toBe("skipped_known_non_product_code");
    expect(row({ name: "Credit" })).toBe("skipped_known_non_product_code");
    expect(row({ name: "  fuel   surcharge " })).toBe("skipped_known_non_product_code");
    expect(row({ name: "DESCUENTO" })).toBe("skipped_known_non_product_code");
    expect(row({ name: "DELIVERY", type: "Service" })).toBe("skipped_service_item");
    expect(leafCode("MISC:Returns (deleted)")).toBe("RETURNS");
    expect(isKnownNonProductCode("DESCUENTO 2%")).toBe(false);
    expect(isKnownNonProductCode("PALLET DEPOSIT")).toBe(true);
    expect(isKnownNonProductCode("AVO48 PALLET")).toBe(false);
  });

  it("skips invalid descriptions, before the inactive rule", () => {
    for (const description of [
      "",
      "    ",
      "N/A",
      "na",
      "None",
      "NULL",
      "test",
      "TESTING",
      "TBD",
      "DO NOT USE",
      "#N/A",
      "#REF!",
      "#VALUE!",
      "#NAME?",
      "xxx",
      "XXXX",
      "-",
      "???",
      "12345",
      "0",
    ]) {
      expect(isInvalidDescription(description), JSON.stringify(description)).toBe(true);
    }
    expect(row({ description: "", inactive: true })).toBe("skipped_invalid_description");
    expect(isInvalidDescription("Ñu")).toBe(false);
    expect(isInvalidDescription("AGUACATE HASS 48CT")).toBe(false);
  });

  it("treats a spreadsheet formula in the description as no description", () => {
    expect(isInvalidDescription("+cmd|' /C calc'!A0")).toBe(true);
    expect(isInvalidDescription("@SUM(1+1)*cmd|' /C calc'!A0")).toBe(true);
    expect(isInvalidDescription('=HYPERLINK("http://x")')).toBe(true);
    expect(isInvalidDescription("- AGUACATE HASS 48CT")).toBe(false);
  });

  it("keeps inactive items as processed_inactive, else product", () => {
    expect(row({ inactive: true })).toBe("processed_inactive");
    expect(row({})).toBe("product");
  });

  it("reads QuickBooks Desktop's Active Status: anything but Active is inactive", () => {
    expect(isInactiveStatus("Active")).toBe(false);
    expect(isInactiveStatus("Not-active")).toBe(true);
    expect(isInactiveStatus("Inactive")).toBe(true);
    expect(isInactiveStatus("")).toBe(false);
    expect(isInactiveStatus(undefined)).toBe(false);
  });
});
