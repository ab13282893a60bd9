import type { CSSProperties } from "react";
import { cn } from "~/lib/cn";
import { imageUrl } from "~/lib/images";
import { paperSize } from "../options";
import type { Sheet, SheetRow } from "../sheet";

/** A text as a CSS string: quotes, backslashes, line breaks and `<` escaped, so no value leaves it. */
function cssString(text: string) {
  return `"${text.replace(/[\\"\n\r<>]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/** "Page {{page}} of {{pages}}" as CSS content with the page counters in place. */
function pageOfContent(template: string) {
  return template
    .split(/(\{\{page\}\}|\{\{pages\}\})/)
    .filter((part) => part !== "")
    .map((part) => (part === "{{page}}" ? "counter(page)" : part === "{{pages}}" ? "counter(pages)" : cssString(part)))
    .join(" ");
}

/**
 * The page rules of a sheet: its paper, and the header and footer every printed page carries in
 * its margin boxes (only they know the page number and the count of pages). The sheet is printed
 * on white in the light palette whatever the screen's theme.
 */
function pageStyle(sheet: Sheet) {
  const { text } = sheet;
  const top = `${text.company} · ${text.listName} · ${text.title}`;
  const right = `${text.readAt}\n${text.notice}`;
  const bottom = `${text.phone} · ${text.email} · ${text.hours}\n${text.minimums}`;
  return `@page {
  size: ${sheet.paper};
  margin: 0.75in 0.5in 0.7in;
  @top-left { content: ${cssString(top)}; font: 600 9pt/1.3 Helvetica, Arial, sans-serif; color: #0f172a; white-space: pre-wrap; vertical-align: bottom; padding-bottom: 6pt; }
  @top-right { content: ${cssString(right)}; font: 9pt/1.3 Helvetica, Arial, sans-serif; color: #334155; text-align: right; white-space: pre-wrap; vertical-align: bottom; padding-bottom: 6pt; }
  @bottom-left { content: ${cssString(bottom)}; font: 9pt/1.3 Helvetica, Arial, sans-serif; color: #334155; white-space: pre-wrap; vertical-align: top; padding-top: 6pt; }
  @bottom-right { content: ${pageOfContent(text.pageOf)}; font: 600 9pt/1.3 Helvetica, Arial, sans-serif; color: #0f172a; vertical-align: top; padding-top: 6pt; }
}
@media print {
  :root, :root.dark { color-scheme: light !important; }
  html, body { background: #fff !important; color: #0f172a !important; }
}`;
}

function Thumbnail({ row, size }: { row: SheetRow; size: number }) {
  if (!row.imageKey)
    return <span aria-hidden="true" className="inline-block shrink-0" style={{ width: size, height: size }} />;
  return (
    <img
      src={imageUrl(row.imageKey, 96, "webp")}
      alt=""
      width={size}
      height={size}
      loading="eager"
      decoding="sync"
      className="shrink-0 object-contain"
      style={{ width: size, height: size }}
    />
  );
}

function ShortSheet({ sheet }: { sheet: Sheet }) {
  return (
    <div className="sheet-columns">
      {sheet.sections.map((section) => (
        <section key={section.group} aria-labelledby={`sheet-${section.group}`} className="mb-3">
          <h3
            id={`sheet-${section.group}`}
            className="sheet-heading border-b border-slate-400 pb-0.5 text-[11pt] font-bold"
          >
            {section.title}
          </h3>
          <ul className="divide-y divide-slate-200">
            {section.rows.map((row) => (
              <li key={row.productId} data-product={row.slug} className="sheet-row flex items-center gap-1.5 py-[2pt]">
                {sheet.images ? <Thumbnail row={row} size={16} /> : null}
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <span className="font-medium">{row.name}</span>
                  {row.unitPack ? <span className="text-slate-600"> · {row.unitPack}</span> : null}
                  {row.available ? null : (
                    <span className="ml-1 rounded-sm border border-slate-500 px-0.5 text-[9pt] font-semibold uppercase">
                      {sheet.text.outOfStock}
                    </span>
                  )}
                </span>
                <span className="shrink-0 text-right font-semibold tabular-nums">{row.price}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LongSheet({ sheet }: { sheet: Sheet }) {
  const { columns } = sheet.text;
  return (
    <div>
      {sheet.sections.map((section) => (
        <section key={section.group} aria-labelledby={`sheet-${section.group}`} className="mb-4">
          <h3 id={`sheet-${section.group}`} className="sheet-heading mb-1 text-[12pt] font-bold">
            {section.title}
          </h3>
          <table className="w-full table-fixed border-collapse text-left">
            <colgroup>
              {sheet.images ? <col className="w-[40pt]" /> : null}
              <col />
              <col className="w-[15%]" />
              <col className="w-[19%]" />
              <col className="w-[12%]" />
              <col className="w-[17%]" />
            </colgroup>
            <thead>
              <tr className="border-b-2 border-slate-400 text-[9pt] text-slate-700">
                {sheet.images ? (
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    <span className="sr-only">{columns.image}</span>
                  </th>
                ) : null}
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {columns.product}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {columns.category}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {columns.unit}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">
                  {columns.price}
                </th>
                <th scope="col" className="py-1 font-semibold">
                  {columns.availability}
                </th>
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row) => (
                <tr
                  key={row.productId}
                  data-product={row.slug}
                  className="sheet-row border-b border-slate-200 align-middle"
                >
                  {sheet.images ? (
                    <td className="py-1 pr-2">
                      <Thumbnail row={row} size={32} />
                    </td>
                  ) : null}
                  <th scope="row" className="py-1 pr-2 font-semibold [overflow-wrap:anywhere]">
                    {row.name}
                    {row.otherName ? (
                      <span className="block text-[9pt] font-normal text-slate-600">{row.otherName}</span>
                    ) : null}
                  </th>
                  <td className="py-1 pr-2">{row.category}</td>
                  <td className="py-1 pr-2">{row.unitPack}</td>
                  <td className="py-1 pr-2 text-right font-semibold tabular-nums">{row.price}</td>
                  <td className={row.available ? "py-1" : "py-1 font-semibold uppercase"}>
                    {row.available ? sheet.text.inStock : sheet.text.outOfStock}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

/**
 * The sheet as it prints: on screen a white page of the chosen paper's width with its header,
 * in print only the sheet, with the header and footer on every page.
 */
export function PrintSheet({ sheet, label }: { sheet: Sheet; label: string }) {
  const { text } = sheet;
  const size = paperSize[sheet.paper];
  return (
    <>
      <style>{pageStyle(sheet)}</style>
      <article
        aria-label={label}
        lang={sheet.lang}
        data-paper={sheet.paper}
        className={cn(
          // The long table keeps its columns on a phone: the page scrolls sideways, as a sheet would.
          sheet.layout === "long" && "min-w-[6.5in] print:min-w-0",
          "mx-auto max-w-(--paper-width) bg-white p-4 text-[10pt] leading-snug text-slate-900 shadow-lg ring-1 ring-slate-200 sm:min-h-(--paper-height) sm:p-[0.5in] print:min-h-0 print:max-w-none print:p-0 print:shadow-none print:ring-0",
        )}
        style={{ "--paper-width": `${size.width / 72}in`, "--paper-height": `${size.height / 72}in` } as CSSProperties}
      >
        <header className="mb-3 flex flex-wrap items-end justify-between gap-2 border-b-2 border-slate-900 pb-2">
          <div>
            <p className="text-[9pt] font-semibold uppercase tracking-wide text-slate-700">{text.company}</p>
            <h2 className="text-[16pt] font-bold leading-tight">{text.listName}</h2>
            <p className="text-[10pt] text-slate-700">{text.title}</p>
          </div>
          <div className="text-right text-[9pt] text-slate-700 print:hidden">
            <p>{text.readAt}</p>
            <p className="font-semibold">{text.notice}</p>
          </div>
        </header>
        {sheet.layout === "short" ? <ShortSheet sheet={sheet} /> : <LongSheet sheet={sheet} />}
        <footer className="mt-4 border-t border-slate-300 pt-2 text-[9pt] text-slate-700 print:hidden">
          <p>
            {text.phone} · {text.email} · {text.hours}
          </p>
          <p>{text.minimums}</p>
        </footer>
      </article>
    </>
  );
}
