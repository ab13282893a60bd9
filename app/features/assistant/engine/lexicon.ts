import type { Category } from "~/features/catalog/categories";

/**
 * The words of a request that are not product names, folded (no accents, lower case): verbs,
 * little words, money and time words, in English and Spanish. A word found here is never matched
 * against product names, so "price" is never taken for "rice".
 */
const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

export const UP_WORDS = words(`
  raise raising raised increase increasing bump hike add markup inc higher
  sube subele subeles subir subale suban subelo subela subimos aumenta aumentale aumentales aumentar aumenten
  incrementa incrementale incrementar agrega agregale agregar anade anadele suma sumale sumar alza
`);

export const DOWN_WORDS = words(`
  lower lowering lowered decrease decreasing drop cut reduce reducing discount markdown
  slash knock dec cheaper
  baja bajale bajales bajar bajen bajalo bajala bajamos rebaja rebajale rebajar reduce reducele reducir
  disminuye disminuir descuenta descontar descuento quita quitale quitar resta restale restar
`);

/** Words that say which way without asking for a change on their own: "mark up", "2 dólares más". */
export const UP_PARTICLES = words("up plus more mas extra");
export const DOWN_PARTICLES = words("down minus less menos off");

export const SET_WORDS = words(`
  set make put fix
  pon ponle ponles poner pongan fija fijale fijar establece establecer deja dejalo dejala dejar
`);

/** Verbs of change that say neither the direction nor "to" or "by". */
export const CHANGE_WORDS = words(`
  change adjust update modify edit move
  cambia cambiale cambiar cambien ajusta ajustale ajustar modifica modificar actualiza actualizar mueve
`);

export const HISTORY_WORDS = words(`
  history historic historical moved movement movements trend trends evolution evolved changed changes went
  historial historico historia movio movimiento movimientos tendencia evolucion cambio cambiado variacion subio bajo
  cambios
`);

export const LIST_WORDS = words(`
  show list display see view much cost costs costing find search look lookup have carry sell
  give prices catalog catalogue items products everything
  muestra muestrame mostrar ensename ensena ver dame dime cuanto cuanta cuantos cuesta cuestan vale valen
  busca buscar lista listar tenemos tienen hay venden precios catalogo productos todo
`);

/** Words that say "every product" of a category or list. */
export const ALL_WORDS = words("all every everything entire whole todos todas todo toda cada");

/** Words after which a list is named: "for Hotels", "en Restaurantes". */
export const LIST_PREPOSITIONS = words("on in for from at en para");

export const TO_WORDS = words("to at a en hasta =");
export const BY_WORDS = words("by por");
export const FROM_WORDS = words("from de desde");

export const PERCENT_WORDS = words("percent pct porciento % percentage porcentaje");
export const DOLLAR_WORDS = words("dollar dollars buck bucks usd dolar dolares peso pesos $");
export const CENT_WORDS = words("cent cents centavo centavos chavo chavos chavito chavitos ¢");
export const PACK_UNITS = words(
  "ct count counts lb lbs libra libras pound pounds kg kilo kilos oz dz doz docena docenas bunch bunches manojo manojos",
);

/** Words that name one of the five categories. */
export const CATEGORY_WORDS: ReadonlyArray<[Category, Set<string>]> = [
  [
    "vegetables",
    words("vegetable vegetables veggie veggies veg verdura verduras vegetal vegetales hortaliza hortalizas"),
  ],
  ["fruits", words("fruit fruits fruta frutas")],
  ["dry_produce", words("dry dried seco secos seca secas granos grains abarrotes")],
  ["herbs", words("herb herbs hierba hierbas yerba yerbas aromaticas")],
  ["others", words("others misc miscellaneous varios otros")],
];

/** Words of the request that say which list: "the Hotels list", "la lista de Hoteles". */
export const LIST_NOUNS = words("list lista listas lists");

/** Grammar words of each language: what tells the language of a request. */
export const ENGLISH = words(`
  the to by of for on in at from is are was were what which how much does do did show me my our please
  raise increase lower decrease drop cut reduce set make put change adjust update history this last past
  week weeks month months year years day days today yesterday all every list prices price cost costs dollar
  dollars cents percent and with it its can you i we your tell give see move moved moving go went up down
  products product items new old be by over since ago
`);

export const SPANISH = words(`
  el la los las del al de en por para que cual cuanto cuanta cuesta cuestan es son fue esta este estos estas
  muestra muestrame ensename dame dime sube subele subeles subir aumenta baja bajale bajales bajar rebaja pon ponle
  cambia cambiar historial semana semanas mes meses ano anos dia dias hoy ayer todos todas lista precio precios
  dolar dolares centavos ciento porciento y con se mi mis nuestro nuestra como ha han movio cambio subio bajo
  ultimos ultimas pasado pasada desde hace quiero puedes favor gracias productos producto una uno unos
  incrementa reduce descuenta quita quitale deja fija establece ver hay tenemos
`);

/**
 * Little words never matched against names (besides the ones above): articles, pronouns,
 * courtesy, price and product nouns.
 */
export const FILLER_WORDS = words(`
  the a an of for on in at is are was were be been it its this that these those me my our us we you your i
  please thanks thank pls can could would will should let lets just now currently current today's
  price prices pricing cost costs product products item items value amount rate
  what which how much many does do did and or with per each unit units
  el la los las lo le les un una unos unas de del al en por para que cual cuales como es son esta este estos
  estas ese esa eso mi mis nuestro nuestra nuestros nuestras su sus se me te nos y o con favor gracias
  precio precios producto productos articulo articulos cuanto cuanta cuantos cuesta cuestan vale valen sale
  ahora actual hoy porfa ya quiero queremos necesito puedes podrias
  current now new fresh fresco fresca frescos frescas good best nice cheap expensive bueno buenos barato caro
  produce hey hi hello hola
`);

/**
 * Subjects the assistant does not handle: people and accounts, mail, orders, the weather,
 * deleting records, its own instructions. Checked on folded words and phrases.
 */
export const OUT_OF_SCOPE_WORDS = words(`
  user users usuario usuarios account accounts cuenta cuentas password passwords contrasena contrasenas login
  email emails mail correo correos e-mail gmail inbox
  order orders ordered pedido pedidos invoice invoices factura facturas delivery deliveries entrega entregas
  shipping envio envios purchase compra compras checkout cart carrito
  weather clima temperatura lluvia llover llueve rain raining forecast pronostico
  delete deleted erase wipe remove borra borrar borrale elimina eliminar eliminale suprime
  joke chiste poem poema song cancion story cuento recipe receta translate traduce traducir
  password instructions instruction instrucciones prompt prompts jailbreak
  admin administrator administrador role roles permission permissions permiso permisos
  salary salario payroll nomina employee empleados
  capital president presidente football futbol
`);

export const OUT_OF_SCOPE_PHRASES: RegExp[] = [
  /\bignore\b.*\b(previous|above|prior|all|earlier|your)\b/,
  /\bignora\b.*\b(anteriores|instrucciones|todo|previas)\b/,
  /\bolvida\b.*\b(instrucciones|anteriores|todo|reglas)\b/,
  /\bforget\b.*\b(instructions|rules|previous|everything)\b/,
  /\byou are now\b|\bact as\b|\bpretend\b|\bdeveloper mode\b|\bahora eres\b|\bactua como\b/,
  /\bsystem\b|\bsistema\b.*\b(mensaje|instrucciones)\b/,
  /\b(other|another|otros|otras|otro|otra)\s+(customer|customers|client|clients|cliente|clientes)\b/,
  /\b(customer|customers|client|clientes?)\s*'?\s*s?\s+(data|emails?|phones?|addresses?|names?|datos|telefonos?)\b/,
  /\bwho\s+(are|is)\s+(our|the|my)?\s*(customers?|clients?)\b/,
  /\bwhat\s+(does|do)\s+\w+\s+pay\b|\bcuanto\s+paga\b/,
  /\byour\s+(rules|instructions|prompt|configuration)\b|\btus\s+(reglas|instrucciones)\b/,
];

export const HISTORY_PHRASES: RegExp[] = [
  /\bhow\s+(did|has|have)\b/,
  /\b(went|gone)\s+(up|down)\b/,
  /\bover\s+(the\s+)?(last|past)\b/,
  /\bcomo\s+(se\s+)?(ha|han)?\s*(movido|cambiado|ido)\b/,
  /\bcomo\s+(se\s+)?(movio|movieron|cambio|cambiaron|fue|fueron|subio|bajo)\b/,
  /\bque\s+paso\s+con\b/,
];

/** English words ("name", "date", "china") that the produce dictionary also holds as a commodity. */
export const NOT_PRODUCE = words("name date china wax bell tuna cutie chocho carita anon");
