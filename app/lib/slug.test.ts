import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugify } from "./slug";

describe("price list slugs", () => {
  it("are lowercase ASCII words joined by hyphens", () => {
    expect(slugify("Restaurantes Miami – Año 2026")).toBe("restaurantes-miami-ano-2026");
    expect(slugify("  <script>alert(1)</script> ")).toBe("script-alert-1-script");
    expect(slugify("¡¿!")).toBe("list");
  });
  it("are numbered on collision and never a reserved word", () => {
    expect(firstFreeSlug("hotels", new Set())).toBe("hotels");
    expect(firstFreeSlug("hotels", new Set(["hotels", "hotels-2"]))).toBe("hotels-3");
    expect(firstFreeSlug("manage", new Set())).toBe("manage-2");
  });
});
