import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/use-translation";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { BUSINESS_TIME_ZONE, formatDateTime } from "~/components/ui/date-time";
import { formatMoney } from "~/lib/money";
import { priceSteps, type PriceHistoryEntry } from "../history";
import { localeOf } from "~/lib/locale";

const HEIGHT = 220;

/** Canvas colours for each theme (a canvas cannot read Tailwind's classes). */
const palettes = {
  light: { line: "#15803d", fill: "rgba(21, 128, 61, 0.10)", grid: "#e2e8f0", text: "#334155", point: "#ffffff" },
  dark: { line: "#4ade80", fill: "rgba(74, 222, 128, 0.12)", grid: "#334155", text: "#cbd5e1", point: "#0f172a" },
};

function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Whether the page is dark now; the chart redraws when the theme changes. */
function useDarkTheme() {
  return useSyncExternalStore(
    subscribeToTheme,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}

const axisFormatters = new Map<string, Intl.DateTimeFormat>();

const axisParts: Record<string, Intl.DateTimeFormatOptions> = {
  seconds: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  time: { hour: "numeric", minute: "2-digit" },
  day: { month: "short", day: "numeric" },
  month: { month: "short", year: "numeric" },
};

/**
 * Labels of the time axis in the business's time zone: seconds within a quarter of an hour, hours
 * within two days, days within a year, months beyond. A label equal to the one before is left out.
 */
function axisDates(splits: number[], spanSeconds: number, lang: string) {
  const locale = localeOf(lang);
  const kind =
    spanSeconds < 900 ? "seconds" : spanSeconds < 2 * 86_400 ? "time" : spanSeconds < 365 * 86_400 ? "day" : "month";
  const key = `${locale}:${kind}`;
  let f = axisFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...axisParts[kind], timeZone: BUSINESS_TIME_ZONE });
    axisFormatters.set(key, f);
  }
  const format = f;
  return splits.map((s, i) => {
    const label = format.format(new Date(s * 1000));
    return i > 0 && label === format.format(new Date(splits[i - 1] * 1000)) ? "" : label;
  });
}

/**
 * A product's price over time as a step line (uPlot, on a canvas): each price holds until the next
 * change, the last one until now, and a time without a price is a gap. The canvas is one image
 * with a name and a written summary; the table beside it holds every figure.
 */
export default function PriceHistoryChart({
  entries,
  productName,
}: {
  entries: PriceHistoryEntry[];
  productName: string;
}) {
  const { t, i18n } = useTranslation("prices");
  const lang = i18n.language;
  const dark = useDarkTheme();
  const plotRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLParagraphElement>(null);
  const summaryId = useId();

  useEffect(() => {
    const target = plotRef.current;
    if (!target) return;
    const colors = dark ? palettes.dark : palettes.light;
    const { times, prices } = priceSteps(entries, new Date());
    const grid = { stroke: colors.grid, width: 1 };
    const font = "12px ui-sans-serif, system-ui, sans-serif";
    const chart = new uPlot(
      {
        width: Math.max(target.clientWidth, 240),
        height: HEIGHT,
        // Room on the right for the last date's label.
        padding: [8, 28, 0, 0],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), BUSINESS_TIME_ZONE),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: true } },
        series: [
          {},
          {
            stroke: colors.line,
            width: 2,
            fill: colors.fill,
            paths: uPlot.paths.stepped!({ align: 1 }),
            points: { show: true, size: 6, fill: colors.point, stroke: colors.line },
            spanGaps: false,
          },
        ],
        axes: [
          {
            stroke: colors.text,
            font,
            grid,
            ticks: grid,
            space: 80,
            values: (u, splits) => axisDates(splits, (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0), lang),
          },
          {
            stroke: colors.text,
            font,
            grid,
            ticks: grid,
            size: 72,
            values: (_u, splits) => splits.map((v) => formatMoney(Math.round(v * 100), lang)),
          },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const readout = readoutRef.current;
              if (!readout) return;
              const i = u.cursor.idx;
              if (i === null || i === undefined) {
                readout.textContent = "\u00a0";
                return;
              }
              const price = u.data[1][i];
              readout.textContent = `${formatDateTime(new Date(u.data[0][i] * 1000), lang)} · ${
                price === null || price === undefined
                  ? t("history.noPrice")
                  : formatMoney(Math.round(price * 100), lang)
              }`;
            },
          ],
        },
      },
      [times, prices],
      target,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(target.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [entries, dark, lang, t]);

  const priced = entries.filter((e) => e.newCents !== null);
  const newest = priced[0];
  const oldest = priced.at(-1);
  const values = priced.map((e) => e.newCents as number);
  const summary =
    newest && oldest
      ? t("history.chartSummary", {
          first: formatMoney(oldest.newCents as number, lang),
          firstDate: formatDateTime(oldest.at, lang),
          last: formatMoney(newest.newCents as number, lang),
          lastDate: formatDateTime(newest.at, lang),
          min: formatMoney(Math.min(...values), lang),
          max: formatMoney(Math.max(...values), lang),
        })
      : t("history.chartNoPrices");

  return (
    <figure className="space-y-1">
      <p
        ref={readoutRef}
        aria-hidden="true"
        className="min-h-5 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400"
      >
        {"\u00a0"}
      </p>
      <div
        ref={plotRef}
        role="img"
        aria-label={t("history.chartLabel", { name: productName })}
        aria-describedby={summaryId}
        data-testid="price-history-chart"
        className="w-full overflow-hidden"
        style={{ minHeight: HEIGHT }}
      />
      <figcaption id={summaryId} className="text-xs text-slate-700 dark:text-slate-300">
        {summary}
      </figcaption>
    </figure>
  );
}
