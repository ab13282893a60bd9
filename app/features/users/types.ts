import type { Role } from "~/auth/permissions";

/** A user as the manage-users page shows it (dates as ISO strings). */
export type UserRowView = {
  id: string;
  name: string;
  /** Null for an account registered with a phone alone. */
  email: string | null;
  /** As people write it. */
  phoneNumber: string | null;
  role: Role;
  disabled: boolean;
  banReason: string | null;
  createdAt: string;
  lastSignInAt: string | null;
};

/** An outbox message; `body` is null for readers who may not see reset links. */
export type OutboxView = {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
