import { resolveIntent, refuseRequest, MAX_REQUEST_CHARS } from "./resolve";
import type { AssistantCatalog, Plan, PlanContext } from "./types";
import { understand } from "./understand";

/**
 * What the assistant would do with one message: list products, propose a price change, show a
 * price history, ask back, or refuse. Pure and synchronous; the server carries the plan out.
 */
export function planRequest(text: string, catalog: AssistantCatalog, ctx: PlanContext): Plan {
  return planOnce(text, catalog, ctx, (choice) => planOnce(choice, catalog, ctx, null));
}

function planOnce(
  text: string,
  catalog: AssistantCatalog,
  ctx: PlanContext,
  replan: ((text: string) => Plan) | null,
): Plan {
  if (text.trim() === "") return refuseRequest(ctx.screenLang, ctx.role, "empty");
  if (text.length > MAX_REQUEST_CHARS) {
    const lang = understand(text.slice(0, MAX_REQUEST_CHARS)).lang ?? ctx.screenLang;
    return refuseRequest(lang, ctx.role, "too_long");
  }
  return resolveIntent(understand(text), catalog, ctx, replan);
}
