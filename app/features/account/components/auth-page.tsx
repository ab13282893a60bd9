import type { ReactNode } from "react";
import { useFormFeedback } from "~/components/ui/field";

/**
 * The frame shared by the sign-in, registration and password pages. `answer` is the page's action
 * data: after each, the first field to fix gets focus, or the page's message comes into view.
 */
export function AuthPage({
  title,
  intro,
  children,
  footer,
  answer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  answer?: unknown;
}) {
  const feedback = useFormFeedback<HTMLDivElement>(answer);
  return (
    // Left-aligned in the site's container, like every page's content under the header.
    <section className="site-container py-8">
      <div
        ref={feedback}
        className="max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{intro}</p> : null}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
      {footer ? (
        <div className="mt-4 max-w-md text-center text-sm text-slate-700 dark:text-slate-300">{footer}</div>
      ) : null}
    </section>
  );
}

export const linkClass =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100 dark:hover:text-brand-50";
