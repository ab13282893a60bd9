import type { ChangeSet, ImportCounts } from "./changes";
import type { ActivityFilters, FilterErrors } from "./schema";

/** Who made a change: a known user, nobody (the system, or a user since deleted), or not known now. */
export type ActorView =
  { state: "user"; id: string; name: string; email: string } | { state: "none" } | { state: "unknown" };

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
};

export type UserOption = { id: string; name: string; email: string };

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
