import type { ReactNode } from "react";

/** Facts about a file or a run, term and value, two columns on a wide screen. */
export function FactList({ facts, testId }: { facts: Array<[string, ReactNode]>; testId: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid={testId}>
      {facts.map(([term, value]) => (
        <div
          key={term}
          className="flex flex-wrap justify-between gap-2 border-b border-slate-200 py-1 dark:border-slate-800"
        >
          <dt className="text-slate-700 dark:text-slate-300">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
