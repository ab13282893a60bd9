import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLang } from "./i18n/config";
import { loadTranslations } from "./i18n/load-translations";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A signed-in page's translations are a file of their own (root.tsx), preloaded from <head>; the
// page must not hydrate without them. Should the file not come, the page stays as the server
// rendered it: its links and forms still work.
const translations = document.querySelector<HTMLMetaElement>('meta[name="translations"]')?.content;
const lang = document.documentElement.lang;
if (translations && isLang(lang)) {
  loadTranslations(lang, translations).then(hydrate, (error: unknown) =>
    console.error("The page's translations could not be loaded.", error),
  );
} else {
  hydrate();
}
