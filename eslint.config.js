import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
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
    // Forms speak the page's language: the browser's own checks, whose bubbles are in the
    // browser's language and block the site's messages, are off on every form
    // (useFormFeedback in ~/components/ui/field says what a form does instead).
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          'JSXOpeningElement[name.name=/^(form|Form|FormElement)$/]:not(:has(JSXAttribute[name.name="noValidate"]))',
          'JSXOpeningElement[name.property.name="Form"]:not(:has(JSXAttribute[name.name="noValidate"]))',
        ].map((selector) => ({
          selector,
          message: "Every form has noValidate: the site checks fields with its own messages, in the page's language.",
        })),
      ],
    },
  },
  {
    // Imports run down the layers (docs/ARCHITECTURE.md), and no module reaches itself again
    // through its imports.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./app/db", "./app/lib"],
              from: ["./app/features", "./app/routes", "./app/auth", "./app/setup", "./app/services"],
              message:
                "app/db and app/lib serve every layer above them: they import no feature, route, auth, service or setup module.",
            },
            {
              target: "./app/services",
              from: ["./app/features", "./app/routes", "./app/auth", "./app/setup"],
              message: "A service (mail, images) serves the features: it imports none of them.",
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./app/setup"],
              message: "Routes and start-up call the features, not the other way.",
            },
            {
              target: "./app/features/imports/engine",
              from: ["./app/features/imports/run", "./app/features/imports/screen"],
              message:
                "The import's engine is pure and runs in the browser and the server: it imports neither the run nor the screen.",
            },
            {
              target: "./app/features/imports/run",
              from: "./app/features/imports/screen",
              message: "The import's run serves the screen: it imports nothing of it.",
            },
          ],
        },
      ],
    },
  },
  {
    // A test may use any layer to set the scene (the demo catalogue, a route's loader).
    files: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": "off" },
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
