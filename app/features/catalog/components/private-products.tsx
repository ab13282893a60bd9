import type { FormEvent, ReactNode } from "react";
import { formatNumber } from "~/lib/locale";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, useNavigate } from "react-router";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { categoryParam, orderedGroups, type CategoryGroup } from "../categories";
import { packLabel, unitLabel } from "../format";
import {
  parsePrivateCatalogQuery,
  privateCatalogSearch,
  selectedGroup,
  statusFilters,
  type StatusFilter,
} from "../private-query";
import { availabilityChoices, type AvailabilityChoice } from "../price-filters";
import { defaultSort, SEARCH_MAX, sortKeys, type SortKey } from "../query";
import type { CustomerProductRow, StaffProductRow } from "../types";
import { Availability } from "./availability";
import { Pagination } from "~/components/ui/pagination";
import { SelectBox, type RowSelection } from "./select-box";
import { ProductImage } from "./product-image";

export type PrivateFilters = {
  selected: CategoryGroup | null;
  search: string;
  sort: SortKey;
  availability: AvailabilityChoice;
  status: StatusFilter;
  /** The price list whose prices staff chose, or null for the base price. */
  list: string | null;
};

type Common = {
  total: number;
  page: number;
  pageCount: number;
  filters: PrivateFilters;
  /** Ticks for printing in the list whose prices show, with what to do with them above the rows. */
  selection?: RowSelection;
  /** The products of the page that can be ticked (the list prints them). */
  printable?: readonly string[];
  selectionBar?: ReactNode;
};

export type PrivateProductsProps =
  | (Common & {
      view: "staff";
      products: StaffProductRow[];
      lists: Array<{ slug: string; name: string }>;
      priceListName: string | null;
      canManage: boolean;
    })
  | (Common & { view: "customer"; products: CustomerProductRow[]; priceList: { name: string } | null });

type Row = CustomerProductRow & Partial<Omit<StaffProductRow, keyof CustomerProductRow>>;

const muted = "text-slate-700 dark:text-slate-300";

/** A blank cell that still says, to a screen reader, why it is blank. */
function Blank({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className={muted}>
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

const badgeClass =
  "inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100";

function InactiveBadge() {
  const { t } = useTranslation("products");
  return <span className={badgeClass}>{t("list.inactive")}</span>;
}

/** Kept from customers and visitors: new from an import and not reviewed yet, or hidden by staff. */
function HiddenBadge({ row }: { row: { hidden?: boolean; importReview?: boolean } }) {
  const { t } = useTranslation("products");
  if (!row.hidden) return null;
  return <span className={badgeClass}>{row.importReview ? t("list.toReview") : t("list.hidden")}</span>;
}

function Price({ cents, staff }: { cents: number | null; staff: boolean }) {
  const { t, i18n } = useTranslation("products");
  if (cents !== null) return <>{formatMoney(cents, i18n.language)}</>;
  // A customer is told to ask; staff only need to see that the list has no price for it.
  return staff ? (
    <Blank label={t("list.noPrice")} />
  ) : (
    <span className={cn("font-normal", muted)}>{t("list.askPrice")}</span>
  );
}

function isFiltered(filters: PrivateFilters) {
  return Boolean(
    filters.search ||
    filters.selected ||
    filters.availability !== "all" ||
    filters.status !== "all" ||
    filters.list ||
    filters.sort !== defaultSort,
  );
}

function Filters({ props, groups }: { props: PrivateProductsProps; groups: CategoryGroup[] }) {
  const { t } = useTranslation(["products", "catalog"]);
  const { filters } = props;
  const staff = props.view === "staff";
  const navigate = useNavigate();
  // Without JavaScript the browser sends every field; with it, the URL keeps only what differs
  // from the defaults, as the page's own links do.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === "string") params.append(name, value);
    const query = parsePrivateCatalogQuery(params);
    navigate(`/products${privateCatalogSearch({ ...query, category: selectedGroup(query.category), page: 1 })}`);
  };
  // Each field takes its value from the URL again after every navigation (the key).
  return (
    <Form
      noValidate
      method="get"
      action="/products"
      onSubmit={submit}
      role="search"
      aria-label={t("list.filtersLabel")}
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-4 lg:grid-cols-4 dark:border-slate-800"
    >
      <TextField
        className="col-span-2"
        label={t("list.searchLabel")}
        name="q"
        type="search"
        defaultValue={filters.search}
        key={`q-${filters.search}`}
        maxLength={SEARCH_MAX}
        placeholder={staff ? t("list.staffSearchPlaceholder") : t("products.searchPlaceholder", { ns: "catalog" })}
        autoComplete="off"
      />
      <SelectField
        label={t("list.categoryLabel")}
        name="category"
        defaultValue={filters.selected ? categoryParam(filters.selected) : ""}
        key={`category-${filters.selected}`}
      >
        <option value="">{t("filters.allCategories", { ns: "catalog" })}</option>
        {groups.map((group) => (
          <option key={group} value={categoryParam(group)}>
            {t(`categories.${group}`, { ns: "catalog" })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("list.availabilityLabel")}
        name="availability"
        defaultValue={filters.availability}
        key={`availability-${filters.availability}`}
      >
        {availabilityChoices.map((key) => (
          <option key={key} value={key}>
            {t(`filters.availability.${key}`, { ns: "catalog" })}
          </option>
        ))}
      </SelectField>
      {props.view === "staff" ? (
        <>
          <SelectField
            label={t("list.statusLabel")}
            name="status"
            defaultValue={filters.status}
            key={`status-${filters.status}`}
          >
            {statusFilters.map((key) => (
              <option key={key} value={key}>
                {t(`list.status.${key}`)}
              </option>
            ))}
          </SelectField>
          {props.lists.length > 0 ? (
            <SelectField
              label={t("list.pricesLabel")}
              name="list"
              defaultValue={filters.list ?? ""}
              key={`list-${filters.list}`}
            >
              <option value="">{t("list.basePrice")}</option>
              {props.lists.map((list) => (
                <option key={list.slug} value={list.slug}>
                  {list.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </>
      ) : null}
      <SelectField
        label={t("products.sortLabel", { ns: "catalog" })}
        name="sort"
        defaultValue={filters.sort}
        key={`sort-${filters.sort}`}
      >
        {sortKeys.map((key) => (
          <option key={key} value={key}>
            {t(`sorts.${key}`, { ns: "catalog" })}
          </option>
        ))}
      </SelectField>
      <div className="col-span-2 flex items-end lg:col-span-1">
        <Button type="submit" variant="primary">
          {t("products.apply", { ns: "catalog" })}
        </Button>
      </div>
    </Form>
  );
}

function priceHeading(props: PrivateProductsProps, t: (key: string, options?: Record<string, unknown>) => string) {
  if (props.view === "customer") return t("list.columns.yourPrice");
  return props.priceListName ? t("list.columns.listPrice", { list: props.priceListName }) : t("list.columns.basePrice");
}

const nameLink = "font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-100";

function ProductsTable({ props, rows, priceTitle }: { props: PrivateProductsProps; rows: Row[]; priceTitle: string }) {
  const { t, i18n } = useTranslation(["products", "catalog"]);
  const staff = props.view === "staff";
  const notSet = t("list.notSet");
  return (
    <div className="hidden md:block">
      <Table>
        <TableCaption>{t("list.caption", { page: props.page, pages: props.pageCount })}</TableCaption>
        <TableHead>
          <tr>
            {props.selection ? (
              <TableHeaderCell className="w-12">
                <span className="sr-only">{props.selection.labels.column}</span>
              </TableHeaderCell>
            ) : null}
            <TableHeaderCell className="w-16">
              <span className="sr-only">{t("list.columns.image")}</span>
            </TableHeaderCell>
            <TableHeaderCell>{t("list.columns.name")}</TableHeaderCell>
            <TableHeaderCell>{t("list.columns.category")}</TableHeaderCell>
            <TableHeaderCell numeric>{priceTitle}</TableHeaderCell>
            <TableHeaderCell>{t("list.columns.pack")}</TableHeaderCell>
            <TableHeaderCell>{t("list.columns.unit")}</TableHeaderCell>
            <TableHeaderCell>{t("list.columns.availability")}</TableHeaderCell>
            {staff ? (
              <>
                <TableHeaderCell numeric>{t("list.columns.quantity")}</TableHeaderCell>
                <TableHeaderCell>{t("list.columns.quickbooksId")}</TableHeaderCell>
                <TableHeaderCell>{t("list.columns.sku")}</TableHeaderCell>
                <TableHeaderCell>{t("list.columns.status")}</TableHeaderCell>
              </>
            ) : null}
          </tr>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const pack = packLabel(t, i18n.language, row.packValue, row.packUnit);
            const unit = unitLabel(t, row.unit);
            return (
              <tr key={row.slug} data-product={row.slug}>
                {props.selection ? (
                  <TableCell className="w-12">
                    {props.printable?.includes(row.slug) ? (
                      <SelectBox selection={props.selection} slug={row.slug} name={row.name} />
                    ) : null}
                  </TableCell>
                ) : null}
                <TableCell className="w-16">
                  <div className="w-12">
                    <ProductImage imageKey={row.imageKey} imageUrl={row.imageUrl} size={48} sizes="48px" />
                  </div>
                </TableCell>
                <TableHeaderCell scope="row" className="font-normal [overflow-wrap:anywhere]">
                  <Link to={`/products/${row.slug}`} className={nameLink}>
                    {row.name}
                  </Link>
                </TableHeaderCell>
                <TableCell className="whitespace-nowrap">
                  {t(`categories.${row.category ?? "uncategorized"}`, { ns: "catalog" })}
                </TableCell>
                <TableCell numeric className="whitespace-nowrap font-semibold">
                  <Price cents={row.priceCents} staff={staff} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{pack ?? <Blank label={notSet} />}</TableCell>
                <TableCell className="whitespace-nowrap">{unit ?? <Blank label={notSet} />}</TableCell>
                <TableCell>
                  <Availability inStock={row.inStock} className="whitespace-nowrap" />
                </TableCell>
                {staff ? (
                  <>
                    <TableCell numeric>
                      {row.quantity == null ? <Blank label={notSet} /> : formatNumber(row.quantity, i18n.language)}
                    </TableCell>
                    <TableCell className="min-w-40 [overflow-wrap:anywhere]">
                      {row.quickbooksId ?? <Blank label={notSet} />}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{row.sku ?? <Blank label={notSet} />}</TableCell>
                    <TableCell>
                      <span className="flex flex-wrap gap-1">
                        {row.active ? t("list.active") : <InactiveBadge />}
                        <HiddenBadge row={row} />
                      </span>
                    </TableCell>
                  </>
                ) : null}
              </tr>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** The same rows as cards on a phone, where eleven columns would not fit. */
function ProductCards({ props, rows, priceTitle }: { props: PrivateProductsProps; rows: Row[]; priceTitle: string }) {
  const { t, i18n } = useTranslation(["products", "catalog"]);
  const staff = props.view === "staff";
  const notSet = t("list.notSet");
  return (
    <ul className="space-y-3 md:hidden">
      {rows.map((row) => {
        const pack = packLabel(t, i18n.language, row.packValue, row.packUnit);
        const unit = unitLabel(t, row.unit);
        return (
          <li key={row.slug} data-product={row.slug}>
            <article className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              {props.selection && props.printable?.includes(row.slug) ? (
                <SelectBox selection={props.selection} slug={row.slug} name={row.name} />
              ) : null}
              <div className="w-16 shrink-0">
                <ProductImage imageKey={row.imageKey} imageUrl={row.imageUrl} size={64} sizes="64px" />
              </div>
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <h2 className="text-base font-semibold leading-snug [overflow-wrap:anywhere]">
                  <Link to={`/products/${row.slug}`} className={nameLink}>
                    {row.name}
                  </Link>
                </h2>
                <p className={muted}>
                  {[t(`categories.${row.category ?? "uncategorized"}`, { ns: "catalog" }), unit, pack]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold tabular-nums">
                    <span className="sr-only">{priceTitle}: </span>
                    <Price cents={row.priceCents} staff={staff} />
                  </span>
                  <Availability inStock={row.inStock} />
                  {staff && !row.active ? <InactiveBadge /> : null}
                  {staff ? <HiddenBadge row={row} /> : null}
                </div>
                {staff ? (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
                    <dt className={muted}>{t("list.columns.quantity")}</dt>
                    <dd className="tabular-nums">
                      {row.quantity == null ? <Blank label={notSet} /> : formatNumber(row.quantity, i18n.language)}
                    </dd>
                    <dt className={muted}>{t("list.columns.quickbooksId")}</dt>
                    <dd className="[overflow-wrap:anywhere]">{row.quickbooksId ?? <Blank label={notSet} />}</dd>
                    <dt className={muted}>{t("list.columns.sku")}</dt>
                    <dd>{row.sku ?? <Blank label={notSet} />}</dd>
                  </dl>
                ) : null}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The products page of a signed-in reader: the catalogue as a table, filtered and
 * sorted through the URL. Staff also see quantity, QuickBooks ID, SKU and inactive products; a
 * customer sees the prices of their own list. It loads apart from the public page's code.
 */
export default function PrivateProducts(props: PrivateProductsProps) {
  const { t, i18n } = useTranslation(["products", "catalog", "navigation"]);
  const groups = orderedGroups((g) => t(`categories.${g}`, { ns: "catalog" }), i18n.language);
  const rows: Row[] = props.products;
  const priceTitle = priceHeading(props, t as (key: string, options?: Record<string, unknown>) => string);
  const { filters } = props;
  const hrefFor = (page: number) =>
    `/products${privateCatalogSearch({ ...filters, category: filters.selected, page })}`;
  return (
    <div className="site-container space-y-6 py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">{t("list.title")}</h1>
          {props.view === "staff" ? (
            <p className={cn("max-w-3xl", muted)}>{t("list.staffIntro")}</p>
          ) : props.priceList ? (
            <p className={cn("max-w-3xl", muted)}>{t("list.customerIntro", { list: props.priceList.name })}</p>
          ) : null}
        </div>
        {props.view === "staff" && props.canManage ? (
          <ButtonLink to="/products/manage" variant="outline">
            {t("manageProducts", { ns: "navigation" })}
          </ButtonLink>
        ) : null}
      </header>

      {props.view === "customer" && !props.priceList ? <FormAlert tone="info">{t("list.noList")}</FormAlert> : null}

      <Filters props={props} groups={groups} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className={cn("text-sm font-medium", muted)}>
          {t("products.results", { ns: "catalog", count: props.total })}
        </p>
        {isFiltered(filters) ? (
          <Link to="/products" className={buttonClasses("ghost", "sm")}>
            {t("filters.clear", { ns: "catalog" })}
          </Link>
        ) : null}
      </div>

      {rows.length > 0 ? props.selectionBar : null}

      {rows.length === 0 ? (
        <p className={muted}>{t("list.empty")}</p>
      ) : (
        <>
          <ProductsTable props={props} rows={rows} priceTitle={priceTitle} />
          <ProductCards props={props} rows={rows} priceTitle={priceTitle} />
        </>
      )}

      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        hrefFor={hrefFor}
        label={t("products.pagination", { ns: "catalog" })}
      />
    </div>
  );
}
