import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "./button";

// The required sizes and variants, each with the classes that make it what it is.
const sizeClasses: Record<ButtonSize, string[]> = {
  sm: ["h-8", "px-3", "text-sm"],
  md: ["h-10", "px-4", "text-sm"],
  lg: ["h-12", "px-6", "text-base"],
};

const variantClasses: Record<ButtonVariant, string[]> = {
  primary: ["bg-brand-700", "text-white", "hover:bg-brand-800"],
  secondary: ["bg-slate-100", "text-slate-900", "hover:bg-slate-200"],
  outline: ["border", "border-slate-300", "bg-transparent", "text-slate-900", "hover:bg-slate-50"],
  ghost: ["bg-transparent", "text-slate-700", "hover:bg-slate-100"],
  danger: ["bg-red-700", "text-white", "hover:bg-red-800"],
};

const sizes = Object.keys(sizeClasses) as ButtonSize[];
const variants = Object.keys(variantClasses) as ButtonVariant[];
const combinations = sizes.flatMap((size) => variants.map((variant) => ({ size, variant })));

// Classes every button has whatever its size and variant.
const shared = ["inline-flex", "items-center", "rounded-md", "font-medium", "focus-visible:outline-2"];

/** The tag name, attributes and class list of the one element in a rendered string. */
function parse(html: string) {
  const match = /^<(\w+)([^>]*)>([^<]*)<\/\1>$/.exec(html);
  if (!match) throw new Error(`not a single element: ${html}`);
  const attributes = Object.fromEntries([...match[2].matchAll(/\s([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { tag: match[1], attributes, classes: (attributes.class ?? "").split(" "), text: match[3] };
}

/** A class that belongs to another size or variant and not to this one. */
function foreignClasses(size: ButtonSize, variant: ButtonVariant) {
  const own = new Set([...sizeClasses[size], ...variantClasses[variant], ...shared]);
  const others = [
    ...sizes.filter((s) => s !== size).flatMap((s) => sizeClasses[s]),
    ...variants.filter((v) => v !== variant).flatMap((v) => variantClasses[v]),
  ];
  return [...new Set(others.filter((c) => !own.has(c)))];
}

describe("Button", () => {
  it.each(combinations)(
    "renders size $size, variant $variant with that size's and variant's classes",
    ({ size, variant }) => {
      const el = parse(
        renderToString(
          <Button size={size} variant={variant}>
            Save
          </Button>,
        ),
      );
      expect(el.tag).toBe("button");
      expect(el.attributes.type).toBe("button");
      expect(el.text).toBe("Save");
      expect(el.classes).toEqual(expect.arrayContaining([...shared, ...sizeClasses[size], ...variantClasses[variant]]));
      for (const c of foreignClasses(size, variant)) expect(el.classes, `${size}/${variant} has ${c}`).not.toContain(c);
    },
  );

  it("gives each of the 15 combinations its own class set", () => {
    const classSets = combinations.map(({ size, variant }) =>
      parse(renderToString(<Button size={size} variant={variant} />))
        .classes.sort()
        .join(" "),
    );
    expect(new Set(classSets).size).toBe(15);
  });

  it("is a medium primary button of type button unless told otherwise, and keeps extra classes", () => {
    const plain = parse(renderToString(<Button>Go</Button>));
    expect(plain.classes).toEqual(expect.arrayContaining([...sizeClasses.md, ...variantClasses.primary]));
    expect(plain.attributes.type).toBe("button");

    const submit = parse(renderToString(<Button type="submit" className="w-full" disabled />));
    expect(submit.attributes.type).toBe("submit");
    expect(submit.classes).toContain("w-full");
    expect(submit.attributes).toHaveProperty("disabled");
  });
});

describe("ButtonLink", () => {
  it.each(combinations)("renders an anchor with size $size and variant $variant", ({ size, variant }) => {
    const el = parse(
      renderToString(
        <MemoryRouter>
          <ButtonLink to="/prices" size={size} variant={variant}>
            Prices
          </ButtonLink>
        </MemoryRouter>,
      ),
    );
    expect(el.tag).toBe("a");
    expect(el.attributes.href).toBe("/prices");
    expect(el.text).toBe("Prices");
    expect(el.classes).toEqual(expect.arrayContaining([...shared, ...sizeClasses[size], ...variantClasses[variant]]));
    for (const c of foreignClasses(size, variant)) expect(el.classes).not.toContain(c);
  });
});
