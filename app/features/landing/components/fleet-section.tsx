import { Check } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Img } from "~/components/ui/img";
import { siteImageKey } from "~/lib/site-images";
import { carouselIntervalMs, fleetSlides } from "../content";
import { SectionHeading } from "./section-heading";

// The carousel library is needed only once someone can interact with it, far below the fold:
// it loads after the page rather than with it (the server still renders the slides).
const Carousel = lazy(() => import("./carousel"));

function FleetSlide({ slide }: { slide: (typeof fleetSlides)[number] }) {
  const { t } = useTranslation("public");
  return (
    <article className="grid items-center gap-6 bg-slate-800 p-4 sm:p-6 md:grid-cols-[3fr_2fr] md:gap-10">
      <Img
        imageKey={siteImageKey(slide.image)}
        alt=""
        width={560}
        height={315}
        sizes="(min-width: 1024px) 560px, (min-width: 768px) 55vw, calc(100vw - 4rem)"
        className="aspect-video h-auto w-full rounded-2xl object-cover"
      />
      <div className="pb-2 md:pb-0">
        <h3 className="text-2xl font-bold text-white">{t(`fleet.slides.${slide.id}.title`)}</h3>
        <p className="mt-3 text-slate-200">{t(`fleet.slides.${slide.id}.body`)}</p>
        <ul className="mt-5 flex flex-wrap gap-2">
          {slide.badges.map((badge) => (
            <li
              key={badge}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800"
            >
              <Check aria-hidden="true" className="size-4" />
              {t(`fleet.badges.${badge}`)}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function FleetSection() {
  const { t } = useTranslation("public");
  const slides = fleetSlides.map((slide) => ({
    id: slide.id,
    title: t(`fleet.slides.${slide.id}.title`),
    content: <FleetSlide slide={slide} />,
  }));
  return (
    <section aria-labelledby="fleet-title" className="bg-slate-900 py-16 sm:py-20 dark:bg-slate-900">
      <div className="site-container">
        <SectionHeading id="fleet-title" eyebrow={t("fleet.eyebrow")} title={t("fleet.title")} tone="inverse" />
        <div className="mt-12">
          <Suspense fallback={<FleetSlide slide={fleetSlides[0]} />}>
            <Carousel
              slides={slides}
              intervalMs={carouselIntervalMs}
              labels={{
                region: t("fleet.label"),
                slide: (n, total) => t("fleet.slide", { n, total }),
                previous: t("fleet.previous"),
                next: t("fleet.next"),
                goTo: (n, title) => t("fleet.goTo", { n, title }),
                pause: t("fleet.pause"),
                play: t("fleet.play"),
              }}
            />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
