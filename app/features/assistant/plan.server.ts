import type { Lang } from "~/i18n/config";
import { loadAssistantCatalog } from "./catalog.server";
import { planRequest } from "./engine/plan";
import type { AssistantRole, Plan } from "./engine/types";
import { planWithModel } from "./model.server";

/**
 * What the assistant does with the person's message, on the catalogue they may read: the model's
 * choice when one is configured and answers, else the built-in engine's plan.
 */
export async function planForUser(
  text: string,
  user: { id: string; role: AssistantRole },
  screenLang: Lang,
): Promise<Plan> {
  const { catalog, defaultList } = await loadAssistantCatalog(user, screenLang);
  const ctx = { role: user.role, defaultList, screenLang };
  return (await planWithModel(text, catalog, ctx)) ?? planRequest(text, catalog, ctx);
}
