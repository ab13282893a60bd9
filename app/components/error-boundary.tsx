import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";

function Fallback({ error, onReset }: { error: Error; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="site-container space-y-4 py-8 *:max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">{t("boundary.heading")}</h1>
      <details className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700">
        <summary className="cursor-pointer font-medium">{t("boundary.details")}</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words">{error.message}</pre>
      </details>
      <Button onClick={onReset}>{t("boundary.reset")}</Button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (this.state.error) return <Fallback error={this.state.error} onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The specification's error boundary for rendering errors in the browser; it resets on navigation. */
export function RenderErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.pathname}>{children}</Boundary>;
}
