/** One row of the price editor (findEditorItems). */
export type EditorItem = {
  productId: string;
  slug: string;
  /** In the reader's language; `otherName` is the other language's, when it differs. */
  name: string;
  otherName: string | null;
  sku: string | null;
  category: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  available: boolean;
  /** Whether the list's customers see it (docs/decisions/026-imported-products-review.md). */
  visible: boolean;
  priceCents: number | null;
  /** The same product's price in the parent list, when the list has a parent that prices it. */
  parentCents: number | null;
  /** The business's date (YYYY-MM-DD) the item's price was last written, for "changed today". */
  pricedDay: string;
};
