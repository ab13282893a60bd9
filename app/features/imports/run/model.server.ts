import { z } from "zod";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { categories } from "~/features/catalog/categories";
import type { ModelName, ModelNamer } from "../engine/prepare";
import type { UnderstoodRow } from "../engine/types";

/**
 * With AI_BASE_URL set (docs/decisions/014-import-runs.md), an OpenAI-compatible model names the
 * items of an import (English and Spanish names, category); the built-in engine keeps the statuses,
 * packs and prices, and names whatever the model does not (timeout, error, output that fails
 * validation). Plain `fetch` to `/chat/completions`: one JSON request and one JSON answer need no
 * SDK, and the timeout, the validation and the fallback are ours either way.
 */

export type ModelSettings = {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Items named in one request. */
  itemsPerRequest: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Failed requests in a row after which the run stops asking the model. */
  maxConsecutiveFailures: number;
};

/** The configured model, or null when none is (then nothing changes: the engine names everything). */
export function modelSettings(): ModelSettings | null {
  const c = config();
  if (!c.AI_BASE_URL) return null;
  return {
    baseUrl: c.AI_BASE_URL.replace(/\/+$/, ""),
    apiKey: c.AI_API_KEY ?? null,
    model: c.AI_MODEL,
    timeoutMs: c.AI_TIMEOUT_MS,
    itemsPerRequest: 50,
    concurrency: 4,
    maxConsecutiveFailures: 2,
  };
}

/** Whether a model names the items: the screens say "AI" only then. */
export function modelConfigured() {
  return modelSettings() !== null;
}

/**
 * Whether a run's rows were named by a model, so its page and its CSV say "AI": for an ended run,
 * whether the model named any row (a model configured since does not change that); for a run
 * still going, whether one is configured now.
 */
export function runNamedByModel(run: { status: string; summary: unknown }) {
  const ended = run.status === "finished" || run.status === "failed";
  if (!ended) return modelConfigured();
  return ((run.summary as { namedByModel?: number } | null)?.namedByModel ?? 0) > 0;
}

/** The longest name kept (the product form's limit). */
const NAME_MAX = 120;

// Control characters and angle brackets have no place in a product name.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_MARKUP = /[\u0000-\u001f\u007f<>]/;

const modelText = z
  .string()
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(NAME_MAX)
      // Names are text: no control characters, nothing that reads as markup or a formula.
      .refine((s) => !CONTROL_OR_MARKUP.test(s) && !/^[=+\-@]/.test(s)),
  );

const answerSchema = z.object({
  items: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      name: modelText,
      nameEs: modelText,
      category: z.enum(categories),
    }),
  ),
});

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const INSTRUCTIONS = `You name the items of a wholesale fresh produce distributor in South Florida, read from its QuickBooks item list.
For each item, from its description (and its QuickBooks item name when the description is unclear), give:
- "name": the English display name a produce buyer would use: Title Case, variety before commodity, singular ("Hass Avocado", "Roma Tomato"); keep Organic and size grades (XL, Jumbo, Medium); leave out pack, count, weight, origin, lot and packing words (CS, FLAT, BAG, SACO, ICED, WAXED); dried chiles are "Dried X Chile"; keep the Spanish names English speakers use (Epazote, Papalo, Queso Fresco, Jalapeño).
- "nameEs": the Spanish name, sentence case, in the singular as the trade's price lists write it ("Aguacate Hass", "Tomate roma", "Frijol negro"); the banana is "Guineo" and the plantain "Plátano macho".
- "category": exactly one of vegetables, fruits, dry_produce, herbs, others (eggs, tortillas, cheese, sugar are others; dried chiles, beans and flowers are dry_produce).
Answer with JSON only, in this shape: {"items":[{"id":"…","name":"…","nameEs":"…","category":"…"}]}, one entry per item, with the item's id.`;

export type ModelItem = { id: string; description: string; item: string };

/** Strips a Markdown code fence some models put around JSON. */
function unfence(text: string) {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return match ? match[1] : text;
}

/**
 * One request naming `items`. Resolves the names the model gave for known ids, each validated;
 * rejects on a timeout, an HTTP error or an answer that is not the JSON asked for.
 */
async function requestNames(
  settings: ModelSettings,
  items: ModelItem[],
  signal?: AbortSignal,
): Promise<Map<string, ModelName>> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const response = await fetch(`${settings.baseUrl}/chat/completions`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: INSTRUCTIONS },
        { role: "user", content: JSON.stringify({ items }) },
      ],
    }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new Error(`the model answered HTTP ${response.status}`);
  const completion = completionSchema.parse(await response.json());
  const answer = JSON.parse(unfence(completion.choices[0].message.content)) as unknown;
  // Entries are validated one by one: one bad entry leaves only its item to the engine.
  const list = z.object({ items: z.array(z.unknown()) }).parse(answer).items;
  const wanted = new Set(items.map((i) => i.id));
  const names = new Map<string, ModelName>();
  for (const entry of list) {
    const parsed = answerSchema.shape.items.element.safeParse(entry);
    if (parsed.success && wanted.has(parsed.data.id)) {
      const { id, ...name } = parsed.data;
      names.set(id, name);
    }
  }
  return names;
}

/**
 * A namer for one run: asks for each distinct description once (a cache per run), many items per
 * request, a few requests at a time; after `maxConsecutiveFailures` failed requests in a row it
 * stops asking for the rest of the run, so a model that is down costs two timeouts, not one per batch.
 */
export function createModelNamer(settings: ModelSettings): ModelNamer {
  const cache = new Map<string, ModelName | null>();
  let failuresInARow = 0;
  const givenUp = () => failuresInARow >= settings.maxConsecutiveFailures;

  return {
    async nameRows(rows) {
      const named = new Map<number, ModelName>();
      const importable = rows.filter((r) => r.importable && r.description.trim() !== "");
      if (importable.length === 0) return { named, attempted: false };
      const keyOf = (r: UnderstoodRow) => `${r.description}\u0001${r.quickbooksId ?? r.item}`;
      const pending = new Map<string, ModelItem>();
      for (const row of importable) {
        const key = keyOf(row);
        if (cache.has(key) || pending.has(key)) continue;
        pending.set(key, { id: String(pending.size + 1), description: row.description, item: row.item });
      }
      const attempted = pending.size > 0 && !givenUp();
      const chunks: Array<Array<[string, ModelItem]>> = [];
      const entries = [...pending];
      for (let i = 0; i < entries.length; i += settings.itemsPerRequest)
        chunks.push(entries.slice(i, i + settings.itemsPerRequest));

      let next = 0;
      const worker = async () => {
        while (next < chunks.length && !givenUp()) {
          const chunk = chunks[next++];
          try {
            const names = await requestNames(
              settings,
              chunk.map(([, item]) => item),
            );
            failuresInARow = 0;
            for (const [key, item] of chunk) cache.set(key, names.get(item.id) ?? null);
          } catch (error) {
            failuresInARow++;
            logger.warn(
              { err: error, items: chunk.length, failuresInARow },
              "import: the model did not name a batch of items; the built-in engine names them",
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(settings.concurrency, chunks.length) }, worker));

      for (const row of importable) {
        const name = cache.get(keyOf(row));
        if (name) named.set(row.row, name);
      }
      return { named, attempted: attempted || named.size > 0 };
    },
  };
}
