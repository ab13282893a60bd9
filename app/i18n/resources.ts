import enAccount from "./locales/en/account.json";
import enActivity from "./locales/en/activity.json";
import enAuth from "./locales/en/auth.json";
import enCatalog from "./locales/en/catalog.json";
import enContact from "./locales/en/contact.json";
import enChatExport from "./locales/en/chat-export.json";
import enDashboard from "./locales/en/dashboard.json";
import enGeneral from "./locales/en/general.json";
import enImport from "./locales/en/import.json";
import enNavigation from "./locales/en/navigation.json";
import enPrices from "./locales/en/prices.json";
import enAssistant from "./locales/en/assistant.json";
import enAssistantReplies from "./locales/en/assistant-replies.json";
import enPrint from "./locales/en/print.json";
import enProducts from "./locales/en/products.json";
import enPublic from "./locales/en/public.json";
import enUsers from "./locales/en/users.json";
import esAccount from "./locales/es/account.json";
import esActivity from "./locales/es/activity.json";
import esAuth from "./locales/es/auth.json";
import esCatalog from "./locales/es/catalog.json";
import esContact from "./locales/es/contact.json";
import esChatExport from "./locales/es/chat-export.json";
import esDashboard from "./locales/es/dashboard.json";
import esGeneral from "./locales/es/general.json";
import esImport from "./locales/es/import.json";
import esNavigation from "./locales/es/navigation.json";
import esPrices from "./locales/es/prices.json";
import esAssistant from "./locales/es/assistant.json";
import esAssistantReplies from "./locales/es/assistant-replies.json";
import esPrint from "./locales/es/print.json";
import esProducts from "./locales/es/products.json";
import esPublic from "./locales/es/public.json";
import esUsers from "./locales/es/users.json";
import type { Lang, Namespace } from "./config";

// English is the source; Spanish must have the same shape (a test compares the key sets too).
export const en = {
  general: enGeneral,
  navigation: enNavigation,
  import: enImport,
  "chat-export": enChatExport,
  auth: enAuth,
  account: enAccount,
  users: enUsers,
  dashboard: enDashboard,
  public: enPublic,
  catalog: enCatalog,
  contact: enContact,
  prices: enPrices,
  activity: enActivity,
  products: enProducts,
  print: enPrint,
  assistant: enAssistant,
  "assistant-replies": enAssistantReplies,
} satisfies Record<Namespace, unknown>;

export const es: Record<Namespace, unknown> = {
  general: esGeneral,
  navigation: esNavigation,
  import: esImport,
  "chat-export": esChatExport,
  auth: esAuth,
  account: esAccount,
  users: esUsers,
  dashboard: esDashboard,
  public: esPublic,
  catalog: esCatalog,
  contact: esContact,
  prices: esPrices,
  activity: esActivity,
  products: esProducts,
  print: esPrint,
  assistant: esAssistant,
  "assistant-replies": esAssistantReplies,
};

export const resources: Record<Lang, Record<Namespace, unknown>> = { en, es };
