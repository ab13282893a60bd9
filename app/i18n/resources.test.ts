import { describe, expect, it, vi } from "vitest";
import { namespaces, resolveLang } from "./config";
import { createI18n } from "./instance";
import { resources } from "./resources";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string) {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
}

function leaves(value: unknown, prefix = ""): Array<[string, string]> {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe("translations", () => {
  it.each(namespaces)("en and es have the same keys in %s", (ns) => {
    expect(keysOf(resources.es[ns]).sort()).toEqual(keysOf(resources.en[ns]).sort());
  });

  it.each(namespaces)("en and es use the same placeholders in %s", (ns) => {
    const es = new Map(leaves(resources.es[ns]));
    for (const [key, text] of leaves(resources.en[ns])) {
      expect(placeholders(es.get(key) ?? ""), `${ns}:${key}`).toEqual(placeholders(text));
    }
  });

  it("keeps the specification's Spanish texts for the error page and boundary", () => {
    const t = createI18n("es").t;
    expect(t("routeError.fallbackMessage")).toBe("Ocurrió un error inesperado");
    expect(t("routeError.tryAgain")).toBe("Intentar de nuevo");
    expect(t("routeError.backHome")).toBe("Volver a la página principal");
    expect(t("boundary.heading")).toBe("Algo salió mal.");
    expect(t("boundary.details")).toBe("Ver detalles del error");
  });

  it("substitutes {{name}} placeholders", () => {
    const t = createI18n("en").t;
    expect(t("navigation:footer.since", { year: 2013 })).toBe("Serving South Florida since 2013");
  });

  it("writes a number in a sentence as the site writes numbers, in both languages, but not a year", () => {
    const es = createI18n("es").getFixedT("es", "prices");
    expect(es("editor.shown", { shown: 1200, total: 15000 })).toBe("1,200 de 15,000 productos a la vista");
    expect(es("editor.selectShown", { count: 1500 })).toBe("Seleccionar todo lo que se muestra (1,500)");
    const en = createI18n("en").getFixedT("en", "prices");
    expect(en("editor.shown", { shown: 1200, total: 15000 })).toBe("1,200 of 15,000 products shown");
    expect(createI18n("es").t("navigation:footer.since", { year: 2013 })).toMatch(/2013/);
    // The plural is chosen from the number itself, not from the written one.
    const activity = createI18n("es").getFixedT("es", "activity");
    expect(activity("list.count", { count: 1 })).toBe("1 entrada");
    expect(activity("list.count", { count: 1500 })).toBe("1,500 entradas");
  });

  it("falls back to the default value, else shows the key with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const i18n = createI18n("es");
    const t = i18n.t as unknown as (key: string, options?: { defaultValue?: string }) => string;
    expect(t("no.such.key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(warn).not.toHaveBeenCalled();
    expect(t("no.such.key")).toBe("no.such.key");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no.such.key"));
    warn.mockRestore();
  });
});

describe("resolveLang", () => {
  const url = (q = "") => new URL(`http://x/${q}`);
  it("prefers ?lang, then the cookie, then Accept-Language, then English", () => {
    expect(resolveLang(url("?lang=es"), "en", "en-US")).toBe("es");
    expect(resolveLang(url(), "es", "en-US")).toBe("es");
    expect(resolveLang(url(), undefined, "fr-FR,es;q=0.8,en;q=0.5")).toBe("es");
    expect(resolveLang(url(), undefined, "fr-FR")).toBe("en");
    expect(resolveLang(url("?lang=de"), "xx", null)).toBe("en");
  });
});
