/** A run of text with the styles WhatsApp would draw it in; a style is present only when on. */
export type FormatToken = { text: string; bold?: boolean; italic?: boolean; strike?: boolean; mono?: boolean };

type Style = "bold" | "italic" | "strike";

const styleOf: Record<string, Style> = { "*": "bold", _: "italic", "~": "strike" };

/** One unit of a line: a character, or a monospace span that is drawn as it is typed. */
type Atom = { text: string; mono: boolean; marker: string | null };

const space = /^\s$/u;
// Marks are punctuation themselves, which is what lets `*_bold italic_*` nest; symbols count too,
// so a bracket, a currency sign or an emoji next to a marker does not stop it.
const edge = /^[\s\p{P}\p{S}]$/u;

/** A run of backticks opening or closing monospace, when the characters around it allow. */
function fenceAt(line: string, at: number, fence: string) {
  return line.startsWith(fence, at) && line[at - 1] !== "`" && line[at + fence.length] !== "`";
}

function charBefore(line: string, at: number) {
  if (at <= 0) return undefined;
  const code = line.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at >= 2 ? line.slice(at - 2, at) : line[at - 1];
}

function charAfter(line: string, at: number) {
  return at < line.length ? String.fromCodePoint(line.codePointAt(at)!) : undefined;
}

function opens(before: string | undefined, after: string | undefined) {
  return (before === undefined || edge.test(before)) && after !== undefined && !space.test(after);
}

function closes(before: string | undefined, after: string | undefined) {
  return before !== undefined && !space.test(before) && (after === undefined || edge.test(after));
}

/**
 * Monospace first, as WhatsApp does: ```three backticks``` (and, since 2024, `one`), whose
 * inside is never styled further. Everything else is one atom per character.
 */
function atomsOf(line: string): Atom[] {
  const atoms: Atom[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === "`") {
      const fence = line.startsWith("```", i) ? "```" : "`";
      if (fenceAt(line, i, fence) && opens(charBefore(line, i), charAfter(line, i + fence.length))) {
        let end = line.indexOf(fence, i + fence.length + 1);
        while (
          end !== -1 &&
          !(fenceAt(line, end, fence) && closes(charBefore(line, end), charAfter(line, end + fence.length)))
        )
          end = line.indexOf(fence, end + 1);
        if (end !== -1) {
          atoms.push({ text: line.slice(i + fence.length, end), mono: true, marker: null });
          i = end + fence.length;
          continue;
        }
      }
    }
    const char = String.fromCodePoint(line.codePointAt(i)!);
    atoms.push({ text: char, mono: false, marker: char in styleOf ? char : null });
    i += char.length;
  }
  return atoms;
}

/** What stands next to a marker, as far as the rules care: a monospace span reads as its backticks. */
function neighbour(atom: Atom | undefined, side: "before" | "after") {
  if (!atom) return undefined;
  if (atom.mono) return "`";
  return side === "before" ? charBefore(atom.text, atom.text.length) : charAfter(atom.text, 0);
}

/**
 * A line as WhatsApp draws it: `*bold*`, `_italic_`, `~strike~`, ```mono```. A marker opens only
 * before a non-space and after the start, a space or punctuation; it closes only after a non-space
 * and before the end, a space or punctuation; a closer pairs with the nearest opener of its kind,
 * and openers left inside that pair stay plain text. Styles nest (`*_both_*`); lines never share one.
 */
export function formatLine(line: string): FormatToken[] {
  const atoms = atomsOf(line);
  const hidden = new Uint8Array(atoms.length);
  const depth: Record<Style, Int32Array> = {
    bold: new Int32Array(atoms.length + 1),
    italic: new Int32Array(atoms.length + 1),
    strike: new Int32Array(atoms.length + 1),
  };
  const open: number[] = [];
  for (let a = 0; a < atoms.length; a++) {
    const marker = atoms[a].marker;
    if (!marker) continue;
    const before = neighbour(atoms[a - 1], "before");
    const after = neighbour(atoms[a + 1], "after");
    if (closes(before, after)) {
      let o = open.length - 1;
      while (o >= 0 && atoms[open[o]].marker !== marker) o--;
      if (o >= 0 && open[o] < a - 1) {
        const start = open[o];
        open.length = o;
        hidden[start] = 1;
        hidden[a] = 1;
        const style = styleOf[marker];
        depth[style][start + 1]++;
        depth[style][a]--;
        continue;
      }
    }
    if (opens(before, after)) open.push(a);
  }

  const tokens: FormatToken[] = [];
  let bold = 0;
  let italic = 0;
  let strike = 0;
  for (let a = 0; a < atoms.length; a++) {
    bold += depth.bold[a];
    italic += depth.italic[a];
    strike += depth.strike[a];
    if (hidden[a] || atoms[a].text === "") continue;
    const token: FormatToken = { text: atoms[a].text };
    if (bold > 0) token.bold = true;
    if (italic > 0) token.italic = true;
    if (strike > 0) token.strike = true;
    if (atoms[a].mono) token.mono = true;
    const last = tokens[tokens.length - 1];
    if (
      last &&
      last.bold === token.bold &&
      last.italic === token.italic &&
      last.strike === token.strike &&
      last.mono === token.mono
    )
      last.text += token.text;
    else tokens.push(token);
  }
  return tokens;
}
