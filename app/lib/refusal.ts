/** The statuses of a refusal: each one the person can act on (401: sign in again), none of them the server's fault. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413;

export type RefusalDetails = {
  /** The message's placeholders. */
  values?: Record<string, string | number>;
  /** Messages beside the fields they concern: by field, or by row and then field for a grid. */
  fieldErrors?: Record<string, unknown>;
  /** What else the screen shows with the message, such as the changes another person saved meanwhile. */
  data?: Record<string, unknown>;
};

/**
 * A request refused for a reason the person can act on. A feature throws it; the action answers it
 * (refusal.server.ts) with `status` and `{ ok: false, message: code }` plus the details, where `code`
 * is a translation key of the screen's namespace. The error's own message is the code, so a log
 * line that records one names its reason.
 */
export class Refusal<Code extends string = string> extends Error {
  readonly values?: RefusalDetails["values"];
  readonly fieldErrors?: RefusalDetails["fieldErrors"];
  readonly data?: RefusalDetails["data"];

  constructor(
    readonly code: Code,
    readonly status: RefusalStatus,
    { values, fieldErrors, data }: RefusalDetails = {},
  ) {
    super(code);
    this.values = values;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }
}
