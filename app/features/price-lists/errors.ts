/** Keys of the prices namespace a refused price-list action answers with. */
export type PriceListErrorCode =
  | "errors.notFound"
  | "errors.conflict"
  | "errors.noParent"
  | "errors.productNotFound"
  | "errors.pricesMoved"
  | "errors.invalidPrice"
  | "errors.notDeleted"
  | "errors.versionNotFound"
  | "errors.forbidden";

/** A refusal the person can act on; the route turns it into a translated message. */
export class PriceListError extends Error {
  constructor(
    readonly code: PriceListErrorCode,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(code);
  }
}

/** One change another person saved after the revision the editor started from. */
export type ConflictingChange = {
  productId: string;
  productName: string;
  oldCents: number | null;
  newCents: number | null;
  authorName: string | null;
  at: string;
};

/** The list moved on since the editor loaded it; these are the changes in between. */
export class PriceListConflict extends PriceListError {
  constructor(
    readonly currentRevision: number,
    readonly changes: ConflictingChange[],
  ) {
    super("errors.conflict", 409);
  }
}
