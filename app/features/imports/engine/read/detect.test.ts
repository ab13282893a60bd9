import { describe, expect, it } from "vitest";
import { detectFormat, fieldForHeader } from "./detect";

const QBO = "Product/Service Name,Sales Description,SKU,Type,Sales Price / Rate,Taxable,Quantity On Hand\r\n";
const QBO_NEW = "Product/service name,Category,Item type,SKU,Sales description,Sales price/rate,Quantity on hand\r\n";
const QBD = ',"Active Status","Type","Item","Description","Quantity On Hand","U/M","Price","MPN"\r\n';

function detect(text: string) {
  const result = detectFormat(text);
  if (!result.ok) throw new Error(JSON.stringify(result.rejection));
  return result.format;
}

describe("detectFormat", () => {
  it("recognises QuickBooks Online's classic header and maps its columns", () => {
    const format = detect(`${QBO}AVO48,AGUACATE HASS 48CT,AVO-48,Inventory,54.00,No,120\r\n`);
    expect(format).toMatchObject({ id: "qbo_classic", system: "qbo", delimiter: ",", headerRecord: 0, headerLine: 1 });
    expect(format.columns).toEqual({ name: 0, description: 1, sku: 2, type: 3, price: 4, quantity: 6 });
    expect(format.ignoredColumns).toEqual(["Taxable"]);
  });

  it("recognises the newer QuickBooks Online wording", () => {
    const format = detect(`${QBO_NEW}CIL60,Herbs,Non-inventory,,CILANTRO 60 CT,26.00,\r\n`);
    expect(format).toMatchObject({ id: "qbo_new", system: "qbo" });
    expect(format.columns).toMatchObject({ name: 0, category: 1, type: 2, description: 4, price: 5, quantity: 6 });
  });

  it("recognises a QuickBooks Desktop item list with its leading empty column", () => {
    const format = detect(
      `${QBD},"Active","Inventory Part","FRUTAS:AGUACATE:AVO 48","AGUACATE HASS 48CT",120,"cs",54.00,""\r\n`,
    );
    expect(format).toMatchObject({ id: "qbd_item_list", system: "qbd" });
    expect(format.columns).toEqual({
      activeStatus: 1,
      type: 2,
      name: 3,
      description: 4,
      quantity: 5,
      unit: 6,
      price: 7,
    });
  });

  it("matches headers whatever their case, spacing, punctuation or order", () => {
    const format = detect(" sales   PRICE/rate ,TYPE,  product / service name ,SALES-DESCRIPTION\nx,Inventory,A,B\n");
    expect(format.columns).toEqual({ price: 0, type: 1, name: 2, description: 3 });
    expect(fieldForHeader("Qty On Hand")).toBe("quantity");
    expect(fieldForHeader("Descripción")).toBe("description");
    expect(fieldForHeader("Quantity as-of Date")).toBeNull();
  });

  it("finds the header below report titles", () => {
    const text = [
      "Produce Co LLC",
      "Product/Service List",
      "All Dates",
      "",
      "Product/Service,Type,Description,Price,Cost,Qty On Hand",
      "AVO48,Inventory,AGUACATE HASS 48CT,54.00,46.25,120",
    ].join("\r\n");
    expect(detect(text)).toMatchObject({ id: "qbo_report", headerRecord: 4, headerLine: 5 });
  });

  it("reads tab-separated text (Excel's Unicode Text)", () => {
    const text =
      "Product/Service Name\tSales Description\tType\tSales Price / Rate\r\nAVO48\tAGUACATE HASS 48CT\tInventory\t54.00\r\n";
    expect(detect(text)).toMatchObject({ delimiter: "\t", columns: { name: 0, description: 1, type: 2, price: 3 } });
  });

  it("refuses text without the required QuickBooks columns, naming them", () => {
    expect(detectFormat("Name,Notes\r\nAVO48,whatever\r\n")).toEqual({
      ok: false,
      rejection: { code: "columns_not_found", missing: ["description", "price"], semicolons: false },
    });
  });

  it("says when the columns would be there with semicolons between them", () => {
    const text =
      "Product/Service Name;Sales Description;Type;Sales Price / Rate\r\nAVO48;AGUACATE HASS 48CT;Inventory;54,00\r\n";
    expect(detectFormat(text)).toEqual({
      ok: false,
      rejection: { code: "columns_not_found", missing: ["name", "description", "price"], semicolons: true },
    });
  });
});
