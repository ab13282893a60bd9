import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/** In stock or out of stock, said in words (colour only adds to them). */
export function Availability({ inStock, className }: { inStock: boolean; className?: string }) {
  const { t } = useTranslation("catalog");
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium",
        inStock
          ? "bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200"
          : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn("size-1.5 rounded-full", inStock ? "bg-green-600 dark:bg-green-400" : "bg-slate-500")}
      />
      {inStock ? t("product.inStock") : t("product.outOfStock")}
    </span>
  );
}
