import type { DbOrTx } from "~/db/client.server";
import { activity } from "~/db/schema";

export type ActivityEntity = "product" | "price_list" | "price_item" | "user" | "import_run";
export type ActivityAction = "created" | "updated" | "deleted";

export type ActivityInput = {
  actorId: string | null;
  entityType: ActivityEntity;
  entityId: string | null;
  action: ActivityAction;
  summary?: string;
  changes?: Record<string, { before: unknown; after: unknown }> | Record<string, unknown>;
};

/** The one way to write the audit log: call it with the transaction that makes the change. */
export async function recordActivity(tx: DbOrTx, input: ActivityInput) {
  await tx.insert(activity).values({
    actorId: input.actorId,
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    summary: input.summary ?? null,
    changes: input.changes ?? null,
  });
}

/** Before/after pairs for the fields that differ. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
    if (JSON.stringify(norm(a)) !== JSON.stringify(norm(b))) changes[key] = { before: norm(a), after: norm(b) };
  }
  return changes;
}
