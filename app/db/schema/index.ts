export * from "./auth";
export * from "./catalog";
export * from "./operations";
export * from "./assistant";
