import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert, TextField } from "~/components/ui/field";
import { Img } from "~/components/ui/img";
import type { ManageResult } from "../manage-actions.server";
import type { ManagedProduct } from "../manage.server";

/** The specification's image rules, checked here for a quick answer and again by the server on the bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const acceptedTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** A product's picture at thumbnail size: a stored upload, an image elsewhere, or the fallback. */
export function ProductThumb({
  product,
  size,
  fallback,
}: {
  product: Pick<ManagedProduct, "imageKey" | "imageUrl">;
  size: number;
  fallback: ReactNode;
}) {
  const frame =
    "flex items-center justify-center overflow-hidden rounded-md bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300";
  if (product.imageKey) {
    return (
      <span className={frame} style={{ width: size, height: size }}>
        <Img
          imageKey={product.imageKey}
          alt=""
          width={size}
          height={size}
          sizes={`${size}px`}
          className="h-full w-full object-contain"
        />
      </span>
    );
  }
  if (product.imageUrl) {
    return (
      <span className={frame} style={{ width: size, height: size }}>
        <img
          src={product.imageUrl}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="h-full w-full object-contain"
        />
      </span>
    );
  }
  return (
    <span className={frame} style={{ width: size, height: size }}>
      {fallback}
    </span>
  );
}

type Refusal = "tooLarge" | "notAnImage" | "noFile";

/** Upload a picture (JPG, PNG, GIF or WEBP, at most 5 MB), give an image's address instead, or remove it. */
export function ProductImageDialog({ product, onClose }: { product: ManagedProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation("products");
  const upload = useFetcher<ManageResult>();
  const address = useFetcher<ManageResult>();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [url, setUrl] = useState(product.imageUrl ?? "");
  const name = i18n.language === "es" ? product.nameEs : product.nameEn;
  const uploadResult = upload.state === "idle" ? upload.data : undefined;
  const addressResult = address.state === "idle" ? address.data : undefined;

  useEffect(() => {
    for (const fetcher of [upload, address]) {
      if (fetcher.state === "idle" && fetcher.data?.ok) {
        toast.success(t("manage.imageSaved"));
        onClose();
        return;
      }
    }
  }, [upload, address, onClose, t]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) setRefusal(null);
    else if (!acceptedTypes.includes(chosen.type)) setRefusal("notAnImage");
    else if (chosen.size > MAX_IMAGE_BYTES) setRefusal("tooLarge");
    else setRefusal(null);
  };
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setRefusal("noFile");
    if (refusal) return;
    const form = new FormData();
    form.set("intent", "image-upload");
    form.set("id", product.id);
    form.set("file", file);
    void upload.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  const uploadError =
    refusal !== null
      ? t(`manage.image.reasons.${refusal}`)
      : uploadResult && !uploadResult.ok && "reason" in uploadResult && uploadResult.reason
        ? t(uploadResult.reason as `manage.image.reasons.${Refusal | "failed"}`)
        : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t("manage.image.title", { name })}>
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <ProductThumb
            product={product}
            size={96}
            fallback={<span className="px-2 text-center text-xs">{t("manage.image.none")}</span>}
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {product.imageKey || product.imageUrl ? t("manage.image.current") : t("manage.image.none")}
          </p>
        </div>
        <form onSubmit={send} noValidate className="space-y-3" encType="multipart/form-data">
          <h3 className="font-medium">{t("manage.image.upload")}</h3>
          {uploadResult && !uploadResult.ok && refusal === null ? (
            <FormAlert>
              <p className="font-medium">{t(uploadResult.message)}</p>
            </FormAlert>
          ) : null}
          <TextField
            label={t("manage.image.fileLabel")}
            type="file"
            accept={acceptedTypes.join(",")}
            hint={t("manage.image.fileHint")}
            error={
              uploadError
                ? refusal !== null
                  ? `${t("manage.image.uploadFailed")}: ${uploadError}`
                  : uploadError
                : undefined
            }
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
          <Button type="submit" disabled={upload.state !== "idle"}>
            {upload.state !== "idle" ? t("manage.image.uploading") : t("manage.image.uploadButton")}
          </Button>
        </form>
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">{t("manage.image.or")}</p>
        <address.Form method="post" noValidate className="space-y-3">
          <input type="hidden" name="intent" value="image-url" />
          <input type="hidden" name="id" value={product.id} />
          <TextField
            label={t("manage.image.urlLabel")}
            name="url"
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            hint={t("manage.image.urlHint")}
            error={addressResult && !addressResult.ok ? t(addressResult.message) : undefined}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={address.state !== "idle" || url.trim() === ""}>
              {t("manage.image.urlButton")}
            </Button>
            {product.imageKey || product.imageUrl ? (
              <Button
                type="button"
                variant="outline"
                disabled={address.state !== "idle"}
                onClick={() => void address.submit({ intent: "image-remove", id: product.id }, { method: "post" })}
              >
                {t("manage.image.remove")}
              </Button>
            ) : null}
          </div>
        </address.Form>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClose}>
            {t("manage.image.close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
