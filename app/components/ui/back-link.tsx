import { Link } from "react-router";

/** The way back to the screen a page belongs to, above its heading; `label` names it for a screen reader. */
export function BackLink({ to, label, children }: { to: string; label: string; children: string }) {
  return (
    <nav aria-label={label} className="text-sm">
      <Link to={to} className="text-brand-800 underline underline-offset-2 dark:text-brand-100">
        {children}
      </Link>
    </nav>
  );
}
