import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

const control =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
};

/** A labelled input whose error is announced and linked to it. */
export function TextField({ label, error, hint, className, id, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(control, error ? "border-red-600" : "border-slate-300 dark:border-slate-600")}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: ReactNode; hint?: ReactNode };

export function SelectField({ label, error, hint, className, id, children, ...props }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const describedBy =
    [error ? `${selectId}-error` : null, hint ? `${selectId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(control, error ? "border-red-600" : "border-slate-300 dark:border-slate-600")}
        {...props}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({
  tone = "error",
  children,
}: {
  tone?: "error" | "success" | "info" | "warning";
  children: ReactNode;
}) {
  const tones = {
    error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
    success: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
    info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
    warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-md border p-3 text-sm", tones[tone])}>
      {children}
    </div>
  );
}

/**
 * What every form of the site does with an answer. The browser's own checks are off on every form
 * (`noValidate`, held by a lint rule), since their bubbles speak the browser's language and not the
 * page's: the form's schema checks the fields and each field shows its message. When `answer`
 * changes (an action's or a fetcher's data, a check in the browser), the first field marked
 * invalid inside the returned ref's element gets focus, and is brought to the middle of the
 * screen with its message; without one, the form's alert or status (a refusal, a success) is
 * scrolled into view, which on a phone is often above or below what is shown.
 */
export function useFormFeedback<T extends HTMLElement = HTMLFormElement>(answer: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!answer || !root) return;
    const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus({ preventScroll: true });
      invalid.scrollIntoView?.({ block: "center" });
      return;
    }
    const message = root.querySelector('[role="alert"]') ?? root.querySelector('[role="status"]');
    message?.scrollIntoView?.({ block: "nearest" });
  }, [answer]);
  return ref;
}
