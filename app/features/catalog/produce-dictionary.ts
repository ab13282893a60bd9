import type { Category } from "./categories";

/**
 * The produce dictionary of the import's engine (docs/decisions/013-import-engine.md) and the assistant, in English and
 * Spanish as a South Florida wholesale buyer reads them: commodities with the words that name them
 * (Mexican, Caribbean and Central/South American Spanish, US trade English), the varieties of each,
 * and the modifiers any item may carry (colour, organic, seedless, size grade). It is vocabulary,
 * not a copy of any export: an item is understood by finding its commodity among these words,
 * wherever and however the export writes it.
 *
 * Terms are written in capitals; accents, plurals and the little words (de, para, con…) are
 * ignored when matching, so "HOJAS PARA TAMALES" meets "HOJA TAMAL" and "Chile de Árbol" meets
 * "CHILE ARBOL".
 */

/**
 * A Spanish word: plain text is used as written; "~blanco" is an adjective given in its masculine
 * singular, inflected to agree with the noun ("cebolla blanca", "frijol negro").
 */
export type SpanishWord = string;

export type Variety = {
  terms: string[];
  en: string;
  es: SpanishWord;
  /** Goes before the colour in English ("Large White Eggs") and after it in Spanish. */
  lead?: boolean;
  /** A chile variety sold dried (guajillo, ancho…): "Dried Guajillo Chile". */
  dried?: boolean;
};

export type Commodity = {
  id: string;
  category: Category;
  terms: string[];
  en: string;
  /** Shown after the English noun: "Cassava (Yuca)". */
  enNote?: string;
  es: string;
  esNote?: string;
  gender: "m" | "f";
  /**
   * The Spanish noun is plural ("microvegetales"); adjectives agree. Product lines are named in the
   * singular (docs/glossary.md), so only a name the trade has no singular for is plural.
   */
  plural: boolean;
  /**
   * 2 for prepared goods (eggs, tortillas, cheese…), which head a description over any produce
   * word in it ("TORTILLA DE MAÍZ" is tortillas, not corn); 1 for everything else, where the word
   * that comes first heads it.
   */
  rank: number;
  /** "chile": fresh "Serrano Pepper" / dried "Dried Ancho Chile". "dry": a dry good already. */
  kind?: "chile" | "dry";
  /**
   * Words that name this commodity only when nothing more specific does: "PEPPER" is a chile in
   * "PEPPER JALAPENO" but a bell pepper in "PEPPER RED BELL".
   */
  weakTerms: string[];
  varieties: Variety[];
};

type VarietyTuple = [terms: string, en: string, es?: SpanishWord, flag?: "lead" | "dried"];
type Options = {
  g?: "f";
  pl?: true;
  rank?: 2;
  kind?: "chile" | "dry";
  weak?: string;
  note?: string;
  esNote?: string;
  v?: VarietyTuple[];
};

const split = (terms: string) => terms.split("|").map((t) => t.trim());

function c(id: string, category: Category, terms: string, en: string, es: string, o: Options = {}): Commodity {
  return {
    id,
    category,
    terms: split(terms),
    en,
    enNote: o.note,
    es,
    esNote: o.esNote,
    gender: o.g ?? "m",
    plural: o.pl ?? false,
    rank: o.rank ?? 1,
    kind: o.kind ?? (category === "dry_produce" ? "dry" : undefined),
    weakTerms: o.weak ? split(o.weak) : [],
    varieties: (o.v ?? []).map(([t, varietyEn, varietyEs, flag]) => ({
      terms: split(t),
      en: varietyEn,
      es: varietyEs ?? varietyEn,
      lead: flag === "lead",
      dried: flag === "dried",
    })),
  };
}

const F = "fruits";
const V = "vegetables";
const H = "herbs";
const D = "dry_produce";
const O = "others";

// Chile varieties. Fresh ones read "Serrano Pepper"; the ones marked dried are sold dried.
const CHILE_VARIETIES: VarietyTuple[] = [
  ["JALAPENO|JALAPENOS", "Jalapeño", "jalapeño"],
  ["SERRANO", "Serrano", "serrano"],
  ["POBLANO", "Poblano", "poblano"],
  ["GUERO|CARIBE|YELLOW HOT|HUNGARIAN WAX|HUNGARIAN|WAX", "Güero", "güero"],
  ["HABANERO", "Habanero", "habanero"],
  ["SCOTCH BONNET|BONNET", "Scotch Bonnet", "Scotch Bonnet"],
  ["ANAHEIM", "Anaheim", "Anaheim"],
  ["FRESNO", "Fresno", "Fresno"],
  ["MANZANO|ROCOTO|PERON|CANARIO", "Manzano", "manzano"],
  ["SHISHITO", "Shishito", "shishito"],
  ["PADRON", "Padrón", "padrón"],
  ["THAI|TAILANDES", "Thai", "tailandés"],
  ["CUBANELLE|CUBANELA|ITALIAN FRYING", "Cubanelle", "cubanela"],
  ["BANANA", "Banana", "banana"],
  ["CHILACA", "Chilaca", "chilaca"],
  ["HATCH", "Hatch", "Hatch"],
  ["CHERRY", "Cherry", "cereza"],
  ["TABASCO", "Tabasco", "tabasco"],
  ["GUAJILLO|GUAJILLOS", "Guajillo", "guajillo", "dried"],
  ["ANCHO|ANCHOS", "Ancho", "ancho", "dried"],
  ["PASILLA|PASILLAS", "Pasilla", "pasilla", "dried"],
  ["ARBOL", "Arbol", "de árbol", "dried"],
  ["CHIPOTLE|CHIPOTLES", "Chipotle", "chipotle", "dried"],
  ["MORITA|MORITAS", "Morita", "morita", "dried"],
  ["MULATO", "Mulato", "mulato", "dried"],
  ["CASCABEL", "Cascabel", "cascabel", "dried"],
  ["PUYA|PULLA", "Puya", "puya", "dried"],
  ["PEQUIN|PIQUIN", "Pequin", "piquín", "dried"],
  ["CHILTEPIN|TEPIN", "Chiltepin", "chiltepín", "dried"],
  ["JAPONES|JAPANESE", "Japonés", "japonés", "dried"],
  ["CHILHUACLE", "Chilhuacle", "chilhuacle", "dried"],
  ["COSTENO", "Costeño", "costeño", "dried"],
  ["CALIFORNIA", "California", "California", "dried"],
  ["NEW MEXICO|NUEVO MEXICO", "New Mexico", "Nuevo México", "dried"],
  ["MECO", "Meco", "meco", "dried"],
  ["ONZA", "Onza", "onza", "dried"],
  ["PANCA", "Panca", "panca", "dried"],
];

export const COMMODITIES: Commodity[] = [
  // Fruits
  c("avocado", F, "AGUACATE|AVOCADO|PALTA|ALLIGATOR PEAR|AVO", "Avocado", "aguacate", {
    v: [
      ["HASS", "Hass"],
      ["LAMB HASS", "Lamb Hass"],
      ["FUERTE", "Fuerte"],
      ["REED", "Reed"],
      ["BACON", "Bacon"],
      ["ZUTANO", "Zutano"],
      ["PINKERTON", "Pinkerton"],
      ["GEM", "GEM"],
      ["CRIOLLO", "Criollo", "criollo"],
      ["FLORIDA|SLIMCADO|TROPICAL|DONNIE|CHOQUETTE|MONROE|LULA", "Florida", "de Florida"],
    ],
  }),
  c("mango", F, "MANGO", "Mango", "mango", {
    v: [
      ["TOMMY ATKINS|TOMMY", "Tommy Atkins"],
      ["ATAULFO|HONEY|CHAMPAGNE|MIEL", "Ataulfo"],
      ["KENT", "Kent"],
      ["KEITT", "Keitt"],
      ["HADEN", "Haden"],
      ["MANILA", "Manila"],
      ["PALMER", "Palmer"],
      ["FRANCIS|FRANCINE", "Francis"],
    ],
  }),
  c("lime", F, "LIMON|LIME|LIMA|LIMA ACIDA", "Lime", "limón", {
    v: [
      ["PERSA|PERSIAN|TAHITI", "Persian", "~persa"],
      ["KEY|MEXICANO|MEXICAN|COLIMA|CRIOLLO|SUTIL", "Key", "~mexicano"],
    ],
  }),
  c("lemon", F, "LEMON|LIMON AMARILLO|LIMON REAL|LIMON EUREKA|LIMON MEYER|LIMON SICILIANO", "Lemon", "limón amarillo", {
    v: [
      ["MEYER", "Meyer"],
      ["EUREKA", "Eureka"],
      ["LISBON", "Lisbon"],
    ],
  }),
  c("sweet_lime", F, "LIMA DULCE|SWEET LIME|LIMETTA", "Sweet Lime", "lima dulce", { g: "f" }),
  c("orange", F, "NARANJA|ORANGE|CHINA DULCE", "Orange", "naranja", {
    g: "f",
    v: [
      ["VALENCIA", "Valencia"],
      ["NAVEL|OMBLIGO", "Navel", "navel"],
      ["CARA CARA", "Cara Cara"],
      ["SANGUINA|BLOOD|SANGRE", "Blood", "sanguina"],
      ["AGRIA|SOUR|SEVILLE", "Sour", "~agrio"],
    ],
  }),
  c("grapefruit", F, "TORONJA|GRAPEFRUIT|POMELO", "Grapefruit", "toronja", {
    g: "f",
    v: [["RUBY|RUBY RED|RIO RED|STAR RUBY", "Ruby Red", "Ruby Red"]],
  }),
  c("mandarin", F, "MANDARINA|MANDARIN|TANGERINE|TANGERINA", "Mandarin", "mandarina", { g: "f" }),
  c("clementine", F, "CLEMENTINE|CLEMENTINA|CUTIE", "Clementine", "clementina", { g: "f" }),
  c("kumquat", F, "KUMQUAT|NARANJITA CHINA|QUINOTO", "Kumquat", "kumquat"),
  c("pineapple", F, "PINA|PINEAPPLE|ANANA|ANANAS", "Pineapple", "piña", {
    g: "f",
    v: [
      ["GOLDEN|GOLD|DORADA|DORADO|EXTRA SWEET", "Golden", "~dorado"],
      ["MIEL|HONEY|HONEYGLOW", "Honey", "miel"],
    ],
  }),
  c("papaya", F, "PAPAYA|LECHOSA|FRUTA BOMBA", "Papaya", "papaya", {
    g: "f",
    v: [
      ["MARADOL", "Maradol", "maradol"],
      ["FORMOSA|TAINUNG", "Formosa", "Formosa"],
      ["HAWAIIAN|HAWAIANA|SOLO|SUNRISE", "Hawaiian", "~hawaiano"],
    ],
  }),
  c(
    "plantain",
    F,
    "PLATANO MACHO|PLANTAIN|PLATANO VERDE|PLATANO MADURO|PLATANO HARTON|PLATANO BARRAGANETE|PLATANO DOMINICO HARTON",
    "Plantain",
    "plátano macho",
    {
      v: [["MADURO|RIPE|AMARILLO", "Ripe", "~maduro"]],
    },
  ),
  c("banana", F, "BANANA|PLATANO|GUINEO|BANANO|CAMBUR|PLATANO TABASCO", "Banana", "guineo", {
    v: [
      ["MANZANO|MANZANA|APPLE", "Manzano", "manzano"],
      ["DOMINICO|BABY|BOCADILLO|ORITO|NINO|LADY FINGER|LADYFINGER", "Baby", "dominico"],
      ["BURRO|CHATO", "Burro", "burro"],
    ],
  }),
  c("strawberry", F, "FRESA|STRAWBERRY|FRUTILLA", "Strawberry", "fresa", { g: "f" }),
  c("blueberry", F, "BLUEBERRY|ARANDANO|ARANDANO AZUL|MORA AZUL", "Blueberry", "arándano azul"),
  c("cranberry", F, "CRANBERRY|ARANDANO ROJO", "Cranberry", "arándano rojo"),
  c("raspberry", F, "FRAMBUESA|RASPBERRY", "Raspberry", "frambuesa", { g: "f" }),
  c("blackberry", F, "ZARZAMORA|BLACKBERRY|MORA|MORAS", "Blackberry", "zarzamora", { g: "f" }),
  c(
    "goldenberry",
    F,
    "UCHUVA|AGUAYMANTO|GOLDENBERRY|GOLDEN BERRY|PHYSALIS|CAPE GOOSEBERRY|GROUND CHERRY",
    "Goldenberry",
    "uchuva",
    { g: "f" },
  ),
  c(
    "cantaloupe",
    F,
    "CANTALOUPE|CANTALOUP|CANTALUPO|MELON CHINO|MELON CANTALOUPE|MUSKMELON",
    "Cantaloupe",
    "melón chino",
  ),
  c(
    "honeydew",
    F,
    "HONEYDEW|HONEY DEW|MELON VALENCIANO|MELON GOTA MIEL|MELON VERDE",
    "Honeydew Melon",
    "melón valenciano",
  ),
  c("melon", F, "MELON", "Melon", "melón", {
    v: [
      ["GALIA", "Galia"],
      ["CANARY|CANARIO", "Canary", "canario"],
      ["CASABA", "Casaba"],
      ["CRENSHAW", "Crenshaw"],
      ["PIEL SAPO|SANTA CLAUS", "Piel de Sapo", "piel de sapo"],
      ["CHARENTAIS", "Charentais"],
    ],
  }),
  c("watermelon", F, "SANDIA|WATERMELON|PATILLA|MELON AGUA", "Watermelon", "sandía", { g: "f" }),
  c("prickly_pear", F, "TUNA|PRICKLY PEAR|CACTUS PEAR|CACTUS FRUIT|HIGO CHUMBO|XOCONOSTLE", "Prickly Pear", "tuna", {
    g: "f",
  }),
  c("coconut", F, "COCO|COCONUT", "Coconut", "coco", {
    v: [
      ["VERDE|GREEN|YOUNG|TIERNO|PIPA", "Green", "~verde"],
      ["SECO|SECA|DRY|MATURE|BROWN|MADURO", "Dry", "~seco"],
      ["THAI", "Thai", "tailandés"],
    ],
  }),
  c("guava", F, "GUAYABA|GUAVA", "Guava", "guayaba", { g: "f", v: [["THAI|TAILANDESA", "Thai", "tailandesa"]] }),
  c("kiwi", F, "KIWI|KIWIFRUIT", "Kiwi", "kiwi", { v: [["GOLD|GOLDEN|SUNGOLD", "Gold", "~dorado"]] }),
  c("grape", F, "UVA|GRAPE", "Grape", "uva", {
    g: "f",
    v: [
      ["THOMPSON", "Thompson"],
      ["FLAME", "Flame"],
      ["CRIMSON", "Crimson"],
      ["AUTUMN ROYAL", "Autumn Royal"],
      ["COTTON CANDY", "Cotton Candy"],
      ["RED GLOBE|GLOBE", "Red Globe"],
      ["CONCORD", "Concord"],
    ],
  }),
  c("apple", F, "MANZANA|APPLE", "Apple", "manzana", {
    g: "f",
    v: [
      ["GALA", "Gala"],
      ["FUJI", "Fuji"],
      ["RED DELICIOUS|ROJA DELICIOSA|DELICIOUS", "Red Delicious"],
      ["GOLDEN DELICIOUS|GOLDEN", "Golden Delicious"],
      ["GRANNY SMITH|GRANNY", "Granny Smith"],
      ["HONEYCRISP|HONEY CRISP", "Honeycrisp"],
      ["PINK LADY|CRIPPS PINK", "Pink Lady"],
      ["BRAEBURN", "Braeburn"],
      ["MCINTOSH", "McIntosh"],
      ["AMBROSIA", "Ambrosia"],
      ["JAZZ", "Jazz"],
      ["ENVY", "Envy"],
    ],
  }),
  c("pear", F, "PERA|PEAR", "Pear", "pera", {
    g: "f",
    v: [
      ["BOSC", "Bosc"],
      ["BARTLETT|WILLIAMS", "Bartlett"],
      ["ANJOU|DANJOU|D ANJOU", "Anjou"],
      ["ASIAN|ASIATICA|NASHI", "Asian", "~asiático"],
      ["FORELLE", "Forelle"],
      ["COMICE", "Comice"],
    ],
  }),
  c("peach", F, "DURAZNO|MELOCOTON|PEACH", "Peach", "durazno"),
  c("nectarine", F, "NECTARINA|NECTARINE|NECTARIN", "Nectarine", "nectarina", { g: "f" }),
  c("plum", F, "CIRUELA|PLUM", "Plum", "ciruela", { g: "f" }),
  c("apricot", F, "CHABACANO|ALBARICOQUE|APRICOT|DAMASCO", "Apricot", "chabacano"),
  c("cherry", F, "CEREZA|CHERRY", "Cherry", "cereza", {
    g: "f",
    v: [
      ["BING", "Bing"],
      ["RAINIER", "Rainier"],
    ],
  }),
  c("pomegranate", F, "GRANADA|POMEGRANATE", "Pomegranate", "granada", { g: "f" }),
  c("passion_fruit", F, "MARACUYA|PASSION FRUIT|PASSIONFRUIT|PARCHA|CHINOLA|PARCHITA", "Passion Fruit", "maracuyá"),
  c("granadilla", F, "GRANADILLA|SWEET GRANADILLA", "Granadilla", "granadilla", { g: "f" }),
  c("soursop", F, "GUANABANA|SOURSOP|GRAVIOLA", "Soursop", "guanábana", { g: "f", note: "(Guanábana)" }),
  c("mamey", F, "MAMEY|MAMEY SAPOTE|ZAPOTE MAMEY|SAPOTE MAMEY|MAMEY COLORADO", "Mamey Sapote", "mamey"),
  c("black_sapote", F, "ZAPOTE NEGRO|BLACK SAPOTE|CHOCOLATE PUDDING FRUIT", "Black Sapote", "zapote negro"),
  c("sapote", F, "ZAPOTE|SAPOTE", "Sapote", "zapote"),
  c("sapodilla", F, "CHICOZAPOTE|SAPODILLA|NISPERO|NISPERO CARIBE", "Sapodilla", "chicozapote"),
  c("loquat", F, "LOQUAT|NISPERO JAPONES|NISPERO JAPON", "Loquat", "níspero japonés"),
  c("tamarillo", F, "TOMATE ARBOL|TAMARILLO|TREE TOMATO|TOMATE DULCE ARBOL", "Tamarillo", "tomate de árbol"),
  c("tamarind", F, "TAMARINDO|TAMARIND", "Tamarind", "tamarindo"),
  c("lychee", F, "LICHI|LITCHI|LYCHEE|LICHEE", "Lychee", "lichi"),
  c("longan", F, "LONGAN", "Longan", "longan"),
  c("rambutan", F, "RAMBUTAN|MAMON CHINO", "Rambutan", "rambután"),
  c("mangosteen", F, "MANGOSTAN|MANGOSTEEN|MANGOSTINO", "Mangosteen", "mangostán"),
  c("dragon_fruit", F, "PITAHAYA|PITAYA|DRAGON FRUIT|DRAGONFRUIT|FRUTA DRAGON", "Dragon Fruit", "pitahaya", { g: "f" }),
  c("star_fruit", F, "CARAMBOLA|STAR FRUIT|STARFRUIT|CARAMBOLO", "Star Fruit", "carambola", { g: "f" }),
  c("jackfruit", F, "JACA|JACKFRUIT|YACA|JAQUEIRA", "Jackfruit", "yaca", { g: "f" }),
  c("cherimoya", F, "CHIRIMOYA|CHERIMOYA|CUSTARD APPLE", "Cherimoya", "chirimoya", { g: "f" }),
  c("sugar_apple", F, "ANON|ANONA|SUGAR APPLE|SWEETSOP|SWEET SOP|SARAMUYO", "Sugar Apple", "anón"),
  c("feijoa", F, "FEIJOA|PINEAPPLE GUAVA", "Feijoa", "feijoa", { g: "f" }),
  c("persimmon", F, "CAQUI|KAKI|PERSIMMON|PERSIMON|PALOSANTO", "Persimmon", "caqui", {
    v: [
      ["FUYU", "Fuyu"],
      ["HACHIYA", "Hachiya"],
    ],
  }),
  c("fig", F, "HIGO|FIG|BREVA", "Fig", "higo", {
    v: [
      ["MISSION|BLACK MISSION", "Black Mission"],
      ["BROWN TURKEY|TURKEY", "Brown Turkey"],
      ["KADOTA", "Kadota"],
    ],
  }),
  c("date", F, "DATIL|DATE", "Date", "dátil", {
    v: [
      ["MEDJOOL|MEDJOUL", "Medjool"],
      ["DEGLET NOOR|DEGLET", "Deglet Noor"],
    ],
  }),
  c("quince", F, "MEMBRILLO|QUINCE", "Quince", "membrillo"),
  c("nance", F, "NANCE|NANCHE|NANCITE|NANZI", "Nance", "nanche"),
  c("jocote", F, "JOCOTE|CIRUELA MEXICANA|SPANISH PLUM|HOG PLUM", "Jocote", "jocote"),
  c("star_apple", F, "CAIMITO|STAR APPLE|ESTRELLA MANZANA", "Star Apple", "caimito"),
  c("acerola", F, "ACEROLA|BARBADOS CHERRY|WEST INDIAN CHERRY", "Acerola", "acerola", { g: "f" }),
  c("lulo", F, "LULO|NARANJILLA", "Lulo", "lulo"),
  c("mamoncillo", F, "MAMONCILLO|QUENEPA|GENIP|GUINEP|SPANISH LIME|MACO", "Mamoncillo", "mamoncillo", {
    note: "(Quenepa)",
  }),
  c("ackee", F, "ACKEE|AKEE|SESO VEGETAL", "Ackee", "akí"),
  c("noni", F, "NONI", "Noni", "noni"),
  c(
    "guava_paste",
    O,
    "PASTA GUAYABA|GUAVA PASTE|GUAYABATE|ATE GUAYABA|BOCADILLO GUAYABA",
    "Guava Paste",
    "pasta de guayaba",
    { g: "f", rank: 2 },
  ),

  // Vegetables
  c(
    "tomato",
    V,
    "TOMATE|TOMATO|JITOMATE|CHERRY TOMATO|GRAPE TOMATO|PLUM TOMATO|TOMATE BOLA|TOMATE SALADET",
    "Tomato",
    "tomate",
    {
      v: [
        ["ROMA|SALADETTE|SALADET|SALADETE|PERA", "Roma", "roma"],
        ["BOLA|ROUND|REDONDO", "Round", "bola"],
        ["CHERRY|CEREZA", "Cherry", "cherry"],
        ["GRAPE|UVA", "Grape", "uva"],
        ["HEIRLOOM|CRIOLLO|RELIQUIA", "Heirloom", "criollo"],
        ["BEEFSTEAK|BEEF", "Beefsteak", "beefsteak"],
        ["CAMPARI", "Campari", "Campari"],
        ["ON VINE|TOV|VINE RIPE|RACIMO|CLUSTER|VINE", "On-the-Vine", "en racimo"],
      ],
    },
  ),
  c("tomatillo", V, "TOMATILLO|TOMATE VERDE|MILTOMATE|TOMATE CASCARA|TOMATE FRESADILLA", "Tomatillo", "tomatillo"),
  c(
    "chile",
    V,
    "CHILE|CHILI|CHILLI|HOT PEPPER|AJI|PIMIENTO PICANTE|CHILE PEPPER|BANANA PEPPER|CHERRY PEPPER|PEPPER CHERRY|PEPPER BANANA|JALAPENO|SERRANO|POBLANO|HABANERO|SCOTCH BONNET|ANAHEIM|FRESNO|SHISHITO|CHILACA|GUERO|GUAJILLO|PASILLA|CHIPOTLE|MORITA|MULATO|CASCABEL|PUYA|PEQUIN|PIQUIN|CHILTEPIN",
    "Pepper",
    "chile",
    {
      kind: "chile",
      weak: "PEPPER",
      v: CHILE_VARIETIES,
    },
  ),
  c(
    "bell_pepper",
    V,
    "BELL PEPPER|PEPPER BELL|PEPPER SWEET|BELL|PIMIENTO|PIMIENTO MORRON|MORRON|CAPSICUM|SWEET PEPPER|CHILE DULCE|CHILE PIMIENTO|CHILE MORRON",
    "Bell Pepper",
    "pimiento morrón",
  ),
  c(
    "aji_dulce",
    V,
    "AJI DULCE|AJICITO|AJI CACHUCHA|CACHUCHA|AJI GUSTOSO|AJI CACHUCHO|RECAITO PEPPER",
    "Ají Dulce Pepper",
    "ají dulce",
  ),
  c("onion", V, "CEBOLLA|ONION", "Onion", "cebolla", {
    g: "f",
    v: [
      ["MORADA|MORADO|PURPLE|RED|ROJA|COLORADA", "Red", "~morado"],
      ["SWEET|DULCE|VIDALIA|WALLA WALLA|MAUI|TEXAS SWEET|TEXAS 1015", "Sweet", "dulce"],
      ["PEARL|PERLA|BOILER", "Pearl", "perla"],
      ["CIPOLLINI|CIPOLLINE", "Cipollini", "cipollini"],
    ],
  }),
  c(
    "green_onion",
    V,
    "GREEN ONION|CEBOLLIN|SCALLION|CEBOLLITA|CEBOLLA RABO|CEBOLLA VERDE|CEBOLLA LARGA|CEBOLLA JUNCA|CEBOLLIN VERDE|CEBOLLINES|ESCALLION",
    "Green Onion",
    "cebollín",
  ),
  c(
    "spring_onion",
    V,
    "CEBOLLA CAMBRAY|CAMBRAY|SPRING ONION|CEBOLLA CAMBRAY MORADA|CEBOLLA CAMBRAY BLANCA",
    "Spring Onion",
    "cebolla cambray",
    {
      g: "f",
      note: "(Cambray)",
    },
  ),
  c("shallot", V, "CHALOTE|CHALOTA|ESCALONIA|SHALLOT|ESCALOTE", "Shallot", "chalote"),
  c("leek", V, "PUERRO|PORO|LEEK|AJO PORRO", "Leek", "poro"),
  c("garlic", V, "AJO|GARLIC", "Garlic", "ajo", {
    v: [
      ["ELEPHANT|ELEFANTE", "Elephant", "elefante"],
      ["CHINO|CHINESE", "Chinese", "chino"],
    ],
  }),
  c("potato", V, "PAPA|PATATA|POTATO", "Potato", "papa", {
    g: "f",
    v: [
      ["RUSSET", "Russet", "russet"],
      ["YUKON|YUKON GOLD", "Yukon Gold", "Yukon Gold"],
      ["FINGERLING", "Fingerling", "fingerling"],
      ["CAMBRAY|CREAMER|BABY", "Baby", "cambray"],
      ["IDAHO", "Idaho", "Idaho"],
      ["ALFA|ALPHA", "Alpha", "alfa"],
      ["CRIOLLA", "Criolla", "criolla"],
    ],
  }),
  c("sweet_potato", V, "CAMOTE|SWEET POTATO|BATATA|SWEET POTATOES", "Sweet Potato", "camote", {
    v: [
      ["GARNET", "Garnet"],
      ["JEWEL", "Jewel"],
      ["BEAUREGARD", "Beauregard"],
      ["HANNAH", "Hannah"],
      ["JAPANESE|JAPONES|MURASAKI", "Japanese", "japonés"],
    ],
  }),
  c("boniato", V, "BONIATO|CUBAN SWEET POTATO|BATATA BLANCA|BATATA CUBANA", "Boniato", "boniato", {
    note: "(Cuban Sweet Potato)",
  }),
  c("yam", V, "NAME|YAM|IGNAME|NAME BLANCO|NAME AMARILLO|NAME MAPUEY|MAPUEY", "Yam", "ñame", { note: "(Ñame)" }),
  c("malanga", V, "MALANGA|YAUTIA|TANNIA|TANIA|COCOYAM|OTOE", "Malanga", "malanga", {
    g: "f",
    v: [["LILA|MORADA|PURPLE", "Lila", "lila"]],
  }),
  c("taro", V, "TARO|DASHEEN|MALANGA COCO|MALANGA ISLENA|EDDO|EDDOE|ADDO|DASHEEN ROOT", "Taro", "malanga coco", {
    g: "f",
  }),
  c("cassava", V, "YUCA|CASSAVA|MANDIOCA|MANIOC|YUCCA|AIPIM", "Cassava", "yuca", { g: "f", note: "(Yuca)" }),
  c("arracacha", V, "ARRACACHA|APIO CRIOLLO|APIO AMARILLO|PERUVIAN PARSNIP", "Arracacha", "arracacha", { g: "f" }),
  c("breadfruit", V, "FRUTA PAN|BREADFRUIT|PANAPEN|MASAPAN", "Breadfruit", "fruta de pan", { g: "f" }),
  c("jicama", V, "JICAMA|YAM BEAN|JICAMAS", "Jicama", "jícama", { g: "f" }),
  c(
    "nopal",
    V,
    "NOPAL|NOPALITO|CACTUS|CACTUS LEAF|CACTUS LEAVES|CACTUS PADDLE|CACTUS PAD|PENCA NOPAL",
    "Cactus Paddles",
    "nopal",
  ),
  c(
    "chayote",
    V,
    "CHAYOTE|CHRISTOPHENE|CHRISTOPHINE|MIRLITON|TAYOTA|GUISQUIL|PATASTE|CHAYOTE SQUASH|CHOCHO",
    "Chayote",
    "chayote",
    {
      v: [["ESPINOSO|ESPINA|PRICKLY|SPINY", "Spiny", "~espinoso"]],
    },
  ),
  c("corn", V, "ELOTE|CORN|MAIZ|SWEET CORN|MAZORCA|CHOCLO|JOJOTO|CORN COB|CORN EAR", "Corn", "elote", {
    v: [["BICOLOR|BI COLOR|PEACHES CREAM", "Bicolor", "bicolor"]],
  }),
  c(
    "calabacita",
    V,
    "CALABACITA|MEXICAN SQUASH|GREY SQUASH|GRAY SQUASH|CALABACITA CRIOLLA|TATUMA",
    "Squash",
    "calabacita",
    {
      g: "f",
      note: "(Calabacita)",
    },
  ),
  c("zucchini", V, "ZUCCHINI|ZUCHINI|ZUCCHINNI|CALABACIN|COURGETTE|ITALIAN SQUASH", "Zucchini", "calabacín"),
  c(
    "squash",
    V,
    "SQUASH|SUMMER SQUASH|WINTER SQUASH|BUTTERNUT|ACORN SQUASH|SPAGHETTI SQUASH|KABOCHA|CHILACAYOTE",
    "Squash",
    "calabaza",
    {
      g: "f",
      v: [
        ["BUTTERNUT", "Butternut", "butternut"],
        ["ACORN|BELLOTA", "Acorn", "bellota"],
        ["SPAGHETTI|ESPAGUETI", "Spaghetti", "espagueti"],
        ["KABOCHA", "Kabocha", "kabocha"],
        ["CROOKNECK", "Crookneck", "cuello torcido"],
        ["PATTY PAN|PATTYPAN|SCALLOP", "Pattypan", "pattypan"],
        ["CHILACAYOTE", "Chilacayote", "chilacayote"],
      ],
    },
  ),
  c(
    "calabaza",
    V,
    "CALABAZA|PUMPKIN|CALABAZA CASTILLA|AHUYAMA|ZAPALLO|AUYAMA|WEST INDIAN PUMPKIN",
    "Calabaza Squash",
    "calabaza",
    { g: "f" },
  ),
  c("cucumber", V, "PEPINO|CUCUMBER|CUKE", "Cucumber", "pepino", {
    v: [
      ["ENGLISH|INGLES|HOTHOUSE|EUROPEAN|EUROPEO|HOT HOUSE", "English", "~inglés"],
      ["PERSIAN|PERSA|MINI CUKE", "Persian", "~persa"],
      ["KIRBY|PICKLING|PICKLE|PEPINILLO", "Pickling", "para encurtir"],
    ],
  }),
  c("eggplant", V, "BERENJENA|EGGPLANT|AUBERGINE", "Eggplant", "berenjena", {
    g: "f",
    v: [
      ["CHINESE|CHINA", "Chinese", "china"],
      ["JAPANESE|JAPONESA", "Japanese", "japonesa"],
      ["ITALIAN|ITALIANA", "Italian", "italiana"],
      ["INDIAN|HINDU|INDIA", "Indian", "india"],
      ["GRAFFITI", "Graffiti", "graffiti"],
      ["THAI", "Thai", "tailandesa"],
    ],
  }),
  c("lettuce", V, "LECHUGA|LETTUCE|ROMAINE|ICEBERG", "Lettuce", "lechuga", {
    g: "f",
    v: [
      ["ROMANA|ROMAINE|ROMAN|OREJONA", "Romaine", "romana"],
      ["ICEBERG|ICEBURG|AMERICANA|ICE BERG", "Iceberg", "iceberg"],
      ["GREEN LEAF|HOJA VERDE|LEAF GREEN", "Green Leaf", "de hoja verde"],
      ["RED LEAF|HOJA ROJA|HOJA MORADA|LEAF RED", "Red Leaf", "de hoja roja"],
      ["BOSTON|BUTTER|MANTEQUILLA|BIBB|MANTECOSA|BUTTERHEAD", "Butter", "mantequilla"],
      ["LITTLE GEM|GEM", "Little Gem", "Little Gem"],
    ],
  }),
  c(
    "romaine_hearts",
    V,
    "ROMAINE HEART|HEART ROMAINE|CORAZON LECHUGA ROMANA|CORAZON ROMANA|ROMAINE HEARTS|CORAZONES ROMANA",
    "Romaine Hearts",
    "corazón de lechuga romana",
  ),
  c(
    "spring_mix",
    V,
    "SPRING MIX|MESCLUN|MEZCLA PRIMAVERA|MIXED GREENS|SALAD MIX|ENSALADA MIXTA|BABY GREENS",
    "Spring Mix",
    "mezcla primavera",
    { g: "f" },
  ),
  c("spinach", V, "ESPINACA|SPINACH", "Spinach", "espinaca", { g: "f" }),
  c("cabbage", V, "REPOLLO|CABBAGE|COL BLANCA|COL VERDE|COL MORADA|REPOLLO BLANCO", "Cabbage", "repollo", {
    v: [
      ["NAPA|CHINESE|CHINO|CHINA", "Napa", "napa"],
      ["SAVOY|RIZADO|CRESPO", "Savoy", "~rizado"],
      ["MORADO|MORADA|PURPLE|RED|ROJO", "Red", "~morado"],
    ],
  }),
  c(
    "brussels_sprouts",
    V,
    "COL BRUSELAS|BRUSSELS SPROUT|BRUSSEL SPROUT|REPOLLITO BRUSELAS|COLECITA BRUSELAS",
    "Brussels Sprouts",
    "col de Bruselas",
    {
      g: "f",
    },
  ),
  c(
    "broccoli_crowns",
    V,
    "BROCCOLI CROWN|BROCOLI CORONA|CORONA BROCOLI|BROCCOLI CROWNS|BROCCOLI FLORET|BROCOLI FLORETE",
    "Broccoli Crowns",
    "corona de brócoli",
    {
      g: "f",
    },
  ),
  c("broccolini", V, "BROCCOLINI|BROCOLINI|BABY BROCCOLI", "Broccolini", "brocolini"),
  c("broccoli", V, "BROCOLI|BROCCOLI|BROCCOLLI|BROCOLLI|BROCULI|BROCOLI BUNCHED", "Broccoli", "brócoli"),
  c("cauliflower", V, "COLIFLOR|CAULIFLOWER", "Cauliflower", "coliflor", { g: "f" }),
  c("carrot", V, "ZANAHORIA|CARROT", "Carrot", "zanahoria", {
    g: "f",
    v: [["RAINBOW|ARCOIRIS", "Rainbow", "arcoíris"]],
  }),
  c("celery", V, "APIO|CELERY", "Celery", "apio", { v: [["HEART|HEARTS|CORAZON", "Hearts", "corazones"]] }),
  c("celery_root", V, "CELERY ROOT|CELERIAC|APIO NABO|RAIZ APIO", "Celery Root", "apio nabo"),
  c("radish", V, "RABANO|RABANITO|RADISH", "Radish", "rábano", { v: [["DAIKON", "Daikon", "daikon"]] }),
  c("daikon", V, "DAIKON|RABANO BLANCO JAPONES", "Daikon Radish", "rábano daikon"),
  c("horseradish", V, "RABANO PICANTE|HORSERADISH|RABANO RUSTICO", "Horseradish", "rábano picante"),
  c("beet", V, "BETABEL|REMOLACHA|BEET|BEETROOT|BETARRAGA|BETERRABA", "Beet", "betabel"),
  c("turnip", V, "NABO|TURNIP", "Turnip", "nabo"),
  c("parsnip", V, "CHIRIVIA|PASTINACA|PARSNIP", "Parsnip", "chirivía", { g: "f" }),
  c("kohlrabi", V, "COLINABO|KOHLRABI", "Kohlrabi", "colinabo"),
  c("kale", V, "KALE|COL RIZADA|BERZA RIZADA|COL CRESPA|COL TOSCANA", "Kale", "kale", {
    v: [["LACINATO|DINO|TOSCANA|TUSCAN|NERO", "Lacinato", "lacinato"]],
  }),
  c("collards", V, "COLLARD|COLLARDS|COLLARD GREEN|BERZA|COL FORRAJERA|COLLARD GREENS", "Collard Greens", "berza", {
    g: "f",
  }),
  c("mustard_greens", V, "MUSTARD GREEN|HOJA MOSTAZA|MUSTARD GREENS|MOSTAZA", "Mustard Greens", "hoja de mostaza", {
    g: "f",
  }),
  c("chard", V, "ACELGA|CHARD|SWISS CHARD", "Swiss Chard", "acelga", {
    g: "f",
    v: [["RAINBOW|ARCOIRIS", "Rainbow", "arcoíris"]],
  }),
  c("endive", V, "ENDIVIA|ENDIVE|BELGIAN ENDIVE|ENDIBIA", "Endive", "endivia", { g: "f" }),
  c("escarole", V, "ESCAROLA|ESCAROLE", "Escarole", "escarola", { g: "f" }),
  c("radicchio", V, "RADICCHIO|RADICHIO|ACHICORIA ROJA", "Radicchio", "radicchio"),
  c("arugula", V, "ARUGULA|RUCULA|ROCKET|RUGULA|ARUGULA BABY", "Arugula", "arúgula", { g: "f" }),
  c("watercress", V, "BERRO|WATERCRESS|CRESS|BERROS", "Watercress", "berro"),
  c("asparagus", V, "ESPARRAGO|ASPARAGUS|ESPARRAGOS", "Asparagus", "espárrago"),
  c("artichoke", V, "ALCACHOFA|ARTICHOKE", "Artichoke", "alcachofa", { g: "f" }),
  c(
    "green_beans",
    V,
    "EJOTE|GREEN BEAN|STRING BEAN|SNAP BEAN|HABICHUELA TIERNA|HABICHUELA VERDE|VAINITA|VAINICA|JUDIA VERDE|FRENCH BEAN|HARICOT VERT|BEAN GREEN|FRIJOL EJOTERO|LONG BEAN|YARD LONG BEAN|CHINESE LONG BEAN",
    "Green Beans",
    "ejote",
    {
      v: [
        ["FRENCH|HARICOT VERT|FINE|FINO|FRANCES", "French", "~francés"],
        ["ROMANO|ITALIAN|PLANA|PLANO", "Romano", "romano"],
        ["LONG|CHINESE|YARD LONG|LARGO", "Long", "~largo"],
        ["WAX|AMARILLO|YELLOW", "Wax", "amarillo"],
      ],
    },
  ),
  c("peas", V, "CHICHARO|PEA|GUISANTE|ARVEJA|PETIT POIS|ENGLISH PEA|GREEN PEA", "Peas", "chícharo"),
  c(
    "snow_peas",
    V,
    "SNOW PEA|CHINESE PEA|CHICHARO CHINO|MANGETOUT|CHICHARO NIEVE|ARVEJA CHINA",
    "Snow Peas",
    "chícharo chino",
  ),
  c("sugar_snap", V, "SUGAR SNAP|SNAP PEA|SUGAR SNAP PEA|CHICHARO DULCE", "Sugar Snap Peas", "chícharo dulce"),
  c("pigeon_peas", V, "PIGEON PEA|GANDUL|GANDULES|GUANDU|GUANDUL|GUANDULES", "Pigeon Peas", "gandul"),
  c("okra", V, "OKRA|QUIMBOMBO|QUINGOMBO|GOMBO|MOLONDRON|CALALU|OCRA|QUIMBOMBO CRIOLLO", "Okra", "okra", { g: "f" }),
  c("mushroom", V, "CHAMPINON|HONGO|SETA|MUSHROOM|CHAMPIGNON|CHAMPINONES", "Mushroom", "champiñón", {
    v: [
      ["PORTOBELLO|PORTABELLA|PORTABELLO|PORTOBELO", "Portobello", "portobello"],
      ["CREMINI|CRIMINI|BABY BELLA|BABY BELLO", "Cremini", "cremini"],
      ["SHIITAKE|SHITAKE", "Shiitake", "shiitake"],
      ["OYSTER|OSTRA|OSTION", "Oyster", "ostra"],
      ["KING OYSTER|KING TRUMPET", "King Oyster", "king oyster"],
      ["ENOKI", "Enoki", "enoki"],
      ["MAITAKE", "Maitake", "maitake"],
      ["CHANTERELLE|REBOZUELO", "Chanterelle", "rebozuelo"],
    ],
  }),
  c("ginger", V, "JENGIBRE|GINGER|GENGIBRE|JENJIBRE|GINGER ROOT|RAIZ JENGIBRE", "Ginger", "jengibre"),
  c("turmeric", V, "CURCUMA|TURMERIC|TURMERIC ROOT", "Turmeric", "cúrcuma", { g: "f" }),
  c("bok_choy", V, "BOK CHOY|BOKCHOY|PAK CHOI|BOK CHOI|PAK CHOY|PAKCHOI|SHANGHAI BOK CHOY", "Bok Choy", "bok choy"),
  c("fennel", V, "HINOJO|FENNEL|ANISE|ANIS BULBO", "Fennel", "hinojo"),
  c("purslane", V, "VERDOLAGA|PURSLANE|VERDOLAGAS", "Purslane", "verdolaga", { g: "f" }),
  c("quelites", V, "QUELITE|QUELITES|QUINTONIL|LAMB QUARTERS|LAMBS QUARTERS", "Quelites", "quelite"),
  c(
    "squash_blossom",
    V,
    "FLOR CALABAZA|SQUASH BLOSSOM|SQUASH FLOWER|ZUCCHINI FLOWER|FLOR CALABACITA",
    "Squash Blossoms",
    "flor de calabaza",
    { g: "f" },
  ),
  c("huitlacoche", V, "HUITLACOCHE|CUITLACOCHE|CORN SMUT|CORN TRUFFLE", "Huitlacoche", "huitlacoche"),
  c("romeritos", V, "ROMERITO|ROMERITOS|SEEPWEED", "Romeritos", "romerito"),
  c("guaje", V, "GUAJE|GUAJES|LEUCAENA", "Guaje Pods", "guaje"),
  c("aloe", V, "SABILA|ALOE|ALOE VERA|PENCA SABILA", "Aloe Vera", "sábila", { g: "f" }),
  c(
    "sprouts",
    V,
    "BEAN SPROUT|GERMINADO|GERMEN SOYA|ALFALFA SPROUT|SPROUT|BROTE|BROTES SOYA|MUNG SPROUT",
    "Sprouts",
    "germinado",
  ),
  c("microgreens", V, "MICROGREEN|MICRO GREEN|MICROGREENS|MICRO HERB", "Microgreens", "microvegetales", { pl: true }),
  c("rhubarb", V, "RUIBARBO|RHUBARB", "Rhubarb", "ruibarbo"),

  // Herbs
  c("cilantro", H, "CILANTRO|CORIANDER|CORIANDRO|CILANTRO LEAF", "Cilantro", "cilantro"),
  c(
    "culantro",
    H,
    "CULANTRO|RECAO|SHADOW BENI|CHADON BENI|LONG CORIANDER|SAWTOOTH CORIANDER|CULANTRO COYOTE|CILANTRO ANCHO|CILANTRON|CULANTRO MONTE|CULANTRO CASTILLA|PEREJIL CIMARRON",
    "Culantro",
    "culantro",
    {
      note: "(Recao)",
      esNote: "(recao)",
    },
  ),
  c("parsley", H, "PEREJIL|PARSLEY", "Parsley", "perejil", {
    v: [
      ["ITALIANO|ITALIAN|LISO|FLAT|FLAT LEAF|PLAIN", "Italian", "~italiano"],
      ["RIZADO|CURLY|CRESPO|CHINO", "Curly", "~rizado"],
    ],
  }),
  c("epazote", H, "EPAZOTE|PAZOTE|APAZOTE|WORMSEED", "Epazote", "epazote"),
  c(
    "mint",
    H,
    "HIERBABUENA|YERBABUENA|YERBA BUENA|HIERBA BUENA|MENTA|MINT|SPEARMINT|PEPPERMINT",
    "Mint",
    "hierbabuena",
    { g: "f" },
  ),
  c("basil", H, "ALBAHACA|BASIL|ALBACA", "Basil", "albahaca", {
    g: "f",
    v: [
      ["THAI|TAILANDESA", "Thai", "tailandesa"],
      ["GENOVESE|GENOVESA", "Genovese", "genovesa"],
    ],
  }),
  c("papalo", H, "PAPALO|PAPALOQUELITE|PAPALO QUELITE|PAPALOQUILITE|BOLIVIAN CORIANDER|QUILQUINA", "Papalo", "pápalo"),
  c("rosemary", H, "ROMERO|ROSEMARY", "Rosemary", "romero"),
  c("thyme", H, "TOMILLO|THYME", "Thyme", "tomillo"),
  c("dill", H, "ENELDO|DILL", "Dill", "eneldo"),
  c(
    "hoja_santa",
    H,
    "HOJA SANTA|HIERBA SANTA|YERBA SANTA|ACUYO|HOJA ACUYO|ROOT BEER PLANT|MOMO",
    "Hoja Santa",
    "hoja santa",
    { g: "f" },
  ),
  c("oregano", H, "OREGANO", "Oregano", "orégano", { v: [["MEXICAN|MEXICANO", "Mexican", "~mexicano"]] }),
  c("sage", H, "SALVIA|SAGE", "Sage", "salvia", { g: "f" }),
  c("tarragon", H, "ESTRAGON|TARRAGON", "Tarragon", "estragón"),
  c("chives", H, "CHIVE|CHIVES|CEBOLLINO|CIBOULETTE", "Chives", "cebollino"),
  c("bay_leaves", H, "LAUREL|BAY LEAF|BAY LEAVES|HOJA LAUREL", "Bay Leaves", "hoja de laurel", { g: "f" }),
  c(
    "lemongrass",
    H,
    "TE LIMON|LEMONGRASS|LEMON GRASS|HIERBA LIMON|ZACATE LIMON|HIERBA LUISA|CITRONELA|LEMON VERBENA|CEDRON",
    "Lemongrass",
    "té de limón",
  ),
  c("marjoram", H, "MEJORANA|MARJORAM", "Marjoram", "mejorana", { g: "f" }),
  c("chamomile", H, "MANZANILLA|CHAMOMILE|CAMOMILE", "Chamomile", "manzanilla", { g: "f" }),
  c("chipilin", H, "CHIPILIN|CHEPIL|CHIPILI", "Chipilín", "chipilín"),
  c("pipicha", H, "PIPICHA|PEPICHA|CHEPICHE", "Pipicha", "pipicha", { g: "f" }),
  c("lavender", H, "LAVANDA|LAVENDER|ALHUCEMA", "Lavender", "lavanda", { g: "f" }),
  c("rue", H, "RUDA|RUE", "Rue", "ruda", { g: "f" }),
  c("stevia", H, "STEVIA|ESTEVIA", "Stevia", "stevia", { g: "f" }),

  // Dry produce
  c("beans", D, "FRIJOL|BEAN|HABICHUELA|POROTO|CARAOTA|ALUBIA|JUDIA|FREJOL|FRIJOLES", "Beans", "frijol", {
    v: [
      ["PINTO", "Pinto", "pinto"],
      ["PERUANO|MAYOCOBA|CANARIO|PERUVIAN|AZUFRADO", "Peruano", "peruano"],
      ["BAYO", "Bayo", "bayo"],
      ["FLOR MAYO", "Flor de Mayo", "flor de mayo"],
      ["FLOR JUNIO", "Flor de Junio", "flor de junio"],
      ["KIDNEY|RINON", "Kidney", "riñón"],
      ["NAVY", "Navy", "navy"],
      ["GREAT NORTHERN", "Great Northern", "Great Northern"],
      ["LIMA|PALLAR|BUTTER", "Lima", "lima"],
      ["MUNG", "Mung", "mungo"],
      ["ADZUKI|AZUKI", "Adzuki", "adzuki"],
      ["CANNELLINI", "Cannellini", "cannellini"],
      ["CRANBERRY|CRAN|BORLOTTI|CACAHUATE", "Cranberry", "cacahuate"],
    ],
  }),
  c("lima_beans", D, "LIMA BEAN|HABA LIMA|PALLAR", "Lima Beans", "haba lima", { g: "f" }),
  c("fava_beans", D, "HABA|FAVA|FAVA BEAN|BROAD BEAN|HABAS", "Fava Beans", "haba", { g: "f" }),
  c(
    "black_eyed_peas",
    D,
    "BLACK EYED PEA|BLACK EYE PEA|FRIJOL CARITA|CARITA|BLACKEYE PEA|COWPEA",
    "Black-Eyed Peas",
    "frijol carita",
  ),
  c("lentils", D, "LENTEJA|LENTIL", "Lentils", "lenteja", { g: "f" }),
  c("chickpeas", D, "GARBANZO|CHICKPEA|CHICK PEA|CECI", "Chickpeas", "garbanzo"),
  c("split_peas", D, "SPLIT PEA|CHICHARO PARTIDO|ARVEJA PARTIDA", "Split Peas", "chícharo partido"),
  c(
    "hibiscus",
    D,
    "JAMAICA|FLOR JAMAICA|HIBISCUS|ROSA JAMAICA|SORREL|FLOR JAMAICA SECA|HIBISCUS FLOWER",
    "Dried Hibiscus Flowers",
    "flor de jamaica",
    {
      g: "f",
    },
  ),
  c(
    "corn_husks",
    D,
    "HOJA TAMAL|HOJA MAIZ|HOJA ELOTE|CORN HUSK|TOTOMOXTLE|HOJA TAMALES|TAMALE HUSK",
    "Dried Corn Husks",
    "hoja para tamal",
    {
      g: "f",
    },
  ),
  c("avocado_leaves", D, "HOJA AGUACATE|AVOCADO LEAF|AVOCADO LEAVES", "Dried Avocado Leaves", "hoja de aguacate", {
    g: "f",
  }),
  c("rice", D, "ARROZ|RICE", "Rice", "arroz", {
    v: [
      ["GRANO LARGO|LONG GRAIN", "Long Grain", "grano largo"],
      ["GRANO MEDIO|MEDIUM GRAIN", "Medium Grain", "grano medio"],
      ["JASMINE|JAZMIN", "Jasmine", "jazmín"],
      ["BASMATI", "Basmati", "basmati"],
      ["INTEGRAL|BROWN", "Brown", "integral"],
      ["PARBOILED|PRECOCIDO", "Parboiled", "precocido"],
      ["VALENCIA|BOMBA", "Valencia", "valenciano"],
    ],
  }),
  c(
    "hominy",
    D,
    "MAIZ POZOLERO|POZOLE|HOMINY|MAIZ CACAHUAZINTLE|MAIZ POZOLE|MAIZ PELADO|MOTE",
    "Hominy",
    "maíz pozolero",
  ),
  c("peanuts", D, "CACAHUATE|CACAHUETE|MANI|PEANUT", "Peanuts", "maní", {
    v: [
      ["RAW|CRUDO|NATURAL", "Raw", "~crudo"],
      ["ROASTED|TOSTADO|HORNEADO", "Roasted", "~tostado"],
      ["JAPONES|JAPANESE", "Japanese-Style", "~japonés"],
    ],
  }),
  c("pumpkin_seeds", D, "PEPITA|PUMPKIN SEED|SEMILLA CALABAZA|PEPITAS", "Pumpkin Seeds", "pepita", {
    g: "f",
  }),
  c("sesame", D, "AJONJOLI|SESAME|SESAMO|SESAME SEED", "Sesame Seeds", "ajonjolí"),
  c("chia", D, "CHIA|CHIA SEED|SEMILLA CHIA", "Chia Seeds", "chía", { g: "f" }),
  c("flaxseed", D, "LINAZA|FLAXSEED|FLAX SEED|FLAX", "Flaxseed", "linaza", { g: "f" }),
  c("quinoa", D, "QUINOA|QUINUA", "Quinoa", "quinoa", { g: "f" }),
  c("cinnamon", D, "CANELA|CINNAMON|CINNAMON STICK|RAJA CANELA", "Cinnamon", "canela", { g: "f" }),
  c("achiote", D, "ACHIOTE|ANNATTO|ONOTO|BIJA|URUCUM", "Achiote", "achiote", { note: "(Annatto)" }),
  c(
    "black_pepper",
    D,
    "PIMIENTA|PEPPERCORN|BLACK PEPPER|PIMIENTA NEGRA|PIMIENTA ENTERA",
    "Black Pepper",
    "pimienta negra",
    { g: "f" },
  ),
  c("allspice", D, "PIMIENTA GORDA|ALLSPICE|PIMIENTA DULCE|PIMIENTA JAMAICA", "Allspice", "pimienta gorda", { g: "f" }),
  c("cumin", D, "COMINO|CUMIN", "Cumin", "comino"),
  c("clove", D, "CLAVO OLOR|CLOVE|CLAVO ESPECIA|CLAVOS OLOR", "Cloves", "clavo de olor"),
  c("anise_seed", D, "ANIS|ANISE SEED|STAR ANISE|ANIS ESTRELLA|ANISEED", "Anise", "anís"),
  c("raisins", D, "PASA|PASAS|RAISIN|UVA PASA|UVAS PASAS", "Raisins", "uva pasa", { g: "f" }),
  c("prunes", D, "CIRUELA PASA|PRUNE|CIRUELAS PASAS", "Prunes", "ciruela pasa", { g: "f" }),
  c("walnuts", D, "NUEZ|WALNUT|NUEZ CASTILLA|NUEZ NOGAL", "Walnuts", "nuez de Castilla", { g: "f" }),
  c("pecans", D, "PECAN|NUEZ PECANA|NUEZ ENCARCELADA|PACANA", "Pecans", "nuez pecana", { g: "f" }),
  c("almonds", D, "ALMENDRA|ALMOND", "Almonds", "almendra", { g: "f" }),
  c("pistachios", D, "PISTACHE|PISTACHO|PISTACHIO", "Pistachios", "pistache"),
  c("cashews", D, "CASHEW|MARANON|NUEZ INDIA|ANACARDO|MEREY", "Cashews", "nuez de la India", { g: "f" }),
  c("hazelnuts", D, "AVELLANA|HAZELNUT|FILBERT", "Hazelnuts", "avellana", { g: "f" }),
  c("macadamia", D, "MACADAMIA|NUEZ MACADAMIA", "Macadamia Nuts", "nuez de macadamia", { g: "f" }),
  c("chestnuts", D, "CASTANA|CHESTNUT", "Chestnuts", "castaña", { g: "f" }),

  // Others: prepared goods and groceries a produce house carries
  c("eggs", O, "HUEVO|EGG|BLANQUILLO", "Eggs", "huevo", {
    rank: 2,
    v: [
      ["EXTRA GRANDE|EXTRA LARGE|XL|X LARGE|XLARGE", "Extra Large", "extra ~grande", "lead"],
      ["JUMBO|JBO", "Jumbo", "jumbo", "lead"],
      ["GRANDE|LARGE|LG|LRG", "Large", "~grande", "lead"],
      ["MEDIANO|MEDIANA|MEDIUM|MED", "Medium", "~mediano", "lead"],
      ["CHICO|SMALL|PEQUENO", "Small", "~chico", "lead"],
      ["ROJO|BROWN|CAFE|MORENO|MARRON", "Brown", "~rojo"],
      ["CAGE FREE|LIBRE JAULA|PASTOREO|FREE RANGE|PASTURE RAISED", "Cage-Free", "de libre pastoreo"],
    ],
  }),
  c("tortillas", O, "TORTILLA", "Tortillas", "tortilla", {
    g: "f",
    rank: 2,
    v: [
      ["MAIZ|CORN", "Corn", "de maíz"],
      ["HARINA|FLOUR|WHEAT|TRIGO", "Flour", "de harina"],
      ["NOPAL", "Cactus", "de nopal"],
    ],
  }),
  c("tostadas", O, "TOSTADA|TOSTADAS", "Tostadas", "tostada", { g: "f", rank: 2 }),
  c("masa", O, "MASA|MASA HARINA|HARINA MAIZ|MASA NIXTAMAL", "Masa", "masa", { g: "f", rank: 2 }),
  c("queso_fresco", O, "QUESO FRESCO", "Queso Fresco", "queso fresco", { rank: 2 }),
  c("queso_blanco", O, "QUESO BLANCO", "Queso Blanco", "queso blanco", { rank: 2 }),
  c("cheese", O, "QUESO|CHEESE|QUESILLO|REQUESON", "Cheese", "queso", {
    rank: 2,
    v: [
      ["COTIJA|ANEJO", "Cotija", "cotija"],
      ["OAXACA|QUESILLO", "Oaxaca", "Oaxaca"],
      ["PANELA", "Panela", "panela"],
      ["CHIHUAHUA|MENONITA|MENNONITE", "Chihuahua", "Chihuahua"],
      ["ASADERO", "Asadero", "asadero"],
      ["DURO|HARD", "Hard", "duro"],
      ["REQUESON|RICOTTA", "Requesón", "requesón"],
      ["CREMA|CREMOSO", "Cream", "crema"],
    ],
  }),
  c(
    "crema",
    O,
    "CREMA|CREMA MEXICANA|SOUR CREAM|CREMA AGRIA|CREMA SALVADORENA|CREMA CENTROAMERICANA",
    "Mexican Crema",
    "crema",
    { g: "f", rank: 2 },
  ),
  c(
    "piloncillo",
    O,
    "PILONCILLO|PANOCHA|RAPADURA|CONE SUGAR|CHANCACA|PAPELON|TAPA DULCE|PANELA DULCE",
    "Piloncillo",
    "piloncillo",
    {
      rank: 2,
      note: "(Cone Sugar)",
    },
  ),
  c("honey", O, "MIEL ABEJA|MIEL|RAW HONEY|WILDFLOWER HONEY|HONEY JAR|MIEL FLORES|MIEL PURA", "Honey", "miel", {
    g: "f",
  }),
  c("sugarcane", O, "CANA AZUCAR|CANA|SUGAR CANE|SUGARCANE|CANITA", "Sugarcane", "caña de azúcar", { g: "f" }),
  c(
    "banana_leaves",
    O,
    "HOJA PLATANO|HOJA BANANO|BANANA LEAF|HOJA PLATANO CONGELADA|PLANTAIN LEAF",
    "Banana Leaves",
    "hoja de plátano",
    {
      g: "f",
    },
  ),
  c("juice", O, "JUGO|JUICE|ZUMO", "Juice", "jugo", {
    v: [
      ["NARANJA|ORANGE", "Orange", "de naranja"],
      ["LIMON|LIME", "Lime", "de limón"],
      ["TORONJA|GRAPEFRUIT", "Grapefruit", "de toronja"],
      ["PINA|PINEAPPLE", "Pineapple", "de piña"],
      ["MANGO", "Mango", "de mango"],
    ],
  }),
  c("coconut_water", O, "AGUA COCO|COCONUT WATER", "Coconut Water", "agua de coco", { g: "f", rank: 2 }),
  c("salsa", O, "SALSA", "Salsa", "salsa", { g: "f" }),
  c("mole", O, "MOLE|PASTA MOLE", "Mole Paste", "mole"),
  c("chicharron", O, "CHICHARRON|PORK RIND|CHICHARRONES", "Chicharrón", "chicharrón", { rank: 2 }),
];

/** Modifiers any item may carry. `place` says where English puts them. */
export type Modifier = {
  terms: string[];
  en: string;
  es: SpanishWord;
  slot: "organic" | "color" | "quality" | "size" | "dried";
};

function m(slot: Modifier["slot"], terms: string, en: string, es: SpanishWord): Modifier {
  return { slot, terms: split(terms), en, es };
}

export const MODIFIERS: Modifier[] = [
  m("organic", "ORGANIC|ORGANICO|ORG|ORGANICOS|ORGANICA|ORGANICAS|ORGNC", "Organic", "~orgánico"),
  m("dried", "DRIED|SECO|DRY|DESHIDRATADO|DEHYDRATED|SECOS|SECA|SECAS|DEHIDRATADO", "Dried", "~seco"),
  m("color", "RED|ROJO|ROJA|COLORADO|COLORADA", "Red", "~rojo"),
  m("color", "GREEN|VERDE", "Green", "~verde"),
  m("color", "YELLOW|AMARILLO|AMARILLA", "Yellow", "~amarillo"),
  m("color", "WHITE|BLANCO|BLANCA", "White", "~blanco"),
  m("color", "BLACK|NEGRO|NEGRA", "Black", "~negro"),
  m("color", "PURPLE|MORADO|MORADA|LILA", "Purple", "~morado"),
  m("color", "ORANGE|NARANJA|ANARANJADO|ANARANJADA", "Orange", "naranja"),
  m("color", "GREY|GRAY|GRIS", "Grey", "~gris"),
  m("color", "GOLD|GOLDEN|DORADO|DORADA", "Golden", "~dorado"),
  m("color", "BROWN|MARRON", "Brown", "café"),
  m("color", "PINK|ROSADO|ROSADA", "Pink", "~rosado"),
  m("color", "BLUE|AZUL", "Blue", "~azul"),
  m("color", "MIXED|MIXTO|SURTIDO|ASSORTED|MIX", "Mixed", "~surtido"),
  m("quality", "SEEDLESS", "Seedless", "sin semilla"),
  m("quality", "CLEANED|CLEAN|LIMPIO|LIMPIA|LIMPIOS|LIMPIAS", "Cleaned", "~limpio"),
  m("quality", "PEELED|PELADO|PELADA|PELADOS", "Peeled", "~pelado"),
  m("quality", "BABY", "Baby", "baby"),
  m("quality", "MINI", "Mini", "mini"),
  m("quality", "SWEET|DULCE", "Sweet", "dulce"),
  m("quality", "RIPE|MADURO|MADURA", "Ripe", "~maduro"),
  m("quality", "WILD|SILVESTRE", "Wild", "silvestre"),
  m("quality", "DICED|PICADO|PICADA", "Diced", "~picado"),
  m("quality", "SLICED|REBANADO|REBANADA", "Sliced", "~rebanado"),
  m("quality", "SHREDDED|RALLADO|RALLADA", "Shredded", "~rallado"),
  m("size", "XL|EXTRA LARGE|X LARGE|XLG|EXTRA GRANDE|XLARGE|XLRG", "XL", "XL"),
  m("size", "XXL|EXTRA EXTRA LARGE", "XXL", "XXL"),
  m("size", "JUMBO|JBO|JMB", "Jumbo", "jumbo"),
  m("size", "LARGE|LG|LRG|GRANDE|LGE", "Large", "~grande"),
  m("size", "MEDIUM|MED|MEDIANO|MEDIANA|MD", "Medium", "~mediano"),
  m("size", "SMALL|SM|SML|CHICO|CHICA|PEQUENO|PEQUENA", "Small", "~chico"),
  m("size", "COLOSSAL|COLOSAL", "Colossal", "~colosal"),
];

/**
 * Words that name a group rather than an item: QuickBooks parent paths (FRUTAS:…), QBO categories
 * and catch-all descriptions. Used only when no commodity is recognised.
 */
export const CATEGORY_HINTS: Array<[Category, string[]]> = [
  ["fruits", split("FRUTA|FRUTAS|FRUIT|FRUITS|FRUTOS|FRUTAL|CITRICOS|CITRUS|BERRIES|TROPICAL|TROPICALES")],
  [
    "vegetables",
    split(
      "VERDURA|VERDURAS|VEGETABLE|VEGETABLES|VEGETALES|VEGGIES|HORTALIZA|HORTALIZAS|GREENS|VIANDAS|TUBERCULOS|RAICES|LEAFY",
    ),
  ],
  ["herbs", split("HIERBA|HIERBAS|HERB|HERBS|YERBAS|HIERBAS FINAS|AROMATICAS")],
  [
    "dry_produce",
    split("SECO|SECOS|DRIED|DRY|GRANOS|SEMILLAS|SPICE|SPICES|ESPECIAS|ABARROTES|DRY GOODS|CHILES SECOS|LEGUMBRES|NUTS"),
  ],
  ["others", split("OTROS|OTHER|OTHERS|MISC|MISCELANEOS|LACTEOS|DAIRY|GROCERY")],
];

/** Little words ignored when matching ("chile de árbol" = "chile árbol"). */
export const STOPWORDS = new Set(split("DE|DEL|LA|EL|LOS|LAS|PARA|CON|EN|Y|E|OF|THE|AND|FOR|WITH|A|AL|POR|AN|IN|ON"));

/**
 * Words that may be a place of origin rather than the item: CHILE (the country) after the pack or
 * before a lot number is where the eggs came from, not what they are.
 */
export const PLACE_WORDS = new Set(["CHILE"]);

/** Words that never belong in a display name: packing, grades, origins, lots, promotions. */
export const NOISE_WORDS = new Set(
  split(
    [
      "CS|CASE|CASES|CAJA|CAJAS|BOX|BOXES|CTN|CARTON|CARTONS|FLAT|FLATS|BAG|BAGS|SACO|SACOS|SACK|BOLSA|BOLSAS|BIN|BINS",
      "CRATE|LUG|RPC|PALLET|TARIMA|PLT|ICED|ICELESS|ICE|WAXED|ENCERADO|ENCERADA|LAYER|LAYERS|CAPA|CAPAS|CONO|CLAMSHELL|CLAM",
      "PK|PACK|PACKS|PAQUETE|PAQ|BUNCH|BCH|MANOJO|CHOICE|FANCY|CONV|CONVENTIONAL|PREMIUM|SELECT|STANDARD|STD|GRADE|US|NO",
      "OFERTA|SPECIAL|ESPECIAL|PROMO|SALE|NEW|CROP|FRESH|FRESCO|FRESCOS|FRESCA|LOT|LOTE|EA|EACH|CT|COUNT|LB|LBS|KG|OZ|BU",
      "DZ|DOZ|PT|QT|GAL|CASCARA|HUSK|MEX|MEXICO|MX|GUAT|GUATEMALA|HOND|HONDURAS|PERU|COL|COLOMBIA|CR|COSTA|RICA|ECUADOR",
      "USA|CA|CALIF|TX|AZ|FL|GA|NC|BC|SON|SIN|JAL|MICH|PUE|GTO|SIN|NIC|NICARAGUA|DR|DOMINICANA|CHILE|IMPORTED|IMPORTADO",
      "LOCAL|HOUSE|BRAND|MARCA|TEST|ITEM|PRODUCTO|PRODUCT",
    ].join("|"),
  ),
);
