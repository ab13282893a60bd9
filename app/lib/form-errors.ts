// Types only: the public pages check their form with zod's mini build, and this adds no zod to them.
import type { $ZodError } from "zod/v4/core";

/** A field of what a schema gives; of each form, when the schema is a union of forms. */
type FieldOf<T> = T extends object ? Extract<keyof T, string> : never;

/** One message per field, and under "form" one about the form as a whole. */
export type FieldErrorsOf<T, M = string> = Partial<Record<FieldOf<T> | "form", M>>;

export type ParsedForm<T, M> =
  | { ok: true; data: T }
  | {
      ok: false;
      fieldErrors: FieldErrorsOf<T, M>;
      /** The first of them, for a screen with one line for a refusal. */
      message: M;
    };

/** What `safeParse` answers, in zod's full and mini builds alike. */
type SafeParsed<T> = { success: true; data: T } | { success: false; error: $ZodError<T> };

type Schema = { safeParse(values: unknown): SafeParsed<unknown> };

/** What a schema gives (of each, for one of several schemas). */
type Output<S extends Schema> = Extract<ReturnType<S["safeParse"]>, { success: true }>["data"];

const fieldOf = (issue: { path: readonly PropertyKey[] }) => String(issue.path[0] ?? "form");

/**
 * A form's fields as a schema reads them: one string per field. A repeated field or a file arrives
 * as something other than a string, so the schema refuses it rather than reading one of them.
 */
function formValues(form: FormData) {
  const values: Record<string, unknown> = {};
  for (const field of new Set(form.keys())) {
    const all = form.getAll(field);
    values[field] = all.length === 1 && typeof all[0] === "string" ? all[0] : all;
  }
  return values;
}

/**
 * Checks a form (or values already read from one) against its schema. A refusal gives the first
 * message of each field, the one its schema checks first, since a form shows one per field.
 * `message` turns zod's text into the screen's: a schema's messages are its translation keys, and
 * a value of the wrong type gets zod's English, which a screen replaces with a key of its own.
 */
export function parseForm<S extends Schema>(
  schema: S,
  input: FormData | Record<string, unknown>,
): ParsedForm<Output<S>, string>;
export function parseForm<S extends Schema, M>(
  schema: S,
  input: FormData | Record<string, unknown>,
  message: (text: string) => M,
): ParsedForm<Output<S>, M>;
export function parseForm<S extends Schema, M>(
  schema: S,
  input: FormData | Record<string, unknown>,
  message?: (text: string) => M,
): ParsedForm<Output<S>, M | string> {
  const result = schema.safeParse(input instanceof FormData ? formValues(input) : input);
  if (result.success) return { ok: true, data: result.data as Output<S> };
  const fieldErrors: Partial<Record<string, M | string>> = {};
  for (const issue of result.error.issues) {
    fieldErrors[fieldOf(issue)] ??= message ? message(issue.message) : issue.message;
  }
  // A refusal has at least one issue.
  const first = fieldErrors[fieldOf(result.error.issues[0])]!;
  return { ok: false, fieldErrors: fieldErrors as FieldErrorsOf<Output<S>, M | string>, message: first };
}

/**
 * How a form words its messages when its schema's messages are translation keys (`keys`): each of
 * them as it is, and `otherwise` in place of zod's English for a value of the wrong type.
 */
export function ownKeyOr<K extends string>(keys: Record<string, K>, otherwise: K): (text: string) => K {
  const own = new Set<string>(Object.values(keys));
  return (text) => (own.has(text) ? (text as K) : otherwise);
}
