import { uniqueName } from "../prices/fixtures";
import type { Session } from "../../support/e2e";

/**
 * A list of the test's own, empty, made through the list screen's form action as the seller's
 * browser would post it: the shared demo lists stay as other specs expect them.
 */
export async function createEmptyList(s: Session, prefix: string) {
  const name = uniqueName(prefix);
  const res = await s.page.request.post("/prices-manage", {
    form: { intent: "create", name, source: "", adjustmentType: "none" },
  });
  if (res.status() !== 200) throw new Error(`creating ${name} answered ${res.status()}`);
  await s.goto("/prices-manage", { axe: false });
  const href = await s.page
    .getByRole("region", { name: /^(Price lists|Listas de precios)$/ })
    .getByRole("link", { name, exact: true })
    .getAttribute("href");
  const slug = href?.match(/^\/prices-manage\/([^/?#]+)$/)?.[1];
  if (!slug) throw new Error(`no link to ${name} (href ${href})`);
  return { name, slug };
}
