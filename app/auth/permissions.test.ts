import { describe, expect, it } from "vitest";
import { can, isRole, permissionTable, privateRoutes } from "./permissions";

describe("the permission table", () => {
  it("gives staff the catalogue, price, import and export work", () => {
    for (const p of ["products:manage", "prices:manage", "import:run", "export:run"] as const) {
      expect(can({ role: "admin" }, p)).toBe(true);
      expect(can({ role: "seller" }, p)).toBe(true);
      expect(can({ role: "customer" }, p)).toBe(false);
    }
  });

  it("keeps user management and the activity log to admins", () => {
    expect(can({ role: "admin" }, "users:manage")).toBe(true);
    expect(can({ role: "seller" }, "users:manage")).toBe(false);
    expect(can({ role: "seller" }, "activity:view")).toBe(false);
  });

  it("grants nothing to anonymous visitors", () => {
    for (const p of Object.keys(permissionTable) as Array<keyof typeof permissionTable>) {
      expect(can(null, p)).toBe(false);
    }
  });

  it("names a permission for every private route", () => {
    for (const r of privateRoutes) expect(permissionTable[r.permission]).toBeDefined();
  });

  it("recognises only the three roles", () => {
    expect(isRole("admin")).toBe(true);
    expect(isRole("superuser")).toBe(false);
    expect(isRole(null)).toBe(false);
  });
});
