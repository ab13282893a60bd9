// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { en, resources } from "~/i18n/resources";
import { FINAL_STATUSES, type FinalStatus } from "../../engine/statuses";
import { ImportSummary, type ImportSummaryCounts } from "./import-summary";
import { ResultsTable, type ShownRowResult } from "./results-table";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

async function render(lang: Lang, element: React.ReactNode) {
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>,
    );
  });
}

function result(over: Partial<ShownRowResult> & { row: number }): ShownRowResult {
  return {
    batch: 1,
    line: over.row + 1,
    item: `ITEM ${over.row}`,
    quickbooksId: null,
    name: null,
    nameEs: null,
    category: null,
    packValue: null,
    packUnit: null,
    unit: null,
    priceCents: null,
    sku: null,
    quantity: null,
    productId: null,
    action: "created",
    match: "new",
    candidates: [],
    namedBy: "engine",
    aiStatus: "success",
    dbProductStatus: "success",
    dbPriceStatus: "success",
    finalStatus: "success",
    messages: [],
    ...over,
  };
}

/** One row per final status, then many successes: 13 + 100 rows. */
function sampleRows(): ShownRowResult[] {
  const rows: ShownRowResult[] = FINAL_STATUSES.map((finalStatus, i) =>
    result({
      row: i + 1,
      item: i === 0 ? '=HYPERLINK("http://x","y")' : `ITEM ${i + 1}`,
      name: i === 0 ? "<img src=x onerror=alert(1)>" : `Name ${i + 1}`,
      productId: i % 2 === 0 ? `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` : null,
      product:
        i % 2 === 0 ? { slug: `product-${i}`, name: `Product ${i}`, nameEs: `Producto ${i}`, archived: i === 4 } : null,
      packValue: i === 0 ? 48 : null,
      packUnit: i === 0 ? "ct" : null,
      priceCents: i === 0 ? 5400 : null,
      aiStatus: "success",
      dbProductStatus: finalStatus === "error_db_product" ? "error" : "success",
      dbPriceStatus: finalStatus === "error_db_price" ? "error" : "success",
      finalStatus,
      messages:
        finalStatus === "skipped_service_item"
          ? [{ code: "service_item", severity: "info", params: { type: "Service" } }]
          : [],
    }),
  );
  for (let i = 0; i < 100; i++) rows.push(result({ row: rows.length + 1, item: `BULK ${i}`, name: `Bulk ${i}` }));
  return rows;
}

const bodyRows = () => [...container.querySelectorAll("tbody tr")];
const filter = () => container.querySelector("select") as HTMLSelectElement;

async function choose(status: FinalStatus | "all") {
  await act(async () => {
    const select = filter();
    select.value = status;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function button(name: string) {
  const found = [...container.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no "${name}" button`);
  return found;
}

async function click(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

describe("ResultsTable", () => {
  it.each(["en", "es"] as const)("shows every final status in words, 50 rows a page, in %s", async (lang) => {
    await render(
      lang,
      <ResultsTable rows={sampleRows()} heading="Results" downloadName="wholesale" modelConfigured={false} />,
    );
    const finals = (resources[lang].import as typeof en.import).statuses.final;
    expect(bodyRows()).toHaveLength(50);
    const shown = bodyRows().map((tr) => tr.children[8].textContent);
    for (const word of Object.values(finals)) expect(shown).toContain(word);
    // Every filter option but "all" is a status present, with its count.
    const options = [...filter().options].map((o) => o.textContent);
    expect(options).toHaveLength(14);
    expect(options[0]).toBe(lang === "en" ? "All statuses (113)" : "Todos los estados (113)");
    expect(options).toContain(`${finals.success} (101)`);
    const pager = container.querySelector("nav")!;
    expect(pager.textContent).toContain(lang === "en" ? "Page 1 of 3" : "Página 1 de 3");
  });

  it.each([
    ["en", false, "Name understood", "Status"],
    ["en", true, "AI-processed name", "AI status"],
    ["es", false, "Nombre interpretado", "Estado"],
    ["es", true, "Nombre procesado por IA", "Estado de IA"],
  ] as const)("in %s with a model configured %s, names the columns %s and %s", async (lang, model, name, status) => {
    await render(lang, <ResultsTable rows={sampleRows()} heading="Results" downloadName="x" modelConfigured={model} />);
    const headers = [...container.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toContain(name);
    expect(headers).toContain(status);
    if (!model) expect(container.textContent).not.toMatch(/\b(AI|IA)\b/);
  });

  it("lets a QuickBooks Desktop item's path wrap after each colon, in the table and on its card", async () => {
    const rows = [result({ row: 1, item: "FRUTAS:AGUACATE:AVO 48" })];
    await render("en", <ResultsTable rows={rows} heading="Results" downloadName="x" modelConfigured={false} />);
    for (const shown of [
      container.querySelector("tbody tr")!.children[1],
      container.querySelector("li p span + span")!,
    ]) {
      expect(shown.textContent).toBe("FRUTAS:AGUACATE:AVO 48");
      expect(shown.querySelectorAll("wbr")).toHaveLength(2);
    }
  });

  it("escapes markup and keeps formulas as text", async () => {
    await render(
      "en",
      <ResultsTable rows={sampleRows()} heading="Results" downloadName="wholesale" modelConfigured={false} />,
    );
    const first = bodyRows()[0];
    expect(first.children[1].textContent).toBe('=HYPERLINK("http://x","y")');
    expect(first.children[2].textContent).toBe("<img src=x onerror=alert(1)>");
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows the row's message, action and database statuses", async () => {
    await render(
      "en",
      <ResultsTable rows={sampleRows()} heading="Results" downloadName="wholesale" modelConfigured={false} />,
    );
    const service = container.querySelector('tr[data-status="skipped_service_item"]')!;
    expect(service.children[9].textContent).toBe("Skipped: type Service is not a stocked product.");
    expect(service.children[7].textContent).toBe("New");
    const priceError = container.querySelector('tr[data-status="error_db_price"]')!;
    expect([...priceError.children].slice(4, 7).map((c) => c.textContent)).toEqual(["Processed", "Saved", "Error"]);
  });

  it.each([
    ["en", "Product 0", "(opens in a new tab)"],
    ["es", "Producto 0", "(se abre en una pestaña nueva)"],
  ] as const)(
    "shows the product by its name in %s, linking to its page beside the preview",
    async (lang, name, newTab) => {
      await render(
        lang,
        <ResultsTable rows={sampleRows()} heading="Results" downloadName="x" modelConfigured={false} />,
      );
      const cell = (row: number) => container.querySelector(`tr[data-row="${row}"]`)!.children[3];
      const link = cell(1).querySelector("a")!;
      expect(link.textContent).toBe(`${name} ${newTab}`);
      expect(link.getAttribute("href")).toBe("/products/product-0");
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener");
      expect(cell(1).textContent).not.toContain("00000000-");
      // An archived product has no page: the products screen finds it.
      expect(cell(5).querySelector("a")!.getAttribute("href")).toBe("/products/manage?status=archived&q=product-4");
      expect(cell(2).textContent).toBe("—");
    },
  );

  it.each(["en", "es"] as const)("shows each row as a card below the table's width, in %s", async (lang) => {
    await render(lang, <ResultsTable rows={sampleRows()} heading="Results" downloadName="x" modelConfigured={false} />);
    const cards = container.querySelector('[data-testid="result-cards"]')!;
    // Only one of the two is displayed: the cards below `md`, the table from it up.
    expect(cards.className).toContain("md:hidden");
    expect(container.querySelector('[role="region"]')!.parentElement!.className).toContain("hidden md:block");
    expect(cards.getAttribute("aria-label")).toBe("Results");
    expect(cards.querySelectorAll(":scope > li")).toHaveLength(50);
    const first = cards.querySelector('li[data-row="1"]')!;
    const facts = Object.fromEntries(
      [...first.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    const en = lang === "en";
    expect(first.textContent).toContain('=HYPERLINK("http://x","y")');
    expect(first.textContent).toContain(en ? "Success" : "Correcto");
    expect(facts).toMatchObject({
      [en ? "Name understood" : "Nombre interpretado"]: "<img src=x onerror=alert(1)>",
      [en ? "Pack" : "Empaque"]: en ? "48 ct" : "48 unidades",
      [en ? "Price" : "Precio"]: "$54.00",
      [en ? "Action" : "Acción"]: en ? "New" : "Nuevo",
    });
    expect(first.querySelector("a")!.getAttribute("href")).toBe("/products/product-0");
    const service = cards.querySelector('li[data-status="skipped_service_item"]')!;
    expect(service.textContent).toContain(
      en
        ? "Skipped: type Service is not a stocked product."
        : "Omitido: el tipo Service no es un producto en inventario.",
    );
  });

  it("filters by status, pages through the rows, and starts again at page 1 on a new filter", async () => {
    await render(
      "en",
      <ResultsTable rows={sampleRows()} heading="Results" downloadName="wholesale" modelConfigured={false} />,
    );
    await click(button("Next page"));
    expect(bodyRows()[0].getAttribute("data-row")).toBe("51");
    expect(container.textContent).toContain("Rows 51–100 of 113");
    await click(button("Next page"));
    expect(bodyRows()).toHaveLength(13);
    // The last page keeps its Next button, focusable and said to be disabled, and it does nothing.
    expect(button("Next page").getAttribute("aria-disabled")).toBe("true");
    await click(button("Next page"));
    expect(bodyRows()).toHaveLength(13);
    await click(button("Previous page"));
    expect(bodyRows()[0].getAttribute("data-row")).toBe("51");
    await choose("error_db_product");
    expect(bodyRows().map((tr) => tr.getAttribute("data-status"))).toEqual(["error_db_product"]);
    expect(container.querySelector("nav")).toBeNull();
    await choose("success");
    expect(container.textContent).toContain("Rows 1–50 of 101");
    await choose("all");
    expect(container.textContent).toContain("Rows 1–50 of 113");
  });

  it("downloads the filtered rows, all pages, as CSV with formulas neutralised", async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:results";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await render(
      "en",
      <ResultsTable rows={sampleRows()} heading="Results" downloadName="wholesale" modelConfigured={false} />,
    );
    await click(button("Download CSV"));
    expect(names).toEqual(["import-results-wholesale.csv"]);
    const all = await blobs[0].text();
    expect(all.trimEnd().split("\r\n")).toHaveLength(114);
    expect(all.split("\r\n")[0]).toContain(",Action,Status,Product in database,");
    expect(all).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);

    await choose("success");
    await click(button("Download CSV"));
    expect(names[1]).toBe("import-results-wholesale-success.csv");
    const lines = (await blobs[1].text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(102);
    expect(lines.slice(1).every((line) => line.includes(",Success,"))).toBe(true);
  });
});

describe("ImportSummary", () => {
  const counts: ImportSummaryCounts = {
    totalProcessed: 69,
    created: 46,
    updated: 1,
    unchanged: 1,
    errors: 0,
    processedInactive: 2,
    invalidRowsSkipped: 21,
    successCount: 48,
    errorCount: 0,
  };

  it.each([
    [
      "en",
      [
        ["Total processed", "69"],
        ["New", "46"],
        ["Updated", "1"],
        ["Unchanged (skipped)", "1"],
        ["Errors", "0"],
        ["Processed as inactive", "2"],
        ["Invalid rows skipped", "21"],
        ["Successful rows", "48"],
        ["Rows with errors", "0"],
      ],
    ],
    [
      "es",
      [
        ["Total procesado", "69"],
        ["Nuevos", "46"],
        ["Actualizados", "1"],
        ["Sin cambios (omitidos)", "1"],
        ["Errores", "0"],
        ["Procesados como inactivos", "2"],
        ["Filas no válidas omitidas", "21"],
        ["Filas correctas", "48"],
        ["Filas con errores", "0"],
      ],
    ],
  ] as const)("shows every count of the summary in %s", async (lang, expected) => {
    await render(lang, <ImportSummary counts={counts} />);
    const pairs = [...container.querySelectorAll("dl > div")].map((d) => [
      d.querySelector("dt")!.textContent,
      d.querySelector("dd")!.textContent,
    ]);
    expect(pairs).toEqual(expected);
    expect(container.querySelector("h3")!.textContent).toBe(lang === "en" ? "Summary" : "Resumen");
  });

  it("formats large counts for the reader", async () => {
    await render("es", <ImportSummary counts={{ ...counts, totalProcessed: 60_000 }} />);
    expect(container.querySelector('[data-count="totalProcessed"] dd')!.textContent).toBe("60,000");
  });
});
