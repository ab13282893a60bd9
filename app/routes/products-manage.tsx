import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, useLocation, useSearchParams } from "react-router";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { ManageFilters } from "~/features/catalog/components/manage-filters";
import { ProductFormDialog } from "~/features/catalog/components/product-form-dialog";
import { ProductGrid } from "~/features/catalog/components/product-grid";
import { attachUploadedImage, runManageAction, type ManageResult } from "~/features/catalog/manage-actions.server";
import { parseManageQuery } from "~/features/catalog/manage-query";
import { findManagedProducts, productExists } from "~/features/catalog/manage.server";
import { readUploadForm, storeProductImage, type UploadRefusal } from "~/services/images/upload.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { answerError } from "~/lib/refusal.server";
import { z } from "zod";
import { serverDataOrShown, useShownData } from "~/lib/kept-data";
import type { Route } from "./+types/products-manage";
import { readForm } from "~/lib/read-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("manageProducts", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "products:manage");
  const query = parseManageQuery(new URL(request.url).searchParams);
  const found = await findManagedProducts(query, getLang(context));
  return { query, ...found };
}

function uploadRefused(error: unknown, requestId: string) {
  const { status, result } = answerError<ManageResult>(error, {
    log: "storing an uploaded image failed",
    context: { requestId },
    failed: { ok: false, message: "manage.image.uploadFailed", reason: "manage.image.reasons.failed" },
    // The image service says why; the image dialog shows it beneath its "could not upload".
    refused: (refusal) => ({
      ok: false,
      message: "manage.image.uploadFailed",
      reason: `manage.image.reasons.${refusal.code as UploadRefusal}`,
    }),
  });
  return data(result, { status });
}

async function uploadImage(form: FormData, actor: { id: string }, requestId: string) {
  try {
    const id = z.uuid().safeParse(form.get("id"));
    if (!id.success || !(await productExists(id.data))) {
      return data({ ok: false as const, message: "manage.image.invalidUrl" as const }, { status: 404 });
    }
    const key = await storeProductImage(form.get("file"));
    const { status, result } = await attachUploadedImage(actor, id.data, key, requestId);
    return data(result, { status });
  } catch (error) {
    return uploadRefused(error, requestId);
  }
}

// A failed read after a save keeps the edits on screen (app/lib/kept-data.ts).
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return serverDataOrShown(request, serverLoader);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "products:manage");
  const { requestId } = getRequestInfo(context);
  // A multipart body may carry a picture: it is read as a stream and refused once it outgrows one.
  let form: FormData;
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    try {
      form = await readUploadForm(request);
    } catch (error) {
      return uploadRefused(error, requestId);
    }
  } else {
    form = await readForm(request);
  }
  if (form.get("intent") === "image-upload") return uploadImage(form, actor, requestId);
  const { status, result } = await runManageAction(actor, Object.fromEntries(form), requestId);
  return data(result, { status });
}

export default function ManageProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  useShownData(loaderData);
  const { query, products, total, page, pageCount } = loaderData;
  const [creating, setCreating] = useState(false);
  const [params] = useSearchParams();
  const { search } = useLocation();
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    return `?${next.toString()}`;
  };
  return (
    <div className="site-container space-y-6 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{t("manage.title")}</h1>
          <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("manage.intro")}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t("manage.newProduct")}
        </Button>
      </header>
      <ManageFilters query={query} />
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t("manage.results", { count: total })}
      </p>
      {/* The grid also shows the empty state, so the answer to archiving the last row stays on screen.
          A grid per page and filter: edits belong to the rows they were typed on (their draft is offered on the next). */}
      <ProductGrid key={search} products={products} />
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={hrefFor}
        label={t("products.pagination", { ns: "catalog" })}
      />
      {creating ? <ProductFormDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
