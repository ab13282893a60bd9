import type { ReactNode } from "react";

/**
 * The bar that holds a table's pending edits: stuck to the bottom of the screen while there is
 * something to save or to say about a save, so Save is never scrolled out of reach. Its message
 * is announced as it changes.
 */
export function SaveBar({ label, children, message }: { label: ReactNode; children: ReactNode; message?: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-30 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] dark:border-slate-800 dark:bg-slate-950">
      <div aria-live="polite" className="space-y-2">
        {message}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 first:mt-0">
        <p className="mr-auto text-sm font-medium">{label}</p>
        {children}
      </div>
    </div>
  );
}
