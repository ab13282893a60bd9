import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { RenderErrorBoundary } from "~/components/error-boundary";
import { Spinner } from "~/components/ui/spinner";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

/** Rendered on the server, the page knows its user; the spinner shows while a navigation is pending. */
function PendingIndicator() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 flex justify-center pt-2 no-print" data-testid="navigation-pending">
      <Spinner label={t("loading")} className="rounded-full bg-white/90 p-1 shadow dark:bg-slate-900/90" />
    </div>
  );
}

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Below the header (4rem and its 1px border), so a toast never covers the navigation. */
const belowHeader = "calc(4rem + 1px + 1rem)";
const belowHeaderOnPhone = "calc(4rem + 1px + 0.5rem)";

/** Toasts answer to what people do after the page is up; their library loads then, not before. */
function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position="top-right"
        offset={{ top: belowHeader }}
        mobileOffset={{ top: belowHeaderOnPhone }}
      />
    </Suspense>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        {t("skipToContent")}
      </a>
      <PendingIndicator />
      <Navbar />
      <main id="main" className="flex-1">
        <RenderErrorBoundary>{children}</RenderErrorBoundary>
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
