import { categories, type Category } from "~/features/catalog/categories";
import { listName } from "~/features/price-lists/names";
import type { Lang } from "~/i18n/config";
import { applyAdjustment, dollarsToCents, formatMoney, MAX_PRICE_CENTS } from "~/lib/money";
import { indexCatalog, recogniseWord, type CatalogIndex, type IndexedProduct } from "./catalog-index";
import { matchProducts } from "./match";
import { significantWords } from "./produce-terms";
import { amountText, capabilities, categoryName, packText, productName, repliesIn, type Translate } from "./replies";
import { nameWords, wordKey } from "./text";
import type {
  AssistantCatalog,
  AssistantList,
  ChangeBy,
  Choice,
  ListRef,
  Plan,
  PlanArgs,
  PlanContext,
  ProductRef,
  ProposedChange,
  RefuseReason,
} from "./types";
import type { Intent } from "./understand";

/** The longest message the assistant reads. */
export const MAX_REQUEST_CHARS = 2_000;
const DEFAULT_DAYS = 30;
const MAX_CHOICES = 8;

type Action = "list" | "change" | "history";

type Target =
  | {
      kind: "products";
      items: IndexedProduct[];
      query: string;
      category: Category | null;
      /** A pack was named ("60s") that none of these products comes in. */
      packMissing: boolean;
    }
  | { kind: "category"; category: Category }
  | { kind: "none" }
  | { kind: "unknown"; query: string; produce: boolean };

type Mode =
  | { kind: "set"; dollars: number }
  | { kind: "by"; change: ChangeBy }
  | { kind: "toOrBy"; dollars: number }
  | { kind: "direction"; type: ChangeBy["type"]; size: number }
  | { kind: "missing" };

/** Everything a request is resolved with. */
type Scope = {
  catalog: AssistantCatalog;
  ctx: PlanContext;
  intent: Intent;
  lang: Lang;
  t: Translate;
  index: CatalogIndex;
  /** The list the request is about (named, else the default); null when there is none. */
  list: AssistantList | null;
  /** The request named the list: choices name it too. */
  listNamed: boolean;
  allowed: (item: IndexedProduct) => boolean;
  role: PlanContext["role"];
  /** Plans a choice's message again, to make sure it names one thing; null inside such a check. */
  replan: ((text: string) => Plan) | null;
};

export function resolveIntent(
  intent: Intent,
  catalog: AssistantCatalog,
  ctx: PlanContext,
  replan: ((text: string) => Plan) | null,
): Plan {
  const lang = intent.lang ?? ctx.screenLang;
  const t = repliesIn(lang);
  const base = { lang, t, role: ctx.role };
  if (intent.outOfScope) return refusal(base, "out_of_scope", t("refuse.outOfScope"));
  const index = indexCatalog(catalog.products);
  const action = actionOf(intent);
  if (ctx.role === "customer" && action === "change") {
    return refusal(base, "customer_change", t("refuse.customerChange"));
  }
  const named = findList(intent, catalog, index);
  if (named.kind === "unknown") {
    if (ctx.role === "customer") {
      return refusal(
        base,
        "other_list",
        t("refuse.otherList", { list: ctx.defaultList ? listName(ctx.defaultList, lang) : "" }),
      );
    }
    const lists = catalog.lists.map((l) => listName(l, lang)).join(", ");
    return refusal(base, "unknown_list", t("refuse.unknownList", { name: named.word, lists }));
  }
  const list = ctx.role === "customer" ? ctx.defaultList : named.kind === "found" ? named.list : ctx.defaultList;
  const listItems = list ? catalog.prices.get(list.id) : undefined;
  const scope: Scope = {
    catalog,
    ctx,
    intent,
    lang,
    t,
    role: ctx.role,
    index,
    list,
    listNamed: named.kind === "found",
    // A customer's catalogue is their list: nothing outside it exists for them.
    allowed: ctx.role === "customer" ? (item) => listItems?.has(item.product.id) ?? false : () => true,
    replan,
  };
  const target = findTarget(scope, named.kind === "found" ? named.words : []);
  if (target.kind === "none" && !hasAnySignal(intent, named.kind === "found")) {
    return refusal(base, "out_of_scope", t("refuse.outOfScope"));
  }
  if (target.kind === "unknown") {
    if (!target.produce && !hasAnySignal(intent, named.kind === "found")) {
      return refusal(base, "out_of_scope", t("refuse.outOfScope"));
    }
    const key = list ? "refuse.unknownProduct" : "refuse.unknownProductAnywhere";
    return refusal(base, "unknown_product", t(key, { query: target.query, list: list ? listName(list, lang) : "" }), {
      query: target.query,
      ...(list ? { priceList: listRef(list, lang) } : {}),
    });
  }
  if (action === "history") return planHistory(scope, target);
  if (!list) return refusal(base, "unknown_list", t("refuse.noList"));
  return action === "change" ? planChange(scope, target, list) : planList(scope, target, list);
}

function actionOf(intent: Intent): Action {
  if (intent.wantsHistory && !intent.amount) return "history";
  if (intent.wantsChange || intent.amount) return "change";
  if (intent.days !== null) return "history";
  return "list";
}

/** Whether the request says anything about prices or products at all. */
function hasAnySignal(intent: Intent, namedList: boolean) {
  return (
    intent.wantsList ||
    intent.wantsChange ||
    intent.wantsHistory ||
    intent.amount !== null ||
    intent.days !== null ||
    intent.pack !== null ||
    intent.saysAll ||
    intent.categoryWords.length > 0 ||
    namedList
  );
}

type Refusal = { lang: Lang; t: Translate; role: PlanContext["role"] };

function refusal(base: Refusal, reason: RefuseReason, text: string, args: PlanArgs = {}): Plan {
  const more = ["out_of_scope", "customer_change", "other_list", "empty", "too_long"].includes(reason);
  const reply = more ? `${text} ${capabilities(base.t, base.role)}` : text;
  return { tool: "refuse", reason, lang: base.lang, args, reply };
}

export function refuseRequest(lang: Lang, role: PlanContext["role"], reason: "empty" | "too_long"): Plan {
  const t = repliesIn(lang);
  return refusal({ lang, t, role }, reason, t(reason === "empty" ? "refuse.empty" : "refuse.tooLong"));
}

type NamedList =
  { kind: "found"; list: AssistantList; words: string[] } | { kind: "unknown"; word: string } | { kind: "none" };

/**
 * The list a request names: all the words of a list's name, beside "list"/"lista", after "for",
 * "en"…, or anywhere when no product name shares them ("raise herbs 10% Hotels"). A name said
 * beside those words beats one said anywhere, a longer name a shorter one, and of two names as
 * long the one said first: in "for restaurant customers" the list is Restaurants, the customers
 * being what the restaurants are.
 */
function findList(intent: Intent, catalog: AssistantCatalog, index: CatalogIndex): NamedList {
  const near = new Set([...intent.listWords, ...intent.listContents, ...intent.afterPreposition].map(wordKey));
  const said = intent.words.map(wordKey);
  const anywhere = new Set(said);
  const firstSaid = (keys: string[]) => Math.min(...keys.map((k) => (said.includes(k) ? said.indexOf(k) : Infinity)));
  let best: { list: AssistantList; words: string[]; strong: boolean } | null = null;
  for (const list of catalog.lists) {
    // A list answers to its name in either language.
    for (const name of [list.name, list.nameEs ?? ""]) {
      const keys = significantWords(nameWords(name)).filter((k) => k !== "list" && k !== "lista");
      if (keys.length === 0) continue;
      const strong = keys.every((k) => near.has(k));
      const loose = keys.every((k) => anywhere.has(k) && !index.byKey.has(k));
      if (!strong && !loose) continue;
      const better =
        !best ||
        (strong && !best.strong) ||
        (strong === best.strong &&
          (keys.length > best.words.length ||
            (keys.length === best.words.length && firstSaid(keys) < firstSaid(best.words))));
      if (better) best = { list, words: keys, strong };
    }
  }
  if (best) return { kind: "found", list: best.list, words: best.words };
  const categoryWords = new Set(intent.categoryWords.map((c) => c.word));
  const unknown =
    intent.listWords.find((w) => !categoryWords.has(w)) ??
    intent.listContents.find((w) => !categoryWords.has(w) && !recogniseWord(w, index));
  return unknown ? { kind: "unknown", word: unknown } : { kind: "none" };
}

function findTarget(scope: Scope, listKeys: string[]): Target {
  const { intent, index } = scope;
  const words = intent.words.filter((w) => !listKeys.includes(wordKey(w)));
  const query = words.join(" ");
  const categoryWords = new Set(intent.categoryWords.map((c) => c.word));
  const category = intent.categoryWords[0]?.category ?? null;
  const rest = words.filter((w) => !categoryWords.has(w));
  if (rest.length === 0) return category ? { kind: "category", category } : { kind: "none" };
  const whole = matchProducts(words, index, scope.allowed);
  if (whole.missingCommodity) return { kind: "unknown", query, produce: true };
  if (category) {
    if (whole.complete) return productsTarget(scope, whole.best, query, null);
    const inCategory = matchProducts(rest, index, (item) => scope.allowed(item) && item.product.category === category);
    if (inCategory.best.length > 0) return productsTarget(scope, inCategory.best, query, category);
    if (inCategory.anchors === 0 && !inCategory.namesProduce) return { kind: "category", category };
    return { kind: "unknown", query, produce: inCategory.namesProduce };
  }
  if (whole.best.length === 0) {
    if (whole.anchors === 0 && whole.unknownWords.length === 0) return { kind: "none" };
    return { kind: "unknown", query, produce: whole.namesProduce };
  }
  return productsTarget(scope, whole.best, query, null);
}

/** Narrows by the pack named ("60s") and to the list's products, when either leaves some. */
function productsTarget(scope: Scope, found: IndexedProduct[], query: string, category: Category | null): Target {
  let items = found;
  const pack = scope.intent.pack;
  const same = pack
    ? items.filter((i) => i.product.packValue === pack.value && packUnitFits(i.product.packUnit, pack.unit))
    : [];
  if (same.length > 0) items = same;
  const prices = scope.list ? scope.catalog.prices.get(scope.list.id) : undefined;
  if (prices && items.length > 1) {
    const inList = items.filter((i) => prices.has(i.product.id));
    if (inList.length > 0) items = inList;
  }
  return { kind: "products", items, query, category, packMissing: pack !== null && same.length === 0 };
}

// A table: kept in rows, it reads better than one entry a line.
// prettier-ignore
const UNIT_FAMILIES: Record<string, string> = {
  ct: "ct", count: "ct", counts: "ct",
  lb: "lb", lbs: "lb", libra: "lb", libras: "lb", pound: "lb", pounds: "lb",
  kg: "kg", kilo: "kg", kilos: "kg", oz: "oz",
  dz: "dz", doz: "dz", docena: "dz", docenas: "dz",
  bunch: "bunch", bunches: "bunch", manojo: "bunch", manojos: "bunch",
};

function packNamed(pack: { value: number; unit: string | null }) {
  // "60s" counts pieces, as the trade writes a case of 60 avocados.
  return `${pack.value} ${pack.unit ?? "ct"}`;
}

function packUnitFits(productUnit: string | null, said: string | null) {
  if (said === null) return productUnit === null || UNIT_FAMILIES[productUnit.toLowerCase()] === "ct";
  return UNIT_FAMILIES[said] === UNIT_FAMILIES[(productUnit ?? "").toLowerCase()];
}

function listRef(list: AssistantList, lang: Lang): ListRef {
  return { slug: list.slug, name: listName(list, lang) };
}

function productRef(item: IndexedProduct, lang: Lang): ProductRef {
  return { id: item.product.id, name: productName(item.product, lang) };
}

function listArgs(scope: Scope): PlanArgs {
  return scope.list ? { priceList: listRef(scope.list, scope.lang) } : {};
}

function orderedInList(scope: Scope, list: AssistantList, keep: (item: IndexedProduct) => boolean) {
  const prices = scope.catalog.prices.get(list.id);
  if (!prices) return [];
  return scope.index.items.filter((item) => prices.has(item.product.id) && keep(item));
}

// Listing ------------------------------------------------------------------------------------

function planList(scope: Scope, target: KnownTarget, list: AssistantList): Plan {
  const { t, lang } = scope;
  const prices = scope.catalog.prices.get(list.id);
  const refs = (items: IndexedProduct[]) => items.map((i) => productRef(i, lang));
  if (target.kind === "products") {
    const items = target.items.filter((i) => prices?.has(i.product.id));
    if (items.length === 0) return notInList(scope, target.items[0], list);
    const args: PlanArgs = { query: target.query, priceList: listRef(list, scope.lang) };
    if (target.category) args.category = target.category;
    if (items.length === 1) {
      args.product = productRef(items[0], lang);
      const cents = prices?.get(items[0].product.id) ?? null;
      const price = cents === null ? t("list.noPrice") : formatMoney(cents, lang);
      const reply = t("list.one", { name: args.product.name, price, list: listName(list, scope.lang) });
      return { tool: "list_products", lang, args, reply, results: refs(items) };
    }
    const reply = t("list.many", { count: items.length, query: target.query, list: listName(list, scope.lang) });
    return { tool: "list_products", lang, args, reply, results: refs(items) };
  }
  if (target.kind === "category") {
    const items = orderedInList(scope, list, (i) => i.product.category === target.category);
    const reply = t("list.category", {
      count: items.length,
      category: categoryName(t, target.category),
      list: listName(list, scope.lang),
    });
    return {
      tool: "list_products",
      lang,
      args: { category: target.category, priceList: listRef(list, scope.lang) },
      reply,
      results: refs(items),
    };
  }
  const items = orderedInList(scope, list, () => true);
  const reply = t("list.all", { count: items.length, list: listName(list, scope.lang) });
  return { tool: "list_products", lang, args: { priceList: listRef(list, scope.lang) }, reply, results: refs(items) };
}

function notInList(scope: Scope, item: IndexedProduct, list: AssistantList): Plan {
  const name = productName(item.product, scope.lang);
  return refusal(scope, "unknown_product", scope.t("refuse.notInList", { name, list: listName(list, scope.lang) }), {
    product: productRef(item, scope.lang),
    priceList: listRef(list, scope.lang),
  });
}

// Changing -----------------------------------------------------------------------------------

function modeOf(intent: Intent): Mode {
  const amount = intent.amount;
  if (!amount) return { kind: "missing" };
  const direction = amount.sign || intent.direction;
  if (amount.kind === "percentage") {
    if (direction === 0) return { kind: "direction", type: "percentage", size: amount.value };
    return { kind: "by", change: { type: "percentage", value: direction * amount.value } };
  }
  // "pon la albahaca en 13" sets; "sube el maíz en 1 dólar" raises by.
  if (amount.marker === "in" && direction !== 0)
    return { kind: "by", change: { type: "fixed", value: direction * amount.value } };
  if (amount.marker === "to" || amount.marker === "in") {
    return { kind: "set", dollars: amount.sign === -1 ? -amount.value : amount.value };
  }
  if (amount.marker === "by" && direction === 0) return { kind: "direction", type: "fixed", size: amount.value };
  if (direction !== 0) return { kind: "by", change: { type: "fixed", value: direction * amount.value } };
  if (intent.setVerb) return { kind: "set", dollars: amount.value };
  return { kind: "toOrBy", dollars: amount.value };
}

type KnownTarget = Exclude<Target, { kind: "unknown" }>;

function planChange(scope: Scope, target: KnownTarget, list: AssistantList): Plan {
  const { t, lang } = scope;
  const mode = modeOf(scope.intent);
  if (target.kind === "none") {
    return clarify(scope, t("clarify.what"), categoryChoices(scope, mode), listArgs(scope));
  }
  // Another pack than the one named is another product to a buyer: asked, never assumed.
  if (target.kind === "products" && (target.items.length > 1 || target.packMissing)) {
    const choices = target.items.slice(0, MAX_CHOICES).map((item) => productChoice(scope, item, mode, target.items));
    const question = target.packMissing
      ? t("clarify.otherPack", { pack: packNamed(scope.intent.pack!) })
      : t("clarify.which");
    return clarify(scope, question, choices, { query: target.query, ...listArgs(scope) });
  }
  const subject: Subject =
    target.kind === "products"
      ? { kind: "product", item: target.items[0] }
      : { kind: "category", category: target.category };
  const subjectArgs = subjectArgsOf(scope, subject);
  if (subject.kind === "product" && !scope.catalog.prices.get(list.id)?.has(subject.item.product.id)) {
    return notInList(scope, subject.item, list);
  }
  const name = subjectName(scope, subject);
  if (mode.kind === "missing") {
    const choices = [1, -1].map((sign) =>
      changeChoice(scope, subject, { kind: "by", change: { type: "percentage", value: sign * 5 } }),
    );
    return clarify(scope, t("clarify.amount"), choices, subjectArgs);
  }
  if (mode.kind === "toOrBy") {
    const amount = formatMoney(dollarsToCents(mode.dollars), lang);
    const options: Mode[] = [
      { kind: "set", dollars: mode.dollars },
      { kind: "by", change: { type: "fixed", value: mode.dollars } },
      { kind: "by", change: { type: "fixed", value: -mode.dollars } },
    ];
    const choices = options.map((m) => changeChoice(scope, subject, m));
    return clarify(scope, t("clarify.toOrBy", { name, amount }), choices, subjectArgs);
  }
  if (mode.kind === "direction") {
    const amount = amountText({ type: mode.type, value: mode.size }, lang);
    const choices = [1, -1].map((sign) =>
      changeChoice(scope, subject, { kind: "by", change: { type: mode.type, value: sign * mode.size } }),
    );
    return clarify(scope, t("clarify.direction", { name, amount }), choices, subjectArgs);
  }
  return proposeChange(scope, subject, mode, list);
}

type Subject = { kind: "product"; item: IndexedProduct } | { kind: "category"; category: Category };

function subjectArgsOf(scope: Scope, subject: Subject): PlanArgs {
  const base = listArgs(scope);
  return subject.kind === "product"
    ? { ...base, product: productRef(subject.item, scope.lang), scope: "product" }
    : { ...base, category: subject.category, scope: "category" };
}

function subjectName(scope: Scope, subject: Subject) {
  return subject.kind === "product"
    ? productName(subject.item.product, scope.lang)
    : categoryName(scope.t, subject.category);
}

function newCentsOf(old: number | null, mode: Mode): number | null {
  if (mode.kind === "set") return dollarsToCents(mode.dollars);
  if (mode.kind !== "by" || old === null) return null;
  if (mode.change.type === "fixed") return old + dollarsToCents(mode.change.value);
  return applyAdjustment(old, "percentage", dollarsToCents(mode.change.value));
}

function proposeChange(scope: Scope, subject: Subject, mode: Mode, list: AssistantList): Plan {
  const { t, lang } = scope;
  const prices = scope.catalog.prices.get(list.id)!;
  const args: PlanArgs = { ...subjectArgsOf(scope, subject) };
  if (mode.kind === "set") args.newPrice = mode.dollars;
  if (mode.kind === "by") args.changeBy = mode.change;
  if (mode.kind === "by" && mode.change.type === "percentage" && mode.change.value <= -100) {
    return refusal(
      scope,
      "decrease_too_large",
      t("refuse.decreaseTooLarge", { percent: amountText(mode.change, lang) }),
      args,
    );
  }
  const items =
    subject.kind === "product"
      ? [subject.item]
      : orderedInList(scope, list, (i) => i.product.category === subject.category);
  const changes: ProposedChange[] = [];
  for (const item of items) {
    const old = prices.get(item.product.id) ?? null;
    const next = newCentsOf(old, mode);
    if (old === null || next === null) continue;
    const name = productName(item.product, lang);
    if (next <= 0)
      return refusal(
        scope,
        "price_not_positive",
        t("refuse.priceNotPositive", { name, price: formatMoney(next, lang) }),
        args,
      );
    // The editor's own limit: a price the editor would refuse is never proposed.
    if (next > MAX_PRICE_CENTS) {
      const price = formatMoney(next, lang);
      return refusal(
        scope,
        "price_too_high",
        t("refuse.priceTooHigh", { name, price, max: formatMoney(MAX_PRICE_CENTS, lang) }),
        args,
      );
    }
    changes.push({ productId: item.product.id, name, oldCents: old, newCents: next });
  }
  if (changes.length === 0) {
    const reply =
      subject.kind === "product"
        ? t("refuse.noPrice", { name: subjectName(scope, subject), list: listName(list, scope.lang) })
        : t("refuse.noPriceCategory", { category: subjectName(scope, subject), list: listName(list, scope.lang) });
    return refusal(scope, "no_price", reply, args);
  }
  const warning = changes.some((c) => Math.abs(c.newCents - c.oldCents) * 2 > c.oldCents);
  const first = changes[0];
  const summary =
    subject.kind === "product"
      ? t("change.one", {
          name: first.name,
          old: formatMoney(first.oldCents, lang),
          new: formatMoney(first.newCents, lang),
          list: listName(list, scope.lang),
        })
      : t("change.many", {
          count: changes.length,
          category: subjectName(scope, subject),
          list: listName(list, scope.lang),
          change: mode.kind === "set" ? formatMoney(first.newCents, lang) : signedAmount(mode, lang),
        });
  const reply = warning ? `${summary} ${t("change.warning")}` : summary;
  const results = changes.map((c) => ({ id: c.productId, name: c.name }));
  return { tool: "change_price", lang, args, reply, results, changes, warning };
}

function signedAmount(mode: Mode, lang: Lang) {
  if (mode.kind !== "by") return "";
  return `${mode.change.value < 0 ? "-" : "+"}${amountText(mode.change, lang)}`;
}

// History ------------------------------------------------------------------------------------

function planHistory(scope: Scope, target: KnownTarget): Plan {
  const { t, lang, ctx } = scope;
  const days = scope.intent.days ?? DEFAULT_DAYS;
  const list = ctx.role === "customer" || scope.listNamed ? scope.list : null;
  const listPart: PlanArgs = list ? { priceList: listRef(list, scope.lang) } : {};
  if (target.kind === "products" && target.items.length === 1) {
    const item = target.items[0];
    if (list && !scope.catalog.prices.get(list.id)?.has(item.product.id)) return notInList(scope, item, list);
    const name = productName(item.product, lang);
    const reply = list
      ? t("history.list", { name, list: listName(list, scope.lang), count: days })
      : t("history.all", { name, count: days });
    return { tool: "price_history", lang, args: { product: productRef(item, lang), days, ...listPart }, reply };
  }
  const items =
    target.kind === "products"
      ? target.items
      : target.kind === "category" && scope.list
        ? orderedInList(scope, scope.list, (i) => i.product.category === target.category)
        : [];
  const choices = items.slice(0, MAX_CHOICES).map((item) => historyChoice(scope, item, days, items));
  const question = target.kind === "products" ? t("clarify.which") : t("clarify.whatProduct");
  return clarify(scope, question, choices, {
    days,
    ...listPart,
    ...(target.kind === "category" ? { category: target.category } : {}),
  });
}

// Asking back --------------------------------------------------------------------------------

function clarify(scope: Scope, reply: string, choices: Choice[], args: PlanArgs): Plan {
  return { tool: "clarify", lang: scope.lang, args, reply, choices };
}

function where(scope: Scope) {
  return scope.listNamed && scope.list ? scope.t("choice.where", { list: listName(scope.list, scope.lang) }) : "";
}

function changeMessage(scope: Scope, name: string, mode: Mode) {
  const { t, lang } = scope;
  if (mode.kind === "set")
    return t("choice.set", { name, price: formatMoney(dollarsToCents(mode.dollars), lang), where: where(scope) });
  if (mode.kind !== "by") return t("choice.show", { name, where: where(scope) });
  const key = mode.change.value < 0 ? "choice.lower" : "choice.raise";
  return t(key, { name, amount: amountText(mode.change, lang), where: where(scope) });
}

function changeChoice(scope: Scope, subject: Subject, mode: Mode): Choice {
  if (subject.kind === "category") {
    const message = changeMessage(scope, scope.t(`categoryAll.${subject.category}`), mode);
    return { label: message, message };
  }
  return productChoice(scope, subject.item, mode);
}

function categoryChoices(scope: Scope, mode: Mode): Choice[] {
  if (mode.kind !== "by" && mode.kind !== "set") return [];
  return categories.map((category) => changeChoice(scope, { kind: "category", category }, mode));
}

function productChoice(scope: Scope, item: IndexedProduct, mode: Mode, rivals: IndexedProduct[] = []): Choice {
  const message = firstResolving(scope, item, (name) => changeMessage(scope, name, mode), rivals);
  return { label: message, message };
}

function historyChoice(scope: Scope, item: IndexedProduct, days: number, rivals: IndexedProduct[]): Choice {
  const message = firstResolving(
    scope,
    item,
    (name) => scope.t("choice.history", { name, count: days, where: where(scope) }),
    rivals,
  );
  return { label: message, message };
}

/**
 * The shortest way of naming the product in a message that, planned again, names it alone: its
 * name, then with its pack, then with its name in the other language too. A way whose words
 * another candidate's name holds as well (and its pack, when given) is not even tried.
 */
function firstResolving(scope: Scope, item: IndexedProduct, build: (name: string) => string, rivals: IndexedProduct[]) {
  const p = item.product;
  const name = productName(p, scope.lang);
  const other = scope.lang === "es" ? p.nameEn : p.nameEs || p.nameEn;
  const pack = packText(p);
  const ways = [
    { words: name, withPack: false },
    { words: name, withPack: pack !== "" },
    { words: `${name} ${other}`, withPack: pack !== "" },
  ].map((way) => ({ ...way, name: way.withPack ? `${way.words} ${pack}` : way.words }));
  const last = build(ways[ways.length - 1].name);
  const plausible = ways.filter((way) => {
    const keys = significantWords(nameWords(way.words)).filter((k) => !/^\d/.test(k));
    return !rivals.some(
      (r) =>
        r !== item &&
        keys.every((k) => r.keys.has(k)) &&
        (!way.withPack || (r.product.packValue === p.packValue && r.product.packUnit === p.packUnit)),
    );
  });
  for (const way of plausible) {
    const message = build(way.name);
    if (!scope.replan || planProductId(scope.replan(message)) === p.id) return message;
  }
  return last;
}

function planProductId(plan: Plan) {
  if (plan.tool === "clarify" || plan.tool === "refuse") return plan.args.product?.id ?? null;
  if (plan.args.product) return plan.args.product.id;
  return plan.tool !== "price_history" && plan.results.length === 1 ? plan.results[0].id : null;
}
