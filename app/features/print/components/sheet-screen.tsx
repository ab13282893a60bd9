import { useMemo, useRef } from "react";
import { Download, Printer } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import type { Lang } from "~/i18n/config";
import { papers, sheetQuery, sheetRoutes, type RejectedOption, type SheetFormat, type SheetOptions } from "../options";
import type { Sheet } from "../sheet";
import { PrintSheet } from "./print-sheet";

type Props = {
  format: SheetFormat;
  title: "printShortList" | "printLongList" | "printSelected";
  staff: boolean;
  kind: "sheet" | "none";
  options: SheetOptions;
  rejected: RejectedOption[];
  lists: Array<{ slug: string; name: string }>;
  sheet: string | null;
  dropped: number;
};

const selectClass =
  "min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900";

/** The options of a sheet, in its URL: changing one shows the sheet again with it. */
function Toolbar({
  format,
  staff,
  options,
  lists,
  printable,
}: Pick<Props, "format" | "staff" | "options" | "lists"> & { printable: boolean }) {
  const { t } = useTranslation("print");
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const onChange = () => {
    if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
  };
  const pdfHref = `${sheetRoutes[format]}.pdf?${sheetQuery(options)}`;
  return (
    <div className="no-print space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900">
      <Form
        noValidate
        ref={form}
        method="get"
        aria-label={t("toolbar.label")}
        className="flex flex-wrap items-end gap-3"
        onChange={onChange}
      >
        {staff && lists.length > 0 ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("toolbar.list")}
            <select name="list" defaultValue={options.list ?? undefined} key={options.list} className={selectClass}>
              {lists.map((l) => (
                <option key={l.slug} value={l.slug}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("toolbar.paper")}
          <select name="paper" defaultValue={options.paper} key={options.paper} className={selectClass}>
            {papers.map((p) => (
              <option key={p} value={p}>
                {t(`toolbar.papers.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("toolbar.images")}
          <select
            name="images"
            defaultValue={options.images ? "1" : "0"}
            key={String(options.images)}
            className={selectClass}
          >
            <option value="0">{t("toolbar.withoutImages")}</option>
            <option value="1">{t("toolbar.withImages")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("toolbar.language")}
          <select name="sheetLang" defaultValue={options.lang} key={options.lang} className={selectClass}>
            {(["en", "es"] as const).map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`toolbar.languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <Button type="submit" variant="secondary">
            {t("toolbar.apply")}
          </Button>
        </noscript>
      </Form>
      {printable ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t("toolbar.print")}
          </Button>
          <a href={pdfHref} download className={buttonClasses("outline")} data-discover="false">
            <Download aria-hidden="true" className="size-4" />
            {t("toolbar.downloadPdf")}
          </a>
        </div>
      ) : null}
    </div>
  );
}

/** The three sheets' links, so a person moves between formats keeping the options. */
function FormatTabs({ format, options }: Pick<Props, "format" | "options">) {
  const { t } = useTranslation("print");
  const query = sheetQuery(options);
  return (
    <nav aria-label={t("toolbar.label")} className="no-print flex flex-wrap gap-2">
      {(["short", "long", "selected"] as const).map((f) => (
        <Link
          key={f}
          to={`${sheetRoutes[f]}?${query}`}
          aria-current={f === format ? "page" : undefined}
          className={buttonClasses(f === format ? "secondary" : "ghost", "sm")}
        >
          {t(`formats.${f}`)}
        </Link>
      ))}
    </nav>
  );
}

function rejectedMessage(t: ReturnType<typeof useTranslation>["t"], r: RejectedOption, options: SheetOptions) {
  const fallback =
    r.option === "paper"
      ? t(`toolbar.papers.${options.paper}`)
      : r.option === "images"
        ? t(options.images ? "toolbar.withImages" : "toolbar.withoutImages").toLocaleLowerCase()
        : t(`rejected.languageNames.${options.lang as Lang}`);
  return t(`rejected.${r.option as "paper" | "images" | "sheetLang"}`, { value: r.value, fallback });
}

export function SheetScreen({ format, title, staff, kind, options, rejected, lists, sheet: packed, dropped }: Props) {
  const { t } = useTranslation(["print", "navigation", "prices"]);
  const sheet = useMemo(() => (packed ? (JSON.parse(packed) as Sheet) : null), [packed]);
  const chooseHref = options.list ? `/pricesprivate/${options.list}` : "/pricesprivate";
  return (
    <div className="site-container space-y-4 py-8 print:m-0 print:max-w-none print:p-0">
      <header className="no-print flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t(title, { ns: "navigation" })}</h1>
        {sheet ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("toolbar.count", { count: sheet.count })}</p>
        ) : null}
      </header>
      <FormatTabs format={format} options={options} />
      {kind === "none" ? (
        <FormAlert tone="info">
          {staff ? t("errors.noLists", { ns: "prices" }) : t("private.noList", { ns: "prices" })}
        </FormAlert>
      ) : (
        <Toolbar format={format} staff={staff} options={options} lists={lists} printable={Boolean(sheet?.count)} />
      )}
      {rejected.length > 0 ? (
        <div className="no-print">
          <FormAlert tone="warning">
            {rejected.map((r) => (
              <p key={r.option}>{rejectedMessage(t, r, options)}</p>
            ))}
          </FormAlert>
        </div>
      ) : null}
      {dropped > 0 ? (
        <div className="no-print">
          <FormAlert tone="info">{t("selection.dropped", { count: dropped })}</FormAlert>
        </div>
      ) : null}
      {sheet && sheet.count === 0 ? (
        <div className="no-print space-y-3">
          <FormAlert tone="info">{format === "selected" ? t("selection.empty") : t("errors.emptyList")}</FormAlert>
          {format === "selected" ? (
            <Link to={chooseHref} className={buttonClasses("primary")}>
              {t("selection.chooseItems")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {sheet && sheet.count > 0 ? (
        // Focusable, so the sheet can be scrolled sideways from the keyboard on a narrow screen.
        <div
          tabIndex={0}
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600 print:overflow-visible"
        >
          <PrintSheet sheet={sheet} label={t("toolbar.preview")} />
        </div>
      ) : null}
      {format === "selected" && sheet && sheet.count > 0 ? (
        <p className="no-print">
          <Link to={chooseHref} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
            {t("selection.chooseItems")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
