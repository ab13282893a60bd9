import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Carousel, { type CarouselLabels } from "./carousel";

const labels: CarouselLabels = {
  region: "Fleet",
  slide: (n, total) => `Slide ${n} of ${total}`,
  previous: "Previous slide",
  next: "Next slide",
  goTo: (n, title) => `Go to slide ${n}: ${title}`,
  pause: "Pause",
  play: "Play",
};

const slide = (id: string) => ({ id, title: id, content: <p>{id}</p> });

function render(count: number) {
  const slides = Array.from({ length: count }, (_, i) => slide(`s${i + 1}`));
  return renderToString(<Carousel slides={slides} labels={labels} intervalMs={5000} />);
}

describe("carousel controls", () => {
  it("are left out with a single slide", () => {
    const html = render(1);
    expect(html).toContain("s1");
    expect(html).not.toContain("<button");
  });

  it("show previous, next, a dot per slide and pause with more than one", () => {
    const html = render(3);
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html.match(/aria-label="Go to slide \d: s\d"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Pause"');
    // The first slide is the one shown, and its dot is the current one.
    expect(html).toMatch(/aria-label="Slide 1 of 3" aria-hidden="false"/);
    expect(html).toMatch(/aria-label="Go to slide 1: s1" aria-current="true"/);
  });
});
