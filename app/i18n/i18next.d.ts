import "i18next";
import type { en } from "./resources";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "general";
    resources: typeof en;
  }
}
