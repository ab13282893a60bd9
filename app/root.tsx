import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { readCookie, retryWhenUnavailable, sessionMiddleware } from "./auth/session.server";
import { getLang, getUser } from "./auth/guards.server";
import { useNonce } from "./components/nonce";
import { PageTranslations, usePageLanguage } from "./components/page-language";
import { RouteErrorPage } from "./components/route-error";
import { useRequestId } from "./components/request-id";
import { publicPageCache } from "./features/catalog/page-cache.server";
import { Shell } from "./components/shell/shell";
import { anonymousTranslations, signedInTranslations } from "./i18n/bundle.server";
import { loadTranslations } from "./i18n/load-translations";
import { i18nFor, provideTranslations, unpackTranslations } from "./i18n/store";
import { isTheme, themeCookie, themeScript, type Theme } from "./lib/theme";
import { siteInfo } from "./lib/site.server";
import { localBusinessJsonLd, organizationJsonLd, publicPageUrls } from "./lib/seo";
import { useRootData, type RootData } from "./lib/root-data";
import { readShellOnChange } from "./lib/kept-data";

/**
 * Only for the root error page, which no search engine should keep; its title is written by the
 * page itself (RouteErrorPage), which knows the reader's language even when the root's data is
 * missing.
 */
export const meta: Route.MetaFunction = ({ error }) => (error ? [{ name: "robots", content: "noindex" }] : []);

export const links: Route.LinksFunction = () => [
  // With a precedence React puts the stylesheet ahead of the module preloads in <head>: it blocks
  // the first paint, so it must not wait behind them for a connection.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [retryWhenUnavailable, sessionMiddleware, publicPageCache];

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookieTheme = readCookie(request.headers.get("cookie"), themeCookie);
  const lang = getLang(context);
  const user = getUser(context);
  return data({
    lang,
    user,
    // Only this language: translations are not in the JS bundle. Public pages carry theirs; a
    // signed-in person's browser fetches a file it keeps (entry.client.tsx, clientLoader below).
    translations: user ? null : anonymousTranslations(lang),
    translationsUrl: user ? signedInTranslations(lang).path : null,
    theme: (isTheme(cookieTheme) ? cookieTheme : "system") as Theme,
    site: siteInfo(),
  } satisfies RootData);
}

export const shouldRevalidate = readShellOnChange;

/** After signing in or switching language, the new translations are there before anything renders with them. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const root = await serverLoader();
  if (root.translationsUrl) await loadTranslations(root.lang, root.translationsUrl);
  return root;
}

/**
 * Canonical URL, language alternates (docs/decisions/005-language-precedence.md) and og:url of a
 * public page.
 */
function PageUrls({ root }: { root: RootData }) {
  const location = useLocation();
  const error = useRouteError();
  const urls = publicPageUrls(root.site.baseUrl, location.pathname, location.search, root.lang);
  // An error page (a product that does not exist, say) is nobody's canonical page.
  if (!urls || error) return null;
  return (
    <>
      <link rel="canonical" href={urls.canonical} />
      {urls.alternates.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:url" content={urls.canonical} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const requestId = useRequestId();
  const page = usePageLanguage();
  const lang = root?.lang ?? page?.lang ?? "en";
  const dark = root?.theme === "dark";
  // The file the page was served with, for entry.client.tsx to wait for. Later ones (another
  // language, after signing in) the root's clientLoader fetches before they are needed.
  const [pageTranslations] = useState(root?.translationsUrl);
  // Before <Meta /> and the app render: both translate with what the root loader sent (a signed-in
  // page's file is already loaded by then). The server has known every translation since it
  // started (i18n/instance.ts).
  if (!import.meta.env.SSR) {
    provideTranslations(lang, unpackTranslations(lang, root ? root.translations : page?.translations));
  }
  return (
    <html
      lang={lang}
      className={dark ? "dark" : undefined}
      style={{ colorScheme: dark ? "dark" : "light" }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} suppressHydrationWarning />
        <Meta />
        <Links nonce={nonce} />
        {pageTranslations ? (
          <>
            <meta name="translations" content={pageTranslations} />
            <link rel="preload" as="fetch" href={pageTranslations} crossOrigin="anonymous" />
          </>
        ) : null}
        {root ? <PageUrls root={root} /> : null}
        {!root && page ? <PageTranslations value={page} /> : null}
        {/* For search engines, which never sign in: a signed-in page's bytes are spent on its own data. */}
        {root?.site && !root.user ? (
          <>
            <script
              type="application/ld+json"
              // JSON.stringify output is escaped for "<" so it cannot close the script element.
              dangerouslySetInnerHTML={{ __html: organizationJsonLd(root.site) }}
            />
            <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: localBusinessJsonLd(root.site) }} />
          </>
        ) : null}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const i18n = i18nFor(loaderData.lang);
  return (
    <I18nextProvider i18n={i18n}>
      <Shell>
        <Outlet />
      </Shell>
    </I18nextProvider>
  );
}

/**
 * A missing page or a public page's error keeps the site's header, navigation and footer; only
 * when the root's own data failed (the shell needs it) is the page shown alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const page = usePageLanguage();
  const i18n = i18nFor(root?.lang ?? page?.lang ?? "en");
  return (
    <I18nextProvider i18n={i18n}>
      {root ? (
        <Shell>
          <RouteErrorPage error={error} />
        </Shell>
      ) : (
        <RouteErrorPage error={error} />
      )}
    </I18nextProvider>
  );
}
