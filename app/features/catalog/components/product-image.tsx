import { Sprout } from "lucide-react";
import { Img } from "~/components/ui/img";
import { cn } from "~/lib/cn";

/**
 * A product's picture, or a quiet placeholder of the same size when it has none (the site's sprout,
 * faint, so an empty frame does not read as a picture that failed to load), so cards line up and
 * nothing shifts. The name is next to it, so the picture itself is decorative.
 */
export function ProductImage({
  imageKey,
  imageUrl = null,
  size,
  sizes,
  priority,
  className,
}: {
  imageKey: string | null;
  /** An image elsewhere on the web (staff gave its address), used when there is no stored upload. */
  imageUrl?: string | null;
  size: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const frame = cn("aspect-square w-full rounded-md bg-slate-50 dark:bg-slate-900", className);
  if (!imageKey && imageUrl) {
    return (
      <div className={frame}>
        <img
          src={imageUrl}
          alt=""
          width={size}
          height={size}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          referrerPolicy="no-referrer"
          className="h-full w-full object-contain"
        />
      </div>
    );
  }
  if (!imageKey) {
    return (
      <div aria-hidden="true" className={cn(frame, "flex items-center justify-center")}>
        <Sprout className="size-1/3 text-slate-300 dark:text-slate-700" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <div className={frame}>
      <Img
        imageKey={imageKey}
        alt=""
        width={size}
        height={size}
        sizes={sizes}
        priority={priority}
        className="h-full w-full object-contain"
      />
    </div>
  );
}
