import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// One way to translate, and the document above the pages it renders.
const restrictedPaths = [
  {
    name: "react-i18next",
    importNames: ["useTranslation"],
    message: "Use useTranslation from ~/i18n/use-translation: one shared translator per language and namespaces.",
  },
  {
    name: "~/root",
    message: "The document imports the shell and the pages, not the other way: use ~/lib/root-data.",
  },
];

// Texts reach code through app/i18n: keys typed from the English files, and the translations a page
// has loaded (docs/decisions/018-translations-delivery.md); a module that imported a locale's file
// would carry its texts into the browser.
const localeFiles = {
  group: ["~/i18n/locales/**", "**/i18n/locales/**"],
  message: "Only app/i18n reads a locale's file: use its typed keys and helpers (~/i18n/keys) or a translator.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      ".tmp/",
      "node_modules/",
      "drizzle/",
      "test-results/",
      "playwright-report/",
    ],
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Unused names are the compiler's job (noUnusedLocals/noUnusedParameters); a leading _ marks the intended ones.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "no-restricted-imports": ["error", { patterns: [localeFiles] }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    rules: {
      // Server-rendered pages adopt browser-only state (local storage, media queries, the current
      // location) after hydration, which means setting state in an effect.
      "react-hooks/set-state-in-effect": "off",
      "no-restricted-imports": [
        "error",
        {
          paths: restrictedPaths,
          patterns: [localeFiles],
        },
      ],
    },
  },
  {
    // Imports run down the layers (docs/ARCHITECTURE.md): the database layer and the shared
    // library know no feature, route, auth or start-up module.
    files: ["app/lib/**/*.{ts,tsx}", "app/db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: restrictedPaths,
          patterns: [
            {
              group: [
                "~/features/*",
                "~/routes/*",
                "~/auth/*",
                "~/setup/*",
                "../features/*",
                "../routes/*",
                "../auth/*",
                "../setup/*",
              ],
              message:
                "app/db and app/lib serve every layer above them: they import no feature, route, auth or setup module.",
            },
            localeFiles,
          ],
        },
      ],
    },
  },
  {
    // The one place that reads the locale files. A rule set for a file replaces the ones above it,
    // so this repeats what every module of app/ is kept from.
    files: ["app/i18n/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: restrictedPaths }],
    },
  },
  {
    files: ["eslint.config.js"],
    extends: [js.configs.recommended],
  },
);
