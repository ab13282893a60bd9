import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ActivityEntryView } from "~/features/activity/types";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { RecentActivity } from "./recent-activity";

const entry = (over: Partial<ActivityEntryView>): ActivityEntryView => ({
  id: 1,
  createdAt: "2026-11-27T10:00:00.000Z",
  action: "updated",
  entityType: "price_list",
  actor: { state: "user", id: "u1", name: "Maria Lopez", contact: "maria@example.com" },
  entity: { name: "Restaurants", context: null, href: "/prices-manage/restaurants", gone: false },
  note: null,
  changes: { kind: "none" },
  importCounts: null,
  group: null,
  ...over,
});

function text(lang: Lang, entries: ActivityEntryView[]) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter>
        <RecentActivity entries={entries} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the dashboard's recent activity", () => {
  const bulk = entry({
    group: {
      source: "bulk",
      count: 11,
      bulk: { type: "percentage", value: 500, rounding: "cent", category: "fruits" },
      rows: [],
      more: 0,
    },
  });

  it("tells a change of many prices as the activity log does, in the reader's language", () => {
    expect(text("en", [bulk])).toContain("Maria Lopez: Bulk +5% on 11 products of Fruits in Restaurants");
    expect(text("es", [bulk])).toContain("Maria Lopez: Ajuste masivo de +5% a 11 productos de Frutas en Restaurants");
  });

  it("tells any other entry as who did what to which", () => {
    const product = entry({ entityType: "product", entity: { ...bulk.entity, name: "Limes" } });
    expect(text("en", [product])).toContain("Maria Lopez updated a product : Limes");
  });
});
