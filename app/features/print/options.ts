import { isLang, type Lang } from "~/i18n/config";
import { isSlug } from "~/lib/slug";

/** The three printouts of the specification; the selected one uses the long layout. */
export const sheetFormats = ["short", "long", "selected"] as const;
export type SheetFormat = (typeof sheetFormats)[number];
export type SheetLayout = "short" | "long";

export function layoutOf(format: SheetFormat): SheetLayout {
  return format === "short" ? "short" : "long";
}

/** "Print formats: 8.5x11 and 8.5x14": US Letter and US Legal, in PostScript points (72 a inch). */
export const papers = ["letter", "legal"] as const;
export type Paper = (typeof papers)[number];
export const paperSize: Record<Paper, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  legal: { width: 612, height: 1008 },
};

export function isPaper(value: unknown): value is Paper {
  return typeof value === "string" && (papers as readonly string[]).includes(value);
}

export const sheetRoutes: Record<SheetFormat, string> = {
  short: "/prices-short",
  long: "/prices-long",
  selected: "/prices-selected",
};

export type SheetOptions = { list: string | null; paper: Paper; images: boolean; lang: Lang };

/** What a person chose last time, or the defaults: Letter, no pictures, the reader's language. */
export type SheetDefaults = SheetOptions;

type OptionName = "paper" | "images" | "sheetLang" | "list";

/** A value in the query that named no option: it is said on the sheet, and the default is used. */
export type RejectedOption = { option: OptionName; value: string };

/**
 * The options in a sheet's URL (`?list=…&paper=legal&images=1&sheetLang=es`), each falling back to
 * the person's defaults when absent. A value that names nothing is reported rather than refused, so
 * a mistyped bookmark still prints. The sheet's language has a name of its own because `?lang` on
 * any URL is the reader's language and is remembered for the whole site
 * (docs/decisions/005-language-precedence.md); a URL with only `?lang` prints in that language too
 * (docs/decisions/020-printed-price-sheets.md).
 */
export function parseSheetOptions(params: URLSearchParams, defaults: SheetDefaults) {
  const rejected: RejectedOption[] = [];
  const read = (name: OptionName | "lang") => {
    const value = params.get(name);
    return value === null || value.trim() === "" ? null : value.trim();
  };
  const paperValue = read("paper");
  const imagesValue = read("images");
  const langValue = read("sheetLang") ?? read("lang");
  const listValue = read("list");

  let paper = defaults.paper;
  if (paperValue !== null) {
    if (isPaper(paperValue.toLowerCase())) paper = paperValue.toLowerCase() as Paper;
    else rejected.push({ option: "paper", value: paperValue });
  }
  let images = defaults.images;
  if (imagesValue !== null) {
    if (imagesValue === "1" || imagesValue === "true") images = true;
    else if (imagesValue === "0" || imagesValue === "false") images = false;
    else rejected.push({ option: "images", value: imagesValue });
  }
  let lang = defaults.lang;
  if (langValue !== null) {
    if (isLang(langValue)) lang = langValue;
    else rejected.push({ option: "sheetLang", value: langValue });
  }
  let list = defaults.list;
  if (listValue !== null) {
    if (isSlug(listValue)) list = listValue;
    else rejected.push({ option: "list", value: listValue });
  }
  const given = {
    paper: paperValue !== null,
    images: imagesValue !== null,
    lang: langValue !== null,
    list: listValue !== null,
  };
  return { options: { list, paper, images, lang } satisfies SheetOptions, rejected, given };
}

/** The query that opens a sheet with these options; the list is left out when there is none. */
export function sheetQuery(options: SheetOptions) {
  const params = new URLSearchParams();
  if (options.list) params.set("list", options.list);
  params.set("paper", options.paper);
  params.set("images", options.images ? "1" : "0");
  params.set("sheetLang", options.lang);
  return params.toString();
}

/** The format a sheet's path names: /prices-short, /prices-long.pdf, /prices-selected.data… */
export function sheetFormatOf(pathname: string): SheetFormat | null {
  const match = /^\/prices-(short|long|selected)(?:\.pdf|\.data)?\/?$/.exec(pathname);
  return match ? (match[1] as SheetFormat) : null;
}

/** Where the print selection is changed (a JSON endpoint of its own). */
export const SELECTION_PATH = "/prices-selected/selection";
