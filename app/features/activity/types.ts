import type { ChangeSet, ImportCounts, PriceGroupChanges } from "./changes";
import type { ActivityFilters, FilterErrors } from "./schema";

/** Who made a change: a known user, nobody (the system, or a user since deleted), or not known now. */
export type ActorView =
  { state: "user"; id: string; name: string; contact: string } | { state: "none" } | { state: "unknown" };

/** What was changed, with its readable name where one was found. */
export type EntityView = {
  /** Product name in the reader's language, price list name, user email, import file name. */
  name: string | null;
  /** The price list of a price, the person's name of a user. */
  context: string | null;
  href: string | null;
  /** Archived, deleted or no longer found. */
  gone: boolean;
};

/** Summaries written in English by the account screens, shown translated. */
export const knownSummaries = {
  registered: "registered",
  "password reset": "passwordReset",
  "password changed": "passwordChanged",
  "phone number verified": "phoneVerified",
  "signed out everywhere": "signedOutEverywhere",
} as const;
export type KnownSummary = (typeof knownSummaries)[keyof typeof knownSummaries];

export type EntryNote = { kind: "known"; key: KnownSummary } | { kind: "text"; text: string };

/** One price of a grouped entry: the product in the reader's language, its price before and after. */
export type GroupRowView = { productId: string; name: string; oldCents: number | null; newCents: number | null };

/**
 * An entry that stands for one change of many prices: what it was, and its first rows (those
 * whose product matches the product filter, when one is set); `more` says how many are not shown.
 */
export type PriceGroupView = PriceGroupChanges & { rows: GroupRowView[]; more: number };

export type ActivityEntryView = {
  id: number;
  createdAt: string;
  action: string;
  entityType: string;
  actor: ActorView;
  entity: EntityView;
  note: EntryNote | null;
  changes: ChangeSet;
  importCounts: ImportCounts | null;
  group: PriceGroupView | null;
};

/** A person as the log names them: `contact` is their email, or their phone when they have no mailbox. */
export type UserOption = { id: string; name: string; contact: string };

export type ActivityLogView = {
  entries: ActivityEntryView[];
  total: number;
  page: number;
  pageCount: number;
  filters: ActivityFilters;
  errors: FilterErrors;
  /** Loaded apart from the entries: when it fails the entries still show, with a message. */
  users: { ok: true; options: UserOption[] } | { ok: false };
};
