import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { config } from "~/config.server";
import { ogImageKey, ogImageSize, siteImageKey, siteImageNames, type SiteImageName } from "~/lib/site-images";
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

/**
 * The icon set, for one run of image generation. The JSON is 100 MB: read as a file rather than
 * required (the module cache would keep it), and passed to what draws with it, so it is let go
 * when the run has its SVGs. A server that kept it had 170 MB more to go through in every
 * garbage collection, all day.
 */
export function readIconSet(): IconifySet {
  const file = createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji/icons.json");
  return JSON.parse(readFileSync(file, "utf8")) as IconifySet;
}

/** The SVG of one Fluent Emoji icon, or undefined when the set has no icon of that name. */
export function demoIconSvg(set: IconifySet, name: string): string | undefined {
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

/** Draws with the icon set, which nobody holds once this returns. */
function drawWithIcons<T>(draw: (set: IconifySet) => T): T {
  return draw(readIconSet());
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
  const svgs = drawWithIcons((set) => missing.map((name) => demoIconSvg(set, name)));
  await Promise.all(
    missing.map(async (name, i) => {
      const svg = svgs[i];
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

type SceneItem = { icon: string; x: number; y: number; size: number; rotate?: number };
type Scene = { width: number; height: number; colors: [string, string]; items: SceneItem[] };

/** Fresh, light backgrounds that read well in both themes (the images sit on cards). */
const palette = {
  green: ["#ecfdf3", "#c9f0d6"],
  amber: ["#fff7e6", "#ffe2b0"],
  sky: ["#eef6ff", "#cfe4ff"],
  rose: ["#fff1f2", "#ffd5db"],
  lime: ["#f5fde8", "#dcf5b5"],
  slate: ["#f1f5f9", "#d7e1ec"],
} satisfies Record<string, [string, string]>;

/** Items of a cluster, placed on a ring around a centre: enough variety without hand-placing each. */
function cluster(icons: string[], cx: number, cy: number, radius: number, size: number): SceneItem[] {
  return icons.map((icon, i) => {
    if (i === 0) return { icon, x: cx - size * 0.65, y: cy - size * 0.65, size: size * 1.3 };
    const angle = ((i - 1) / (icons.length - 1)) * Math.PI * 2 - Math.PI / 2;
    const s = size * (0.8 + ((i * 37) % 5) / 20);
    return {
      icon,
      x: Math.round(cx + Math.cos(angle) * radius - s / 2),
      y: Math.round(cy + Math.sin(angle) * radius - s / 2),
      size: Math.round(s),
      rotate: ((i * 53) % 31) - 15,
    };
  });
}

function pair(main: string, side: string[], width: number, height: number, colors: [string, string]): Scene {
  const size = Math.min(width, height) * 0.56;
  const small = size * 0.42;
  const items: SceneItem[] = [
    { icon: main, x: width / 2 - size / 2, y: height / 2 - size / 2 + height * 0.03, size },
    ...side.map((icon, i) => ({
      icon,
      x: i % 2 === 0 ? width * 0.08 + i * 8 : width * 0.92 - small - i * 8,
      y: i < 2 ? height * 0.1 : height * 0.9 - small,
      size: small,
      rotate: i % 2 === 0 ? -10 : 12,
    })),
  ];
  return { width, height, colors, items };
}

const scenes: Record<SiteImageName, Scene> = {
  hero: {
    width: 1200,
    height: 900,
    colors: palette.green,
    items: cluster(
      [
        "watermelon",
        "pineapple",
        "avocado",
        "tomato",
        "carrot",
        "mango",
        "broccoli",
        "red-apple",
        "lemon",
        "bell-pepper",
        "leafy-green",
        "strawberry",
      ],
      600,
      450,
      315,
      235,
    ),
  },
  "feature-distribution": pair("delivery-truck", ["package", "round-pushpin"], 640, 480, palette.sky),
  "feature-fresh": pair("leafy-green", ["seedling", "droplet", "sparkles"], 640, 480, palette.lime),
  "feature-quality": pair("1st-place-medal", ["check-mark-button", "red-apple"], 640, 480, palette.amber),
  "feature-efficient": pair("alarm-clock", ["sunrise", "delivery-truck"], 640, 480, palette.rose),
  "category-vegetables": pair("broccoli", ["carrot", "tomato", "eggplant", "cucumber"], 480, 360, palette.green),
  "category-fruits": pair("red-apple", ["banana", "mango", "strawberry", "pineapple"], 480, 360, palette.rose),
  "category-dried": pair("peanuts", ["chestnut", "beans", "sheaf-of-rice"], 480, 360, palette.amber),
  "category-herbs": pair("herb", ["seedling", "four-leaf-clover", "garlic"], 480, 360, palette.lime),
  "category-others": pair("package", ["honey-pot", "egg", "coconut"], 480, 360, palette.slate),
  "fleet-trucks": pair("delivery-truck", ["snowflake", "thermometer", "package"], 1200, 675, palette.sky),
  "fleet-distribution": pair("world-map", ["delivery-truck", "round-pushpin", "alarm-clock"], 1200, 675, palette.lime),
  "fleet-warehouse": pair("factory", ["package", "snowflake", "clipboard"], 1200, 675, palette.slate),
  "about-facility": pair("snowflake", ["factory", "leafy-green", "delivery-truck", "package"], 960, 720, palette.sky),
  "popular-sandia": pair("watermelon", [], 480, 480, palette.rose),
  "popular-vegetales-mix": pair(
    "leafy-green",
    ["carrot", "tomato", "broccoli", "bell-pepper"],
    480,
    480,
    palette.green,
  ),
  "popular-aguacates": pair("avocado", [], 480, 480, palette.lime),
  "popular-mangoes": pair("mango", [], 480, 480, palette.amber),
  "popular-mayor": pair("package", ["red-apple", "carrot", "lemon", "leafy-green"], 480, 480, palette.slate),
};

function iconElement(set: IconifySet, item: SceneItem) {
  const icon = set.icons[item.icon];
  if (!icon) throw new Error(`The site image icon "${item.icon}" is not an icon of @iconify-json/fluent-emoji.`);
  const vb = `${icon.left ?? 0} ${icon.top ?? 0} ${icon.width ?? set.width ?? 16} ${icon.height ?? set.height ?? 16}`;
  const r = item.rotate ?? 0;
  const c = item.size / 2;
  return (
    `<g transform="translate(${item.x} ${item.y}) rotate(${r} ${c} ${c})">` +
    `<svg width="${item.size}" height="${item.size}" viewBox="${vb}">${icon.body}</svg></g>`
  );
}

function sceneSvg(set: IconifySet, scene: Scene, { extra = "", dark = false } = {}) {
  const { width: w, height: h, colors } = scene;
  const glow = dark ? 0.16 : 0.85;
  const blob = dark ? 0.08 : 0.35;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="${glow}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<circle cx="${w * 0.5}" cy="${h * 0.52}" r="${Math.min(w, h) * 0.46}" fill="url(#glow)"/>` +
    `<circle cx="${w * 0.9}" cy="${h * 0.08}" r="${Math.min(w, h) * 0.22}" fill="#ffffff" opacity="${blob}"/>` +
    `<circle cx="${w * 0.06}" cy="${h * 0.95}" r="${Math.min(w, h) * 0.18}" fill="#ffffff" opacity="${blob * 0.85}"/>` +
    scene.items.map((item) => iconElement(set, item)).join("") +
    extra +
    `</svg>`
  );
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A long name goes on two lines, split at the space nearest its middle. */
function nameLines(name: string) {
  const upper = name.toUpperCase();
  if (upper.length <= 14 || !upper.includes(" ")) return [upper];
  const spaces = [...upper.matchAll(/ /g)].map((m) => m.index);
  const cut = spaces.reduce((best, i) =>
    Math.abs(i - upper.length / 2) < Math.abs(best - upper.length / 2) ? i : best,
  );
  return [upper.slice(0, cut), upper.slice(cut + 1)];
}

/** The sharing card: the company's name and what it does beside a cluster of produce. */
function ogImageSvg(set: IconifySet, companyName: string) {
  const { width, height } = ogImageSize;
  const scene: Scene = {
    width,
    height,
    colors: ["#0f3d24", "#1f6b3f"],
    items: cluster(
      ["watermelon", "pineapple", "avocado", "tomato", "carrot", "mango", "broccoli", "lemon"],
      930,
      315,
      185,
      150,
    ),
  };
  const font = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
  const lines = nameLines(companyName);
  // About 0.72 em per capital in a bold sans: the name fits in the left 600 pixels.
  const size = Math.min(64, Math.floor(600 / (Math.max(...lines.map((l) => l.length)) * 0.72)));
  const top = 250 - (lines.length - 1) * size;
  const name = lines
    .map(
      (line, i) =>
        `<text x="64" y="${top + i * size * 1.1}" font-family="${font}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  const text =
    name +
    `<text x="64" y="330" font-family="${font}" font-size="34" fill="#d9f7e5">Premium Wholesale Fresh Products</text>` +
    `<text x="64" y="382" font-family="${font}" font-size="28" fill="#b5e8c8">Fruits · Vegetables · Herbs · Dried produce</text>` +
    `<text x="64" y="450" font-family="${font}" font-size="26" fill="#ffd98a">Pompano Beach, Florida · since 2013</text>`;
  return sceneSvg(set, scene, { extra: text, dark: true });
}

async function writeOnce(file: string, render: () => Promise<Buffer>) {
  if (existsSync(file)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, await render());
  renameSync(partial, file);
  return true;
}

/**
 * Renders the site's illustrations and its sharing card into <DATA_DIR>/uploads/site/ when they
 * are missing. They belong to the site, not to the demo data, so every start checks for them.
 */
export async function generateSiteImages(dataDir = config().DATA_DIR, companyName = config().COMPANY_NAME) {
  const uploads = path.resolve(dataDir, "uploads");
  const jobs = [
    ...siteImageNames.map((name) => ({
      file: path.join(uploads, siteImageKey(name)),
      svg: (set: IconifySet) => sceneSvg(set, scenes[name]),
      format: "webp" as const,
    })),
    {
      file: path.join(uploads, ogImageKey(companyName)),
      svg: (set: IconifySet) => ogImageSvg(set, companyName),
      format: "jpeg" as const,
    },
  ].filter((job) => !existsSync(job.file));
  // On an ordinary start everything exists: sharp is not even loaded.
  if (jobs.length === 0) return [];
  const svgs = drawWithIcons((set) => jobs.map((job) => job.svg(set)));
  const { default: sharp } = await import("sharp");
  const written: string[] = [];
  await Promise.all(
    jobs.map(async (job, i) => {
      const image = sharp(Buffer.from(svgs[i]));
      const encoded =
        job.format === "webp" ? image.webp({ quality: 86, effort: 4 }) : image.jpeg({ quality: 86, mozjpeg: true });
      if (await writeOnce(job.file, () => encoded.toBuffer())) written.push(job.file);
    }),
  );
  return written;
}
