import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import "./instance";
import { i18nFor, i18nFromTranslations } from "./store";
import { useTranslation } from "./use-translation";

const seen: unknown[] = [];

function Texts() {
  const { t } = useTranslation();
  const { t: catalog } = useTranslation("catalog");
  const { t: both, i18n } = useTranslation(["prices", "catalog"]);
  seen.push(catalog);
  return (
    <p>
      {[
        t("loading"),
        catalog("products.results", { count: 1 }),
        catalog("products.results", { count: 3 }),
        both("catalog:categories.fruits"),
        t("units.bag", { ns: "catalog" }),
        catalog("units.crate-of-42" as "units.bag", "caja de 42"),
        i18n.language,
      ].join(" | ")}
    </p>
  );
}

const render = (lang: "en" | "es") =>
  renderToString(
    <I18nextProvider i18n={i18nFor(lang)}>
      <Texts />
    </I18nextProvider>,
  );

describe("useTranslation", () => {
  it("translates in the provider's language with the namespaces asked for, options and defaults included", () => {
    expect(render("es")).toBe("<p>Cargando… | 1 producto | 3 productos | Frutas | bolsa | caja de 42 | es</p>");
    expect(render("en")).toContain("Loading… | 1 product | 3 products | Fruits | bag | caja de 42 | en");
  });

  it("gives every component the same translator for a language and namespaces", () => {
    seen.length = 0;
    render("es");
    render("es");
    render("en");
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it("looks a text up again once more translations arrive", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const i18n = i18nFromTranslations("en", { general: { loading: "Loading…" } });
    function Both() {
      const { t } = useTranslation();
      return <p>{`${t("loading")} ${t("skipToContent")}`}</p>;
    }
    const page = () =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Both />
        </I18nextProvider>,
      );
    expect(page()).toBe("<p>Loading… skipToContent</p>");
    i18n.addResourceBundle("en", "general", { skipToContent: "Skip to content" }, true, true);
    expect(page()).toBe("<p>Loading… Skip to content</p>");
    warn.mockRestore();
  });
});
