import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A section's eyebrow, heading and introduction, the same on every public page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  tone = "default",
}: {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "start";
  tone?: "default" | "inverse";
}) {
  const inverse = tone === "inverse";
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      <p
        className={cn(
          "text-sm font-semibold uppercase tracking-wider",
          inverse ? "text-brand-100" : "text-brand-700 dark:text-brand-100",
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          inverse ? "text-white" : "text-slate-900 dark:text-white",
        )}
      >
        {title}
      </h2>
      {children ? (
        <p className={cn("mt-4 text-lg", inverse ? "text-slate-200" : "text-slate-700 dark:text-slate-300")}>
          {children}
        </p>
      ) : null}
    </div>
  );
}
