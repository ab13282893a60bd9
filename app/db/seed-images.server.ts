import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { config } from "~/config.server";
import { seedProducts } from "./seed-data";

const SIZE = 512;
// The icon fills most of the square; the margin keeps it clear of rounded card corners.
const PADDING = 48;

type IconifyIcon = { body: string; left?: number; top?: number; width?: number; height?: number };
type IconifySet = { icons: Record<string, IconifyIcon>; width?: number; height?: number };

/** Demo product images are generated into the uploads folder at seed time; the key names the file. */
export function demoImageKey(emoji: string) {
  return `demo/${emoji}.webp`;
}

let iconSet: IconifySet | undefined;

function loadIconSet(): IconifySet {
  // Read at run time rather than imported, so the 3,000-icon JSON never enters a bundle.
  iconSet ??= createRequire(import.meta.url)("@iconify-json/fluent-emoji/icons.json") as IconifySet;
  return iconSet;
}

/** The SVG of one Fluent Emoji icon, or undefined when the set has no icon of that name. */
export function demoIconSvg(name: string): string | undefined {
  const set = loadIconSet();
  const icon = set.icons[name];
  if (!icon) return undefined;
  const left = icon.left ?? 0;
  const top = icon.top ?? 0;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  const inner = SIZE - 2 * PADDING;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<svg x="${PADDING}" y="${PADDING}" width="${inner}" height="${inner}" viewBox="${left} ${top} ${width} ${height}">${icon.body}</svg>` +
    `</svg>`
  );
}

export function demoImageNames() {
  return [...new Set(seedProducts.map((p) => p.emoji))];
}

/**
 * Renders every demo product's image to <DATA_DIR>/uploads/demo/<name>.webp. Always local, also
 * on PostgreSQL; files that exist are kept, so a second run costs nothing. Returns the files written.
 */
export async function generateDemoImages(dataDir = config().DATA_DIR) {
  const dir = path.resolve(dataDir, "uploads", "demo");
  mkdirSync(dir, { recursive: true });
  const missing = demoImageNames().filter((name) => !existsSync(path.join(dir, `${name}.webp`)));
  if (missing.length === 0) return [];
  const { default: sharp } = await import("sharp");
  const written: string[] = [];
  await Promise.all(
    missing.map(async (name) => {
      const svg = demoIconSvg(name);
      if (!svg) throw new Error(`The demo image "${name}" is not an icon of @iconify-json/fluent-emoji.`);
      const file = path.join(dir, `${name}.webp`);
      // Written beside the target and renamed, so an interrupted run never leaves half a file that "exists".
      const partial = `${file}.${process.pid}.tmp`;
      await sharp(Buffer.from(svg), { density: 72 }).webp({ quality: 82, alphaQuality: 90, effort: 4 }).toFile(partial);
      renameSync(partial, file);
      written.push(file);
    }),
  );
  return written;
}
