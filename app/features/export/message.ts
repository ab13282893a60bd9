import { groupOf, orderedGroups, type CategoryGroup } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { formatDateTime } from "~/components/ui/date-time";
import type { BuyerItem } from "~/features/price-lists/buyer-items";
import type { Lang } from "~/i18n/config";
import { formatMoney } from "~/lib/money";

/**
 * Characters (JS string length) per part, title included. WhatsApp accepts much longer messages
 * but shows a long one folded behind "Read more"; parts this size read on a phone without that,
 * and a buyer can forward the one that matters to them.
 */
export const MESSAGE_PART_LIMIT = 3500;

/** One item of the list as the database gives it, in both languages; a message shows no pictures. */
export type MessageItem = Omit<BuyerItem, "imageKey">;

export type MessageOptions = {
  lang: Lang;
  /** null: every category. */
  categories: CategoryGroup[] | null;
  onlyAvailable: boolean;
  showPack: boolean;
  markChanges: boolean;
  includeLink: boolean;
  greeting: string;
  closing: string;
};

export type MessageInput = {
  /** A translator in `options.lang`. */
  t: (key: string, options?: Record<string, unknown>) => string;
  options: MessageOptions;
  list: { slug: string; name: string };
  site: { name: string; phone: string; baseUrl: string };
  items: readonly MessageItem[];
  /** productId → cents quoted in the last export of this list; null when there was none. */
  previous: ReadonlyMap<string, number | null> | null;
  now: Date;
};

export type BuiltMessage = {
  /** What the seller sends, one chat message each; `[text]` when it fits in one. */
  parts: string[];
  /** The whole message, unsplit. */
  text: string;
  length: number;
  /** productId → cents of every product in the message: what the next export compares with. */
  quoted: Record<string, number | null>;
  /**
   * Products in the message, and how many of their prices went up or down since the last export
   * (counted whether or not the message marks them, so the screen can say so either way).
   */
  counts: { products: number; up: number; down: number };
};

/**
 * Look-alikes for WhatsApp's markers, so a name reads as typed but can never start or end bold,
 * italic, strike or monospace. Each is narrow like the original and in the fonts phones ship:
 * U+2217 ASTERISK OPERATOR, U+02CD MODIFIER LETTER LOW MACRON (the fullwidth low line is twice as
 * wide in Latin text), U+223C TILDE OPERATOR, U+02CB MODIFIER LETTER GRAVE ACCENT.
 */
const lookAlike: Record<string, string> = { "*": "\u2217", _: "\u02cd", "~": "\u223c", "`": "\u02cb" };
const markers = /[*_~`]/g;

/**
 * Line breaks, and what draws nothing or reorders a line: controls, format characters (bidi marks
 * and isolates, zero-width spaces and joiners, soft hyphens, tags), lone surrogates, and the
 * Hangul fillers and grapheme joiner people use to fake blank names.
 */
const invisible = /\r\n?|[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0]/gu;
const pictographic = /\p{Extended_Pictographic}/u;
const emojiTail = /[\ufe0f\p{Emoji_Modifier}]/u;
const BLACK_FLAG = 0x1f3f4;

function codePointBefore(text: string, at: number) {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return { char: String.fromCodePoint(text.codePointAt(start)!), start };
}

/** A zero-width joiner between two emoji holds a family or a job together (👩‍🌾): it stays. */
function joinsEmoji(text: string, at: number) {
  let before = codePointBefore(text, at);
  if (before && emojiTail.test(before.char)) before = codePointBefore(text, before.start);
  const after = text.codePointAt(at + 1);
  return (
    !!before && pictographic.test(before.char) && after !== undefined && pictographic.test(String.fromCodePoint(after))
  );
}

/** Tag characters after a black flag spell a subdivision's flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿): they stay. */
function inFlag(text: string, at: number) {
  let before = codePointBefore(text, at);
  while (before && before.char.codePointAt(0)! >= 0xe0020 && before.char.codePointAt(0)! <= 0xe007f)
    before = codePointBefore(text, before.start);
  return before?.char.codePointAt(0) === BLACK_FLAG;
}

function dropInvisible(char: string, at: number, text: string) {
  if (char === "\r\n" || char === "\r" || char === "\n" || char === "\u2028" || char === "\u2029") return "\n";
  if (char === "\t" || char === "\v" || char === "\f" || char === "\u0085") return " ";
  if (char === "\u200d") return joinsEmoji(text, at) ? char : "";
  const code = char.codePointAt(0)!;
  if (code >= 0xe0020 && code <= 0xe007f) return inFlag(text, at) ? char : "";
  return "";
}

/**
 * Text from people (names, the greeting) made safe to put in the message: WhatsApp's markers
 * become look-alikes, and invisible characters go, except those that hold an emoji together.
 * Line breaks stay, as "\n"; tabs become spaces.
 */
export function neutraliseMarkers(text: string): string {
  return text.replace(invisible, dropInvisible).replace(markers, (marker) => lookAlike[marker]);
}

/** A name: one line, its whitespace collapsed. */
function oneLine(text: string) {
  return neutraliseMarkers(text).replace(/\s+/g, " ").trim();
}

/** The greeting or closing as typed, its line breaks kept, at most two blank lines in a row. */
function paragraphs(text: string): string[] {
  const lines = neutraliseMarkers(text)
    .split("\n")
    .map((line) => line.trimEnd());
  const kept: string[] = [];
  let blank = 0;
  for (const line of lines) {
    blank = line === "" ? blank + 1 : 0;
    if (blank > 2 || (line === "" && kept.length === 0)) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === "") kept.pop();
  return kept;
}

const headingEmoji: Record<CategoryGroup, string> = {
  vegetables: "🥬",
  fruits: "🍎",
  herbs: "🌿",
  dry_produce: "🥜",
  others: "📦",
  uncategorized: "🛒",
};

/**
 * Rows that travel together, split between rows only when they must; a heading, when the block has
 * one, repeats (marked) on every part it spans. A row may hold several lines that never part.
 */
type Block = { heading: string | null; continued: string | null; rows: string[] };

function textOf(block: Block) {
  const rows = block.rows.join("\n");
  return block.heading === null ? rows : rows ? `${block.heading}\n${rows}` : block.heading;
}

const joiner = /[\p{M}\u200d\p{Emoji_Modifier}\u{e0020}-\u{e007f}]/u;

/** Where a hard cut may fall at or before `at` without splitting a character or an emoji. */
function cutPoint(text: string, at: number) {
  let cut = at;
  for (let steps = 0; cut > 1 && steps < 32; steps++) {
    const code = text.charCodeAt(cut);
    const splitsPair = code >= 0xdc00 && code <= 0xdfff;
    if (!splitsPair && !joiner.test(String.fromCodePoint(text.codePointAt(cut)!)) && text[cut - 1] !== "\u200d") break;
    cut--;
  }
  return cut > 0 ? cut : at;
}

/** A line too long for any part, cut at the last whitespace that fits, or hard when there is none. */
function cutLine(line: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > width) {
    let at = width;
    while (at > 0 && !/\s/.test(rest[at])) at--;
    if (at > 0) {
      pieces.push(rest.slice(0, at).trimEnd());
      rest = rest.slice(at + 1).trimStart();
    } else {
      at = cutPoint(rest, width);
      pieces.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
  }
  pieces.push(rest);
  return pieces.filter((piece) => piece !== "");
}

function cutBlock(block: Block, width: number): Block {
  if (block.rows.every((row) => row.length <= width)) return block;
  return { ...block, rows: block.rows.flatMap((row) => (row.length <= width ? [row] : cutLine(row, width))) };
}

/**
 * Blocks into parts, each at most `limit` with its header: a block goes whole into the current
 * part, else whole into the next, else row by row. Bodies only; the caller adds the headers,
 * whose lengths `headerLength` gives. Every row must fit an empty part with its block's heading.
 */
function pack(blocks: readonly Block[], headerLength: (part: number) => number, limit: number): string[][] {
  const parts: string[][] = [];
  let body: string[] = [];
  let used = headerLength(0);
  const room = () => limit - used - 2;
  const put = (text: string) => {
    body.push(text);
    used += 2 + text.length;
  };
  const nextPart = () => {
    parts.push(body);
    body = [];
    used = headerLength(parts.length);
  };

  for (const block of blocks) {
    const whole = textOf(block);
    if (whole.length <= room()) {
      put(whole);
      continue;
    }
    if (body.length > 0 && whole.length <= limit - headerLength(parts.length + 1) - 2) {
      nextPart();
      put(whole);
      continue;
    }
    let lines: string[] = [];
    let length = -1;
    let rows = 0;
    let headingShown = false;
    const begin = () => {
      const heading = block.heading === null ? null : headingShown ? block.continued : block.heading;
      lines = heading ? [heading] : [];
      length = heading ? heading.length : -1;
      rows = 0;
    };
    const add = (row: string) => {
      lines.push(row);
      length += 1 + row.length;
      rows++;
    };
    const flush = () => {
      while (rows > 0 && lines[lines.length - 1] === "") {
        lines.pop();
        rows--;
      }
      // A heading alone at the foot of a part would announce rows that are not there: it moves on.
      if (rows === 0) return;
      put(lines.join("\n"));
      headingShown = block.heading !== null;
    };
    begin();
    for (const row of block.rows) {
      if (row === "" && rows === 0) continue;
      if (length + 1 + row.length <= room()) {
        add(row);
        continue;
      }
      flush();
      if (body.length > 0) nextPart();
      begin();
      if (row !== "") add(row);
    }
    flush();
  }
  parts.push(body);
  return parts;
}

/**
 * The price message for a chat: title, date and greeting; one section per category (in the
 * alphabetical order of the message's language, Uncategorized last), products by name; then the
 * closing, the link, and how to order. Names are data: none of them can switch formatting on, so
 * the title, headings and our italic marks are the only formatting in it. Longer than
 * MESSAGE_PART_LIMIT, it comes in numbered parts, split between categories where it can.
 */
export function buildMessage(input: MessageInput): BuiltMessage {
  const { t, options } = input;
  const lang = options.lang;
  const ns = { ns: "chat-export" };
  const categoryLabel = (group: CategoryGroup) => t(`categories.${group}`, { ns: "catalog" });
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  const wanted = options.categories ? new Set<CategoryGroup>(options.categories) : null;

  type Row = { item: MessageItem; name: string; cents: number };
  const byGroup = new Map<CategoryGroup, Row[]>();
  for (const item of input.items) {
    // A price message cannot quote "ask us": an item without a price is not in it at all.
    if (item.priceCents === null) continue;
    if (options.onlyAvailable && !item.available) continue;
    const group = groupOf(item.category);
    if (wanted && !wanted.has(group)) continue;
    const en = oneLine(item.nameEn);
    const es = oneLine(item.nameEs);
    const name = (lang === "es" ? es || en : en || es) || oneLine(item.slug);
    const row: Row = { item, name, cents: item.priceCents };
    const rows = byGroup.get(group);
    if (rows) rows.push(row);
    else byGroup.set(group, [row]);
  }

  // Fixed words once, not once per product: a list has thousands of rows and a handful of labels.
  const unitAndPack = unitAndPackLabeler(t, lang);
  const packs = new Map<string, string>();
  const packOf = (item: MessageItem) => {
    const raw = unitAndPack(item);
    let clean = packs.get(raw);
    if (clean === undefined) {
      clean = oneLine(raw);
      packs.set(raw, clean);
    }
    return clean;
  };
  const outOfStock = ` _${t("message.outOfStock", ns)}_`;
  const isNew = ` _${t("message.new", ns)}_`;
  const [wasBefore = "", wasAfter = ""] = t("message.was", { ...ns, price: "\u0000" }).split("\u0000");
  const continued = t("message.continued", ns);

  const counts = { products: 0, up: 0, down: 0 };
  const quoted: Record<string, number | null> = {};
  const sections: Block[] = [];
  for (const group of orderedGroups(categoryLabel, lang)) {
    const rows = byGroup.get(group);
    if (!rows) continue;
    rows.sort(
      (a, b) =>
        collator.compare(a.name, b.name) || (a.item.slug < b.item.slug ? -1 : a.item.slug > b.item.slug ? 1 : 0),
    );
    const lines: string[] = [];
    for (const { item, name, cents } of rows) {
      let line = `• ${name}`;
      if (options.showPack) {
        const pack = packOf(item);
        if (pack) line += ` — ${pack}`;
      }
      line += ` — ${formatMoney(cents, lang)}`;
      if (input.previous) {
        const before = input.previous.get(item.productId);
        if (before === undefined || before === null) {
          if (options.markChanges) line += isNew;
        } else if (before !== cents) {
          if (cents > before) counts.up++;
          else counts.down++;
          if (options.markChanges)
            line += ` ${cents > before ? "▲" : "▼"} ${wasBefore}${formatMoney(before, lang)}${wasAfter}`;
        }
      }
      if (!item.available) line += outOfStock;
      lines.push(line);
      quoted[item.productId] = cents;
      counts.products++;
    }
    const heading = `${headingEmoji[group]} *${categoryLabel(group)}*`;
    sections.push({ heading, continued: `${heading} _${continued}_`, rows: lines });
  }

  const company = oneLine(input.site.name);
  const listName = oneLine(input.list.name);
  const titleText = [company, listName].filter(Boolean).join(" — ");
  const title = titleText ? `*${titleText}*` : "";
  const date = t("sheet.readAt", { ns: "print", when: formatDateTime(input.now, lang) });

  const blocks: Block[] = [];
  const greeting = paragraphs(options.greeting);
  if (greeting.length > 0) blocks.push({ heading: null, continued: null, rows: greeting });
  blocks.push(...sections);
  const footer = paragraphs(options.closing);
  if (footer.length > 0) footer.push("");
  const contact: string[] = [];
  if (options.includeLink) {
    const base = input.site.baseUrl.replace(/\/+$/, "");
    // Each customer sees their own list there, whichever list this message quotes.
    contact.push(`🔗 ${t("message.link", { ...ns, link: `${base}/pricesprivate` })}`);
  }
  const phone = oneLine(input.site.phone);
  if (phone) contact.push(`📞 ${t("message.phone", { ...ns, phone })}`);
  contact.push(`🕓 ${t("footer.hours", { ns: "navigation" })}`);
  contact.push(t("sheet.minimums", { ns: "print" }));
  contact.push(`_${t("sheet.notice", { ns: "print" })}_`);
  // One row, so a long closing may spread over parts but how to order stays together at the end.
  footer.push(contact.join("\n"));
  blocks.push({ heading: null, continued: null, rows: footer });

  const header = title ? `${title}\n${date}` : date;
  const text = [header, ...blocks.map(textOf)].join("\n\n");
  const built = { text, length: text.length, quoted, counts };
  if (text.length <= MESSAGE_PART_LIMIT) return { parts: [text], ...built };
  return { parts: split(blocks, title, date, (part, parts) => t("message.part", { ...ns, part, parts })), ...built };
}

/**
 * Numbered parts. The numbering's width depends on how many parts there are, so space is kept for
 * the widest label of a guessed count, and the guess grows until the parts fit it.
 */
function split(blocks: Block[], title: string, date: string, label: (part: number, parts: number) => string) {
  const limit = MESSAGE_PART_LIMIT;
  const continuedLength = Math.max(0, ...blocks.map((block) => (block.continued ? block.continued.length + 1 : 0)));
  const titleLength = title ? title.length + 1 : 0;
  let guess = Math.max(2, Math.ceil(blocks.reduce((sum, block) => sum + textOf(block).length + 2, 0) / limit));
  for (let attempt = 0; ; attempt++) {
    let reserve = 0;
    for (let part = 1; part <= guess; part++) reserve = Math.max(reserve, label(part, guess).length);
    const headerLength = (part: number) => titleLength + reserve + (part === 0 ? 1 + date.length : 0);
    const width = Math.max(1, limit - headerLength(0) - 2 - continuedLength);
    const bodies = pack(
      blocks.map((block) => cutBlock(block, width)),
      headerLength,
      limit,
    );
    if (bodies.length > guess && attempt < 4) {
      guess = bodies.length;
      continue;
    }
    // Cutting long lines drops the spaces it cuts at: in a freak case all of it then fits in one.
    if (bodies.length === 1) return [[title ? `${title}\n${date}` : date, ...bodies[0]].join("\n\n")];
    return bodies.map((body, index) => {
      const numbered = title ? `${title} ${label(index + 1, bodies.length)}` : label(index + 1, bodies.length);
      const head = index === 0 ? `${numbered}\n${date}` : numbered;
      return [head, ...body].join("\n\n");
    });
  }
}
