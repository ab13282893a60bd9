/** Keys of the prices namespace a refused price-list action answers with (a `Refusal`'s code). */
export type PriceListErrorCode =
  | "errors.notFound"
  | "errors.conflict"
  | "errors.noParent"
  | "errors.productNotFound"
  | "errors.pricesMoved"
  | "errors.invalidPrice"
  | "errors.adjustmentInvalid"
  | "errors.notDeleted"
  | "errors.versionNotFound"
  | "errors.forbidden";

/** One change another person saved after the revision the editor started from. */
export type ConflictingChange = {
  productId: string;
  productName: string;
  oldCents: number | null;
  newCents: number | null;
  authorName: string | null;
  at: string;
};
