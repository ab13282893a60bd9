/**
 * One item of a list as buyers are given it (a printed sheet, a WhatsApp message): a product the
 * list's customers may see, in both languages, with its price in the list.
 */
export type BuyerItem = {
  productId: string;
  slug: string;
  nameEn: string;
  nameEs: string;
  category: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  priceCents: number | null;
  available: boolean;
  imageKey: string | null;
};
