import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from "react";
import { cn } from "~/lib/cn";

export type CarouselSlide = { id: string; title: string; content: ReactNode };

export type CarouselLabels = {
  region: string;
  slide: (n: number, total: number) => string;
  previous: string;
  next: string;
  goTo: (n: number, title: string) => string;
  pause: string;
  play: string;
};

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const media = matchMedia(reducedMotionQuery);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the visitor asked for less motion; false on the server and until hydration. */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * The specification's carousel: it advances every `intervalMs`, pauses while the pointer is over
 * it or keyboard focus is inside it, wraps at both ends, and has previous/next buttons and dots,
 * shown only with more than one slide. With reduced motion it never moves by itself and jumps
 * instead of sliding; a pause button stops the rotation for good (WCAG 2.2.2).
 */
export default function Carousel({
  slides,
  labels,
  intervalMs,
}: {
  slides: CarouselSlide[];
  labels: CarouselLabels;
  intervalMs: number;
}) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 30 });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const multiple = slides.length > 1;
  const rotating = multiple && !stopped && !reducedMotion;
  const playing = rotating && !hovered && !focused && api !== undefined;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect);
    };
  }, [api]);

  // One timer per shown slide: any change of slide, by hand or by itself, restarts the countdown.
  useEffect(() => {
    if (!api || !playing) return;
    const timer = setTimeout(() => api.scrollNext(), intervalMs);
    return () => clearTimeout(timer);
  }, [api, playing, selected, intervalMs]);

  const go = useCallback((index: number) => api?.scrollTo(index, reducedMotion), [api, reducedMotion]);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={labels.region}
      data-ready={api ? "true" : undefined}
      data-playing={playing ? "true" : "false"}
      className="relative"
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-3xl">
        <div className="flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide(index + 1, slides.length)}
              aria-hidden={index !== selected}
              data-slide={slide.id}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {multiple ? (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            onClick={() => setStopped((v) => !v)}
            aria-label={stopped ? labels.play : labels.pause}
            hidden={reducedMotion}
            className="inline-flex size-10 items-center justify-center rounded-full text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          </button>
          <button
            type="button"
            onClick={() => api?.scrollPrev(reducedMotion)}
            aria-label={labels.previous}
            className="inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-900 shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <div className="flex items-center gap-1">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => go(index)}
                aria-label={labels.goTo(index + 1, slide.title)}
                aria-current={index === selected ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 rounded-full transition-all motion-reduce:transition-none",
                    index === selected ? "w-7 bg-white" : "w-2.5 bg-white/50 group-hover:bg-white/80",
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => api?.scrollNext(reducedMotion)}
            aria-label={labels.next}
            className="inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-900 shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
