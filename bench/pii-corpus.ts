// A labelled PII corpus built in memory from a seed: sentences from varied templates filled with generated values in
// real-world formats (valid checksums where the format has one), neutral filler, and hard negatives — look-alikes
// that are not PII (order numbers, versions, ISBNs, UUIDs, git SHAs, hashes, phone-like product codes…).
// The people, places and organisations come from the lists below and are filtered against the engine's gazetteers
// (compromise's lexicon and the engine's own lists), so the names recogniser never sees a name it has a list entry for.
import { createHash } from 'node:crypto';
import type { PiiEntityType } from '@candor/engine-pii';
import { seededRandom } from './lib.mjs';

export interface GoldSpan {
  start: number;
  end: number;
  type: PiiEntityType;
}

export interface CorpusDocument {
  id: string;
  text: string;
  /** 'positive': PII sentences and filler; 'hard-negative': the same plus look-alikes that are not PII. */
  kind: 'positive' | 'hard-negative';
  entities: GoldSpan[];
  /** The look-alikes placed in a hard-negative document (for the count of how many were flagged). */
  lookalikes: Array<{ start: number; end: number; kind: string }>;
}

export interface Corpus {
  documents: CorpusDocument[];
  /** Names, places and organisations dropped from the lists because a gazetteer of the engine knows them. */
  excluded: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Name lists (deliberately varied in origin; filtered against the engine's gazetteers at build time).

const FIRST_NAMES =
  `Chidi Ngozi Oluwaseun Adaeze Kwabena Akosua Yaw Efua Tendai Nyasha Thandiwe Sipho Lerato Kagiso Zainab
Ifeoma Emeka Obinna Chiamaka Folake Babajide Temitope Yetunde Makena Wanjiru Kamau Njeri Otieno Achieng Farhan Rashida
Nusrat Tahmina Siddharth Ananya Ishaan Kavya Vikram Deepika Aarav Saanvi Tanvir Haruto Sota Riku Kenta Daiki Minh Thao
Quang Linh Tuan Huong Jiho Minjun Hyunwoo Xiaoling Zhiwei Yuxuan Haoran Mingyu Tomasz Katarzyna Wojciech Agnieszka
Grzegorz Bartosz Zofia Radek Bohdan Oksana Taras Mykola Yevhen Svitlana Anastasiya Giedre Arvydas Kalle Sanna Eero Aino
Leevi Sigrun Thorvald Bjarke Freyja Ragnhild Thiago Joaquim Leandro Rafaela Ximena Itzel Erendira Citlali Anahi Ignacio
Soledad Macarena Ayelet Yonatan Eitan Shira Omer Mehmet Elif Emre Zeynep Burak Kerem Selin Dariush Parisa Kourosh Shirin
Arash Nasrin Youssef Khadija Driss Samira Nour Thaddeus Ignatius Percival Evander Leopold Winifred Philippa Rosalind
Imogen Peregrine Fenella Tamsin Ottoline Lysander Barnaby Crispin Jago Morwenna Perpetua Aurelio Benedikta Cosima
Dagny Eulalia Fiorella Gunnhild Hallvard Ingeborg Jovana Ksenia Ludovica Mireille Nikolaj Orsolya Pietari Radomir
Slavomir Teodora Ulrika Valdis Wiebke Yannick Zbigniew Ainhoa Bongani Chukwudi Dumisani Ekaterina Fadumo Gulnara Hamza
Ilkay Jurgita Kofi Lindiwe Mamadou Nkechi Oyelaran Pallavi Qadira Rustam Sunniva Tariku Uchenna Vusumuzi Wangari`
    .split(/\s+/)
    .filter(Boolean);

const LAST_NAMES =
  `Okonkwo Adeyemi Mensah Boateng Owusu Asante Nkosi Dlamini Mokoena Ndlovu Mutasa Chikwanha Wanjala Kiprono
Odhiambo Njoroge Balogun Olawale Nwachukwu Adebayo Chowdhury Banerjee Chatterjee Mukherjee Raghunathan Venkataraman
Subramaniam Krishnamurthy Deshpande Kulkarni Patwardhan Bhattacharya Takahashi Watanabe Yamaguchi Kobayashi Matsumoto
Hayashi Shimizu Pham Hoang Dang Huynh Trinh Kowalczyk Wisniewski Wojcik Kaminski Lewandowski Zielinski Szymanski
Dabrowski Kozlowski Jankowski Krawczyk Piotrowski Grabowski Pawlowski Michalski Nowakowski Wieczorek Jablonski
Majewski Olszewski Malinowski Jaworski Adamczyk Nowicki Witkowski Walczak Rutkowski Szewczyk Tomaszewski Pietrzak
Lindqvist Bergstrom Hakansson Virtanen Korhonen Makinen Nieminen Halvorsen Solberg Haugen Ostergaard Fitzwilliam
Ashcombe Thistlewood Underhill Fairweather Hollingsworth Wetherby Etxeberria Goikoetxea Arrizabalaga Echeverria
Santamaria Cienfuegos Abernethy Mackintosh Urquhart Farquharson Galbraith Kilpatrick Yilmaz Demir Celik Sahin Ozturk
Aydin Arslan Dogan Kilic Karimi Hosseini Moradi Rostami Sadeghi Jafari Benali Bouazza Khoury Nasrallah Aoun
Rosenzweig Abramovitz Katzenelson Feinberg Quintero Villaseñor Oyarzun Zubizarreta Anand Ekwueme Fagerlund Grimaldi
Hrabal Ivanova Jovanovic Kristiansen Lorenzetti Mwangi Nakashima Oberholzer Papadakis Rasmussen Sokolova Tanaka
Uzunov Vasquez Wendlandt Xuereb Yanagida Zamfir Achterberg Brankovic Castellanos Dvorak Esposito Ferreira Gutierrez`
    .split(/\s+/)
    .filter(Boolean);

const PLACES = `Wenatchee Kalamazoo Tuscaloosa Chillicothe Ypsilanti Poughkeepsie Schenectady Bozeman Missoula Bemidji
Oshkosh Sheboygan Keokuk Muskogee Natchitoches Opelousas Hattiesburg Tupelo Paducah Asheville Spartanburg Valdosta
Kissimmee Ocala Pensacola Yuma Flagstaff Sedona Alamogordo Amarillo Lubbock Texarkana Shreveport Biloxi Kirkcaldy
Dunfermline Llandudno Aberystwyth Penzance Bodmin Tewkesbury Keswick Whitby Skegness Harrogate Macclesfield Stockport
Huddersfield Rotherham Doncaster Scunthorpe Grimsby Tarnow Rzeszow Bialystok Olsztyn Kielce Tampere Jyvaskyla Oulu
Trondheim Stavanger Tromso Uppsala Linkoping Orebro Odense Aalborg Esbjerg Groningen Maastricht Leuven Namur
Besancon Perpignan Albacete Valladolid Logrono Oviedo Coimbra Braga Perugia Lecce Bergamo Trieste Ravenna Graz Linz
Innsbruck Lugano Winterthur Ostrava Olomouc Debrecen Szeged Plovdiv Varna Rijeka Osijek Maribor Kumasi Tamale Enugu
Ibadan Maiduguri Mombasa Kisumu Eldoret Arusha Mwanza Bulawayo Mutare Ndola Kitwe Blantyre Bloemfontein Polokwane
Coimbatore Madurai Visakhapatnam Vijayawada Thiruvananthapuram Kozhikode Mysuru Hubballi Nashik Aurangabad Indore
Bhopal Raipur Ranchi Guwahati Shillong Dehradun Rajshahi Khulna Sylhet Davao Iloilo Bacolod Haiphong Khon Kaen Ipoh
Kuching Surabaya Bandung Medan Yogyakarta Makassar Sapporo Sendai Kanazawa Matsuyama Kagoshima Daegu Gwangju Daejeon
Ulsan Jeonju Rosario Temuco Arequipa Trujillo Barranquilla Bucaramanga Pereira Maracaibo Campinas Curitiba Recife
Fortaleza Manaus Florianopolis Goiania Queretaro Oaxaca Hermosillo Saltillo`
  .split(/\s+/)
  .filter(Boolean);

const ORG_STEMS =
  `Brightwater Quillfeather Norvexa Tallowmere Zentrik Ardentis Halcyra Veloqua Corvantis Lumenfield Pennyroyal
Stonebridge Marrowfield Kestrelwood Ashgrove Silverbirch Greywater Duskmere Fernhollow Copperleaf Bramblewick Tidewell
Ravenmoor Oakhaven Sablecrest Windrush Emberly Glasswing Heronsgate Ironvale Juniperline Kingsfold Larkspire Mistral
Northgale Orchardine Pinecastle Quarrystone Rosewell Saltmarsh Thornbury Umberlane Vexillum Wrenfield Yarrowby Zephyrine`
    .split(/\s+/)
    .filter(Boolean);
const ORG_SUFFIX_WORDS = [
  'LLC',
  'Inc.',
  'Ltd',
  'Group',
  'Analytics',
  'Logistics',
  'Capital',
  'Partners',
  'Health',
  'Labs',
  'Systems',
  'Foundation',
  'Holdings',
  'Consulting',
  'Technologies',
  'GmbH',
  'Insurance',
  'Pharmaceuticals',
  'Industries',
  'Media',
];

// ---------------------------------------------------------------------------------------------------------------
// Check digits, implemented here from the standards (not imported from the engine under test).

function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) r = (r * 10 + Number(ch)) % 97;
  return r;
}

const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
function verhoeffDigit(body: string): number {
  let c = 0;
  const reversed = [...body].reverse();
  for (let i = 0; i < reversed.length; i++) {
    c = (VD[c] as number[])[(VP[(i + 1) % 8] as number[])[Number(reversed[i])] as number] as number;
  }
  return VINV[c] as number;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] as number;
  }
  return chk >>> 0;
}
function segwitAddress(program: Uint8Array): string {
  const data = [0];
  let acc = 0;
  let bits = 0;
  for (const b of program) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const hrp = 'bc';
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const polymod = bech32Polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (polymod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH[d]).join('')}`;
}

// ---------------------------------------------------------------------------------------------------------------

/** Builds the corpus: `documents` documents, about one in four a hard-negative one. */
export function buildPiiCorpus(
  options: { seed?: number; documents?: number; knows?: (phrase: string) => boolean } = {},
): Corpus {
  const random = seededRandom(options.seed ?? 20261122);
  const count = options.documents ?? 3000;
  const knows = options.knows ?? (() => false);
  const excluded: string[] = [];
  const keep = (list: string[]) =>
    list.filter((item) => {
      if (!knows(item)) return true;
      excluded.push(item);
      return false;
    });
  const firstNames = keep(FIRST_NAMES);
  const lastNames = keep(LAST_NAMES);
  const places = keep(PLACES);
  const orgStems = keep(ORG_STEMS);

  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  const letters = (n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') =>
    Array.from({ length: n }, () => pick([...alphabet])).join('');
  const hex = (n: number) => Array.from({ length: n }, () => pick([...'0123456789abcdef'])).join('');
  const alnum = (n: number) => letters(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(0, 255));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');

  const first = () => pick(firstNames);
  const last = () => pick(lastNames);
  const person = () => {
    const r = random();
    if (r < 0.65) return `${first()} ${last()}`;
    if (r < 0.8) return `${first()} ${pick([...'ABCDEFGHJKLMNPRSTW'])}. ${last()}`;
    if (r < 0.9) return `${first()} ${last()}-${last()}`;
    return first();
  };
  const place = () => pick(places);
  const org = () => {
    const r = random();
    if (r < 0.55) return `${pick(orgStems)} ${pick(ORG_SUFFIX_WORDS)}`;
    if (r < 0.7)
      return `${pick(orgStems)} ${pick(['Data', 'Freight', 'Dental', 'Energy', 'Bio'])} ${pick(ORG_SUFFIX_WORDS)}`;
    if (r < 0.8) return `${last()} & ${last()}`;
    if (r < 0.9) return `${pick(['University', 'Bank', 'Institute', 'College', 'Ministry'])} of ${place()}`;
    return `${last()} ${last()} LLP`;
  };

  const card = () => {
    const brand = pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'discover']);
    const prefix = {
      visa: '4',
      mc: `5${int(1, 5)}`,
      mc2: `${int(2221, 2720)}`,
      amex: pick(['34', '37']),
      discover: '6011',
    }[brand] as string;
    const length = brand === 'amex' ? 15 : 16;
    const body = prefix + digits(length - 1 - prefix.length);
    const number = body + luhnDigit(body);
    const style = random();
    if (style < 0.35) return number;
    const sep = style < 0.75 ? ' ' : '-';
    if (brand === 'amex') return [number.slice(0, 4), number.slice(4, 10), number.slice(10)].join(sep);
    return number.match(/.{4}/g)?.join(sep) ?? number;
  };
  const iban = () => {
    const country = pick(['DE', 'GB', 'FR', 'ES', 'NL', 'IT', 'BE', 'CH', 'PL', 'SE', 'IE', 'AT']);
    const bbans: Record<string, () => string> = {
      DE: () => digits(18),
      GB: () => letters(4) + digits(14),
      FR: () => digits(23),
      ES: () => digits(20),
      NL: () => letters(4) + digits(10),
      IT: () => letters(1) + digits(22),
      BE: () => digits(12),
      CH: () => digits(17),
      PL: () => digits(24),
      SE: () => digits(20),
      IE: () => letters(4) + digits(14),
      AT: () => digits(16),
    };
    const bban = (bbans[country] as () => string)();
    const numeric = [...`${bban}${country}00`]
      .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
      .join('');
    const check = pad(98 - mod97(numeric), 2);
    const compact = `${country}${check}${bban}`;
    return chance(0.6) ? (compact.match(/.{1,4}/g)?.join(' ') ?? compact) : compact;
  };
  const swift = () => {
    const country = pick(['DE', 'GB', 'FR', 'US', 'CH', 'NL', 'ES', 'IT', 'JP', 'SG', 'IN', 'CA', 'AU']);
    const location = chance(0.5) ? letters(2) : `${letters(1)}${int(1, 9)}`;
    const branch = chance(0.4) ? (chance(0.5) ? 'XXX' : `${int(1, 9)}${digits(2)}`) : '';
    return `${letters(4)}${country}${location}${branch}`;
  };
  const routing = () => {
    const prefix = pick([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '21',
      '22',
      '26',
      '31',
      '32',
      '61',
      '63',
      '67',
      '71',
      '72',
    ]);
    const body = prefix + digits(6);
    const w = [3, 7, 1, 3, 7, 1, 3, 7];
    const sum = [...body].reduce((s, d, i) => s + Number(d) * (w[i] as number), 0);
    return body + ((10 - (sum % 10)) % 10);
  };
  const ssn = () => {
    let area = int(1, 899);
    while (area === 666) area = int(1, 899);
    const value = [pad(area, 3), pad(int(1, 99), 2), pad(int(1, 9999), 4)];
    const r = random();
    return r < 0.75 ? value.join('-') : r < 0.9 ? value.join(' ') : value.join('');
  };
  const itin = () => `9${digits(2)}-${pick([int(70, 88), int(50, 65), int(90, 92), int(94, 99)])}-${digits(4)}`;
  const passport = () =>
    chance(0.5) ? `${int(1, 9)}${digits(8)}` : `${pick([...'ACEFGHJKLMNPRSTUVWXYZ'])}${digits(8)}`;
  const licence = () =>
    pick([
      () => `${letters(1)}${digits(7)}`,
      () => `${letters(1)}${digits(3)}-${digits(3)}-${digits(2)}-${digits(3)}-${digits(1)}`,
      () => `${int(1, 9)}${digits(8)}`,
      () => `${letters(1)}${digits(12)}`,
      () => `${letters(2)}${digits(6)}`,
      () => `${letters(1)}${digits(3)}-${digits(4)}-${digits(4)}`,
    ])();
  const nino = () => {
    const firsts = 'ABCEGHJKLMNOPRSTWXYZ';
    const seconds = 'ABCEGHJKLMNPRSTWXYZ';
    let prefix = '';
    do prefix = pick([...firsts]) + pick([...seconds]);
    while (['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ'].includes(prefix));
    const d = digits(6);
    const suffix = pick([...'ABCD']);
    return chance(0.5)
      ? `${prefix} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)} ${suffix}`
      : `${prefix}${d}${suffix}`;
  };
  const nhs = () => {
    for (;;) {
      const body = digits(9);
      const sum = [...body].reduce((s, d, i) => s + Number(d) * (10 - i), 0);
      let check = 11 - (sum % 11);
      if (check === 11) check = 0;
      if (check === 10) continue;
      const n = body + check;
      return chance(0.7) ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : n;
    }
  };
  const sin = () => {
    const body = `${pick(['1', '2', '3', '4', '5', '6', '7', '9'])}${digits(7)}`;
    const n = body + luhnDigit(body);
    const r = random();
    return r < 0.5
      ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
      : r < 0.8
        ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`
        : n;
  };
  const aadhaar = () => {
    const body = `${int(2, 9)}${digits(10)}`;
    const n = body + verhoeffDigit(body);
    return chance(0.75) ? `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}` : n;
  };
  const pan = () => `${letters(3)}P${letters(1)}${digits(4)}${letters(1)}`;
  const ipv4 = () =>
    pick([
      () => `192.168.${int(0, 255)}.${int(1, 254)}`,
      () => `10.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`,
      () => `${int(11, 223)}.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`,
      () => `172.${int(16, 31)}.${int(0, 255)}.${int(1, 254)}`,
    ])();
  const ipv6 = () => {
    const groups = Array.from({ length: 8 }, () => hex(int(1, 4)));
    if (chance(0.5)) return groups.join(':');
    return `${groups.slice(0, int(1, 4)).join(':')}::${groups.slice(6).join(':')}`;
  };
  const mac = () => {
    const octets = Array.from({ length: 6 }, () => hex(2));
    const upper = chance(0.5);
    const text = octets.join(chance(0.7) ? ':' : '-');
    return upper ? text.toUpperCase() : text;
  };
  const domain = () =>
    `${pick(orgStems).toLowerCase()}${pick(['.com', '.org', '.net', '.io', '.co.uk', '.de', '.example'])}`;
  const url = () =>
    pick([
      () => `https://${domain()}/${pick(['account', 'profile', 'u', 'share', 'docs'])}/${alnum(int(4, 10))}`,
      () => `https://www.${domain()}/${pick(['login', 'reset?token=', 'invite/'])}${alnum(8)}`,
      () => `http://${domain()}/${pick(['index.html', 'about', 'files/report.pdf'])}`,
      () => `www.${domain()}`,
      () => `https://${domain()}/p?id=${digits(6)}&ref=${alnum(5)}`,
    ])();
  const mrn = () =>
    pick([
      () => digits(8),
      () => `${int(1, 9)}${digits(6)}`,
      () => `MR${digits(7)}`,
      () => `${letters(1)}-${digits(7)}`,
      () => digits(10),
    ])();
  const wallet = () =>
    pick([
      () => {
        const payload = new Uint8Array([chance(0.7) ? 0 : 5, ...bytes(20)]);
        const check = sha256(sha256(payload)).subarray(0, 4);
        return base58(new Uint8Array([...payload, ...check]));
      },
      () => segwitAddress(bytes(20)),
      () => `0x${hex(40)}`,
    ])();
  const token = () =>
    pick([
      () => `AKIA${letters(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
      () => `ghp_${alnum(36)}`,
      () => `sk_live_${alnum(24)}`,
      () => `xoxb-${digits(11)}-${digits(12)}-${alnum(24)}`,
      () => `AIza${alnum(35)}`,
      () => `sk-proj-${alnum(40)}`,
      () => `glpat-${alnum(20)}`,
      () => alnum(int(24, 40)),
      () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
    ])();
  const jwt = () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = b64({ alg: pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' });
    const payload = b64({ sub: digits(8), name: `${first()} ${last()}`, iat: 1_700_000_000 + int(0, 9_999_999) });
    return `${header}.${payload}.${Buffer.from(bytes(32)).toString('base64url')}`;
  };
  const password = () =>
    pick([
      () =>
        `${pick(['Summer', 'Blue', 'Tiger', 'Coffee', 'Rocket', 'Maple'])}${int(10, 2030)}${pick(['!', '#', '$', '?', ''])}`,
      () => alnum(int(10, 16)),
      () => `${alnum(4)}-${alnum(4)}-${alnum(4)}`,
      () =>
        `${pick(['correct', 'purple', 'gentle', 'silver'])}.${pick(['horse', 'staple', 'river', 'lamp'])}.${int(1, 99)}`,
      () => `${letters(1)}${alnum(6)}${pick(['@', '%', '&', '*'])}${int(0, 99)}`,
    ])();
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const date = (birth = false) => {
    const y = birth ? int(1940, 2010) : int(1995, 2030);
    const m = int(1, 12);
    const d = int(1, 28);
    return pick([
      () => `${y}-${pad(m, 2)}-${pad(d, 2)}`,
      () => `${pad(m, 2)}/${pad(d, 2)}/${y}`,
      () => `${d}/${m}/${y}`,
      () => `${pad(d, 2)}.${pad(m, 2)}.${y}`,
      () => `${MONTHS[m - 1]} ${d}, ${y}`,
      () => `${d} ${MONTHS[m - 1]} ${y}`,
      () => `${(MONTHS[m - 1] as string).slice(0, 3)} ${d}, ${y}`,
      () => `${d}${d === 1 ? 'st' : d === 2 ? 'nd' : d === 3 ? 'rd' : 'th'} of ${MONTHS[m - 1]}`,
    ])();
  };
  const age = () => String(int(2, 97));
  const phone = () =>
    pick([
      () => `(${int(201, 989)}) ${int(200, 999)}-${digits(4)}`,
      () => `${int(201, 989)}-${int(200, 999)}-${digits(4)}`,
      () => `${int(201, 989)}.${int(200, 999)}.${digits(4)}`,
      () => `+1 ${int(201, 989)} ${int(200, 999)} ${digits(4)}`,
      () => `+1-${int(201, 989)}-${int(200, 999)}-${digits(4)}`,
      () => `1-800-${int(200, 999)}-${digits(4)}`,
      () => `+44 20 ${digits(4)} ${digits(4)}`,
      () => `07${digits(3)} ${digits(6)}`,
      () => `020 ${digits(4)} ${digits(4)}`,
      () => `+91 9${digits(4)} ${digits(5)}`,
      () => `+49 30 ${digits(7)}`,
      () => `+61 4${digits(2)} ${digits(3)} ${digits(3)}`,
      () => `+33 6 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`,
      () => `+234 80${digits(1)} ${digits(3)} ${digits(4)}`,
    ])();
  // Postcodes by the national formats (letters a UK postcode's inward code never uses left out).
  const postcode = () =>
    pick([
      () => digits(5),
      () => `${digits(5)}-${digits(4)}`,
      () =>
        `${pick(['SW', 'NW', 'EH', 'LS', 'M', 'B', 'CF', 'BS'])}${int(1, 19)} ${int(0, 9)}${letters(2, 'ABDEFGHJLNPQRSTUWXYZ')}`,
      () =>
        `${pick([...'ABCEGHJKLMNPRSTVXY'])}${int(0, 9)}${letters(1, 'ABCEGHJKLMNPRSTVWXYZ')} ${int(0, 9)}${letters(1, 'ABCEGHJKLMNPRSTVWXYZ')}${int(0, 9)}`,
      () => `${int(1000, 9999)} ${pick(['AB', 'CJ', 'EA', 'KL', 'NK', 'TR', 'XW'])}`,
      () => `${pad(int(0, 99), 2)}-${pad(int(0, 999), 3)}`,
      () => `${int(100, 999)} ${pad(int(0, 99), 2)}`,
    ])();
  const time = () =>
    pick([
      () => `${int(1, 12)}:${pick(['00', '15', '30', '45'])} ${pick(['am', 'pm', 'AM', 'PM', 'a.m.', 'p.m.'])}`,
      () => `${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}`,
      () => `${int(1, 12)}${pick(['am', 'pm'])}`,
      () => `${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}:${pad(int(0, 59), 2)}`,
    ])();
  const address = () => {
    const streetName = pick([last(), place(), `${int(2, 99)}th`, pick(orgStems)]);
    return pick([
      () =>
        `${int(1, 9999)} ${streetName} ${pick(['Street', 'St.', 'Avenue', 'Ave', 'Road', 'Rd', 'Boulevard', 'Lane', 'Drive', 'Court', 'Way', 'Place'])}`,
      () =>
        `${int(1, 9999)} ${streetName} ${pick(['Street', 'Avenue', 'Drive', 'Lane'])}, ${pick(['Apt', 'Suite', 'Unit'])} ${int(1, 40)}${pick(['', 'B', 'C'])}, ${place()}, ${pick(['WA', 'OR', 'TX', 'NY', 'OH', 'GA', 'MI', 'CO'])} ${digits(5)}`,
      () =>
        `${int(1, 250)} ${streetName} ${pick(['Road', 'Close', 'Crescent', 'Lane', 'Gardens'])}, ${place()} ${pick(['NW1', 'LS6', 'M14', 'B15', 'EH3', 'CF10'])} ${int(1, 9)}${letters(2)}`,
      () => `${last()}${pick(['straße', 'weg', 'gasse', 'allee'])} ${int(1, 120)}, ${int(10000, 99999)} ${place()}`,
      () =>
        `${int(1, 200)} ${pick(['rue', 'avenue', 'boulevard'])} ${pick(['de la', 'du', 'des'])} ${last()}, ${int(10000, 95999)} ${place()}`,
      () =>
        `${int(10, 9999)} ${pick(['N', 'S', 'E', 'W'])} ${streetName} ${pick(['St', 'Ave', 'Blvd'])}, ${place()}, ${pick(['AZ', 'NM', 'NV', 'UT'])} ${digits(5)}`,
    ])();
  };

  // Templates: {TYPE} is an entity (its value generator below); {NAME} etc. are shorthands. Context words vary on
  // purpose; some templates give none where the format speaks for itself.
  const generators: Record<string, () => string> = {
    PERSON_NAME: person,
    EMAIL_ADDRESS: () =>
      `${pick([first().toLowerCase(), `${first().toLowerCase()}.${last().toLowerCase()}`, `${first()[0]?.toLowerCase()}${last().toLowerCase()}`, `${last().toLowerCase()}${int(1, 99)}`])}@${domain()}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    PHONE_NUMBER: phone,
    STREET_ADDRESS: address,
    POSTAL_CODE: postcode,
    LOCATION: place,
    ORGANIZATION_NAME: org,
    DATE_OF_BIRTH: () => date(true),
    DATE: () => date(false),
    TIME: time,
    AGE: age,
    CREDIT_CARD_NUMBER: card,
    IBAN_CODE: iban,
    SWIFT_CODE: swift,
    US_BANK_ROUTING_MICR: routing,
    US_SOCIAL_SECURITY_NUMBER: ssn,
    US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER: itin,
    US_PASSPORT: passport,
    US_DRIVERS_LICENSE_NUMBER: licence,
    UK_NATIONAL_INSURANCE_NUMBER: nino,
    UK_NATIONAL_HEALTH_SERVICE_NUMBER: nhs,
    CANADA_SOCIAL_INSURANCE_NUMBER: sin,
    INDIA_AADHAAR_INDIVIDUAL: aadhaar,
    INDIA_PAN_INDIVIDUAL: pan,
    IP_ADDRESS: () => (chance(0.8) ? ipv4() : ipv6()),
    MAC_ADDRESS: mac,
    URL: url,
    MEDICAL_RECORD_NUMBER: mrn,
    CRYPTO_WALLET: wallet,
    AUTH_TOKEN: token,
    JSON_WEB_TOKEN: jwt,
    PASSWORD: password,
  };

  const T: Record<PiiEntityType, string[]> = {
    PERSON_NAME: [
      'Please forward the signed lease to {PERSON_NAME} before the end of the week.',
      'My name is {PERSON_NAME} and I am writing about my recent order.',
      'Dear {PERSON_NAME}, thank you for getting back to us so quickly.',
      '{PERSON_NAME} said the shipment arrived damaged on Tuesday.',
      'The report was reviewed by {PERSON_NAME} and {PERSON_NAME} last night.',
      'Can you ask {PERSON_NAME} whether the invoice was paid?',
      'Patient: {PERSON_NAME}',
      'Regards,\n{PERSON_NAME}',
      'I had lunch with {PERSON_NAME} yesterday and she mentioned the new project.',
      'According to {PERSON_NAME}, the server migration is on schedule.',
      'Dr. {PERSON_NAME} will see you at the clinic on the second floor.',
      'Ms. {PERSON_NAME} called about the refund.',
      'Hi {PERSON_NAME}, just checking in about tomorrow.',
      'The account holder, {PERSON_NAME}, requested a new card.',
      'We interviewed {PERSON_NAME} for the analyst role.',
      'Thanks again, {PERSON_NAME}!',
      '{PERSON_NAME} (the new tenant) moved in last month.',
      'Name: {PERSON_NAME}',
      'Emergency contact: {PERSON_NAME}, sister.',
      'Our driver {PERSON_NAME} will collect the parcel.',
      "I think {PERSON_NAME}'s proposal is the strongest one.",
      'Mr. {PERSON_NAME} and his daughter visited the office.',
    ],
    EMAIL_ADDRESS: [
      'You can reach me at {EMAIL_ADDRESS} any time.',
      'Email: {EMAIL_ADDRESS}',
      'Please send the documents to {EMAIL_ADDRESS} by Friday.',
      'CC {EMAIL_ADDRESS} on the reply.',
      'The login for the portal is {EMAIL_ADDRESS}.',
      '<{EMAIL_ADDRESS}> wrote: see attached.',
    ],
    PHONE_NUMBER: [
      'Call me on {PHONE_NUMBER} if anything changes.',
      'Phone: {PHONE_NUMBER}',
      'My mobile number is {PHONE_NUMBER}.',
      'For urgent issues ring the helpdesk at {PHONE_NUMBER}.',
      'Text {PHONE_NUMBER} when you arrive.',
      'Tel. {PHONE_NUMBER} / fax {PHONE_NUMBER}',
      'You can reach our office at {PHONE_NUMBER} between nine and five.',
      'Her number is {PHONE_NUMBER}.',
      'WhatsApp: {PHONE_NUMBER}',
      'Contact the landlord ({PHONE_NUMBER}) about the boiler.',
    ],
    STREET_ADDRESS: [
      'Ship the package to {STREET_ADDRESS}.',
      'I live at {STREET_ADDRESS}.',
      'Address: {STREET_ADDRESS}',
      'The office moved to {STREET_ADDRESS} in the spring.',
      'Please update my billing address to {STREET_ADDRESS}.',
      'Deliveries go to {STREET_ADDRESS}, side entrance.',
      'Our new flat is at {STREET_ADDRESS}.',
    ],
    POSTAL_CODE: [
      'Postcode: {POSTAL_CODE}',
      'My zip code is {POSTAL_CODE}.',
      'The depot covers postal code {POSTAL_CODE} and the villages around it.',
      'PLZ {POSTAL_CODE}',
      'Enter your ZIP ({POSTAL_CODE}) to see the delivery slots.',
    ],
    LOCATION: [
      'She grew up in {LOCATION} before moving abroad.',
      'We are opening a second branch in {LOCATION} next year.',
      'He commutes from {LOCATION} every day.',
      'The conference will be held in {LOCATION}.',
      'I was born in {LOCATION}.',
      'The flight to {LOCATION} was delayed by two hours.',
      'Our team is based in {LOCATION} and {LOCATION}.',
      'City: {LOCATION}',
      'They relocated to {LOCATION} for work.',
    ],
    ORGANIZATION_NAME: [
      'I work at {ORGANIZATION_NAME} as a data engineer.',
      'The contract with {ORGANIZATION_NAME} expires in June.',
      '{ORGANIZATION_NAME} announced a new product line today.',
      'Employer: {ORGANIZATION_NAME}',
      'She was hired by {ORGANIZATION_NAME} last autumn.',
      'We received an invoice from {ORGANIZATION_NAME}.',
      'The grant is funded by {ORGANIZATION_NAME}.',
      'He studied at the {ORGANIZATION_NAME} for three years.',
    ],
    DATE_OF_BIRTH: [
      'DOB: {DATE_OF_BIRTH}',
      'Date of birth: {DATE_OF_BIRTH}',
      'I was born on {DATE_OF_BIRTH}.',
      'The patient (born {DATE_OF_BIRTH}) was admitted overnight.',
      'Her birthday is {DATE_OF_BIRTH}.',
      'Birth date {DATE_OF_BIRTH}, place of birth unknown.',
    ],
    DATE: [
      'The meeting is scheduled for {DATE}.',
      'Your subscription renews on {DATE}.',
      'We signed the agreement on {DATE}.',
      'Payment is due by {DATE}.',
      'The incident happened on {DATE} around noon.',
      'Effective date: {DATE}',
    ],
    TIME: [
      'The call is at {TIME}.',
      'Doors open at {TIME} sharp.',
      'Your appointment time: {TIME}',
      'The alarm went off at {TIME} last night.',
      'Check-in closes at {TIME} on the day of travel.',
    ],
    AGE: [
      'The patient is a {AGE}-year-old male with chest pain.',
      'I am {AGE} years old.',
      'Age: {AGE}',
      'My son, aged {AGE}, needs a new passport.',
      'She turned {AGE} last week.',
      'Applicants must state their age; mine is {AGE}.',
      'He is {AGE} years of age.',
      '{AGE} y/o female presenting with a cough.',
    ],
    CREDIT_CARD_NUMBER: [
      'My card number is {CREDIT_CARD_NUMBER}, expiry 09/27.',
      'Please charge {CREDIT_CARD_NUMBER} for the deposit.',
      'Card: {CREDIT_CARD_NUMBER}',
      'I paid with my Visa {CREDIT_CARD_NUMBER} yesterday.',
      'The refund went back to {CREDIT_CARD_NUMBER}.',
      'CC# {CREDIT_CARD_NUMBER} exp 11/26 CVV 123',
      'Use {CREDIT_CARD_NUMBER} for the booking.',
    ],
    IBAN_CODE: [
      'Please transfer the rent to {IBAN_CODE}.',
      'IBAN: {IBAN_CODE}',
      'My bank account is {IBAN_CODE}.',
      'Refunds are paid to {IBAN_CODE} within five days.',
    ],
    SWIFT_CODE: [
      'The SWIFT code is {SWIFT_CODE}.',
      'BIC: {SWIFT_CODE}',
      'For international wires use {SWIFT_CODE} as the bank identifier.',
      'Beneficiary bank: {SWIFT_CODE}',
    ],
    US_BANK_ROUTING_MICR: [
      'Routing number: {US_BANK_ROUTING_MICR}',
      'The ABA routing number is {US_BANK_ROUTING_MICR}.',
      'For direct deposit use routing {US_BANK_ROUTING_MICR} and the account below.',
      'RTN {US_BANK_ROUTING_MICR}',
    ],
    US_SOCIAL_SECURITY_NUMBER: [
      'My SSN is {US_SOCIAL_SECURITY_NUMBER}.',
      'Social Security number: {US_SOCIAL_SECURITY_NUMBER}',
      'SSN {US_SOCIAL_SECURITY_NUMBER} is on file.',
      'Please verify the social security number {US_SOCIAL_SECURITY_NUMBER}.',
      'Employee SSN: {US_SOCIAL_SECURITY_NUMBER}',
    ],
    US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER: [
      'My ITIN is {US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER}.',
      'Taxpayer ID (ITIN): {US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER}',
      'File the return under ITIN {US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER}.',
      'Individual taxpayer identification number {US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER}',
    ],
    US_PASSPORT: [
      'Passport number: {US_PASSPORT}',
      'My US passport no. is {US_PASSPORT}.',
      'Travelling on passport {US_PASSPORT}, expiring next year.',
      'Please copy the passport # {US_PASSPORT} into the form.',
    ],
    US_DRIVERS_LICENSE_NUMBER: [
      "Driver's license number: {US_DRIVERS_LICENSE_NUMBER}",
      'DL# {US_DRIVERS_LICENSE_NUMBER}',
      'My driving licence is {US_DRIVERS_LICENSE_NUMBER}.',
      'License no. {US_DRIVERS_LICENSE_NUMBER} (state of issue: {LOCATION})',
    ],
    UK_NATIONAL_INSURANCE_NUMBER: [
      'My National Insurance number is {UK_NATIONAL_INSURANCE_NUMBER}.',
      'NI number: {UK_NATIONAL_INSURANCE_NUMBER}',
      'NINO {UK_NATIONAL_INSURANCE_NUMBER}',
      'Payroll needs your NI no. ({UK_NATIONAL_INSURANCE_NUMBER}) before Friday.',
      'Reference {UK_NATIONAL_INSURANCE_NUMBER} was used for the claim.',
    ],
    UK_NATIONAL_HEALTH_SERVICE_NUMBER: [
      'NHS number: {UK_NATIONAL_HEALTH_SERVICE_NUMBER}',
      'Her NHS no. is {UK_NATIONAL_HEALTH_SERVICE_NUMBER}.',
      'Please quote your NHS number {UK_NATIONAL_HEALTH_SERVICE_NUMBER} at reception.',
    ],
    CANADA_SOCIAL_INSURANCE_NUMBER: [
      'SIN: {CANADA_SOCIAL_INSURANCE_NUMBER}',
      'My social insurance number is {CANADA_SOCIAL_INSURANCE_NUMBER}.',
      'Enter the SIN {CANADA_SOCIAL_INSURANCE_NUMBER} on the T4 slip.',
    ],
    INDIA_AADHAAR_INDIVIDUAL: [
      'Aadhaar: {INDIA_AADHAAR_INDIVIDUAL}',
      'My Aadhaar number is {INDIA_AADHAAR_INDIVIDUAL}.',
      'Link Aadhaar {INDIA_AADHAAR_INDIVIDUAL} to the bank account.',
      'UID {INDIA_AADHAAR_INDIVIDUAL}',
    ],
    INDIA_PAN_INDIVIDUAL: [
      'PAN: {INDIA_PAN_INDIVIDUAL}',
      'My PAN card number is {INDIA_PAN_INDIVIDUAL}.',
      'Quote {INDIA_PAN_INDIVIDUAL} on the invoice for TDS.',
    ],
    IP_ADDRESS: [
      'Login attempt from {IP_ADDRESS} was blocked.',
      'The server IP is {IP_ADDRESS}.',
      'client={IP_ADDRESS} status=403',
      'Please whitelist {IP_ADDRESS} on the firewall.',
      'Connected to host {IP_ADDRESS} on port 22.',
      'My home IP address is {IP_ADDRESS}.',
    ],
    MAC_ADDRESS: [
      'MAC address: {MAC_ADDRESS}',
      'The laptop with hardware address {MAC_ADDRESS} keeps dropping off the Wi-Fi.',
      'Device {MAC_ADDRESS} requested a DHCP lease.',
      'Whitelist {MAC_ADDRESS} on the router.',
    ],
    URL: [
      'My profile is at {URL}.',
      'See {URL} for the details.',
      'Reset your password here: {URL}',
      'The shared folder ({URL}) has the contract.',
      'Link: {URL}',
    ],
    MEDICAL_RECORD_NUMBER: [
      'MRN: {MEDICAL_RECORD_NUMBER}',
      'Medical record number {MEDICAL_RECORD_NUMBER} was updated.',
      'Patient ID {MEDICAL_RECORD_NUMBER}, admitted to ward 4.',
      'Please attach the chart (MRN {MEDICAL_RECORD_NUMBER}) to the referral.',
    ],
    CRYPTO_WALLET: [
      'Send the payment to my wallet {CRYPTO_WALLET}.',
      'BTC address: {CRYPTO_WALLET}',
      'Deposit to {CRYPTO_WALLET} and share the transaction ID.',
      'My ETH wallet is {CRYPTO_WALLET}.',
      'Donations: {CRYPTO_WALLET}',
    ],
    AUTH_TOKEN: [
      'api_key = "{AUTH_TOKEN}"',
      'Here is my API key: {AUTH_TOKEN}',
      'export SECRET_TOKEN={AUTH_TOKEN}',
      'Authorization: Bearer {AUTH_TOKEN}',
      'The access token {AUTH_TOKEN} expires tomorrow.',
      '"client_secret": "{AUTH_TOKEN}"',
      'Use this key for the staging account: {AUTH_TOKEN}',
    ],
    JSON_WEB_TOKEN: [
      'Authorization: Bearer {JSON_WEB_TOKEN}',
      'The session cookie contains {JSON_WEB_TOKEN}.',
      'token={JSON_WEB_TOKEN}',
      'Here is the JWT from the login response: {JSON_WEB_TOKEN}',
    ],
    PASSWORD: [
      'password: {PASSWORD}',
      'My password is {PASSWORD}',
      'The Wi-Fi password is {PASSWORD} — please do not share it.',
      'DB_PASSWORD={PASSWORD}',
      'Login: admin / pwd: {PASSWORD}',
      '"password": "{PASSWORD}"',
      'I changed the passcode to {PASSWORD} yesterday.',
    ],
  };

  const FILLER = [
    'Let me know if you have any questions.',
    'The weather has been awful all week.',
    'We should finalise the budget before the quarter ends.',
    'I attached the latest version of the slides.',
    'Thanks for your patience while we sort this out.',
    'The printer on the third floor is broken again.',
    'Could we move the call to the afternoon?',
    'Everything else looks fine to me.',
    'The team agreed to revisit the plan next month.',
    'Please keep this between us for now.',
    'Lunch will be provided at the workshop.',
    'We upgraded the build server to Node 20 and PostgreSQL 16.',
    'The Quarterly Review is now a monthly meeting.',
    'I will be out of office until Monday.',
    'Our Slack channel has the meeting notes.',
    'Sorry for the late reply, it has been a busy week.',
  ];

  // Look-alikes that are not PII. (Times of day were one until TIME became an entity: they are TIME templates now.)
  const lookalikes: Array<() => [string, string, string]> = [
    () => ['Order #{X} has shipped.', 'order number', `${digits(3)}-${digits(7)}-${digits(7)}`],
    () => ['Your order number is {X}.', 'order number', digits(10)],
    () => ['Invoice {X} is attached.', 'invoice number', `INV-${int(2019, 2025)}-${digits(5)}`],
    () => ['Upgrade to version {X} to fix the bug.', 'version string', `${int(1, 12)}.${int(0, 30)}.${int(0, 99)}`],
    () => [
      'Build {X} passed all checks.',
      'version string',
      `${int(1, 9)}.${int(0, 9)}.${int(0, 9)}.${int(1000, 9999)}`,
    ],
    () => ['Windows {X} is installed on the kiosk.', 'version string', `10.0.${int(10000, 22631)}.${int(100, 4000)}`],
    () => {
      const body = `978${int(0, 1)}${digits(8)}`;
      const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
      const isbn = body + ((10 - (sum % 10)) % 10);
      return [
        'The book (ISBN {X}) is out of print.',
        'ISBN',
        `${isbn.slice(0, 3)}-${isbn[3]}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn[12]}`,
      ];
    },
    () => [
      'Request ID {X} failed with a timeout.',
      'UUID',
      `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
    ],
    () => ['Fixed in commit {X}.', 'git SHA', hex(40)],
    () => ['The file checksum is {X}.', 'SHA-256', hex(64)],
    () => [
      'Part no. {X} is out of stock.',
      'phone-like product code',
      `${int(200, 999)}-${int(200, 999)}-${digits(4)}`,
    ],
    () => ['SKU {X} was discontinued.', 'phone-like product code', `${int(100, 999)}-${digits(4)}-${digits(2)}`],
    () => [
      'Batch {X} passed quality control.',
      'date-like ID',
      `${int(2019, 2025)}${pad(int(1, 12), 2)}${pad(int(1, 28), 2)}-${digits(4)}`,
    ],
    () => ['Ticket {X} was closed.', 'date-like ID', `${int(2019, 2025)}-${digits(4)}-${digits(2)}`],
    () => ['Tracking number {X} is out for delivery.', 'tracking number', `1Z${alnum(6).toUpperCase()}${digits(10)}`],
    () => ['The total came to {X} including tax.', 'amount', `$${int(1, 99)},${digits(3)}.${digits(2)}`],
    () => ['See section {X} of the contract.', 'section number', `${int(1, 9)}.${int(1, 9)}.${int(1, 9)}.${int(1, 9)}`],
    () => ['The reading was {X} at noon.', 'measurement', `${int(100, 999)}.${digits(2)} kPa`],
    () => ['Error code {X} appears on start-up.', 'error code', `0x${hex(8).toUpperCase()}`],
    () => ['Reference {X} was cancelled.', 'reference number', digits(9)],
    () => ['Room {X} is booked for the workshop.', 'room number', `${letters(1)}${digits(3)}`],
    () => ['The colour is {X} in the style guide.', 'hex colour', `#${hex(6)}`],
    () => [
      'Coordinates {X} mark the trailhead.',
      'coordinates',
      `${int(10, 60)}.${digits(4)}, -${int(10, 120)}.${digits(4)}`,
    ],
    () => ['Container {X} left the port.', 'container number', `${letters(4)}${digits(7)}`],
    () => ['Model {X} is back in stock.', 'model number', `${letters(2)}-${digits(4)}${letters(1)}`],
  ];

  const documents: CorpusDocument[] = [];
  const types = Object.keys(T) as PiiEntityType[];

  /** Fills a template; returns the text and the gold spans relative to it. */
  const fill = (template: string): [string, GoldSpan[]] => {
    let out = '';
    const spans: GoldSpan[] = [];
    let last = 0;
    for (const m of template.matchAll(/\{([A-Z_]+)\}/g)) {
      out += template.slice(last, m.index);
      const type = m[1] as PiiEntityType;
      const value = (generators[type] as () => string)();
      spans.push({ start: out.length, end: out.length + value.length, type });
      out += value;
      last = m.index + m[0].length;
    }
    return [out + template.slice(last), spans];
  };

  for (let i = 0; i < count; i++) {
    const hard = i % 4 === 3;
    const sentences: Array<{
      text: string;
      spans: GoldSpan[];
      lookalike?: { start: number; end: number; kind: string };
    }> = [];
    // Round-robin over types for the first sentence keeps every entity well represented.
    const main = types[i % types.length] as PiiEntityType;
    const [text, spans] = fill(pick(T[main]));
    sentences.push({ text, spans });
    const extra = int(0, 2);
    for (let k = 0; k < extra; k++) {
      if (chance(0.5)) sentences.push({ text: pick(FILLER), spans: [] });
      else {
        const [t, s] = fill(pick(T[pick(types)]));
        sentences.push({ text: t, spans: s });
      }
    }
    if (hard) {
      for (let k = 0, n = int(1, 3); k < n; k++) {
        const [template, kind, value] = pick(lookalikes)();
        const at = template.indexOf('{X}');
        sentences.push({
          text: template.replace('{X}', value),
          spans: [],
          lookalike: { start: at, end: at + value.length, kind },
        });
      }
    }
    // Shuffle sentence order so position carries no signal.
    for (let a = sentences.length - 1; a > 0; a--) {
      const b = Math.floor(random() * (a + 1));
      [sentences[a], sentences[b]] = [
        sentences[b] as (typeof sentences)[number],
        sentences[a] as (typeof sentences)[number],
      ];
    }
    let doc = '';
    const entities: GoldSpan[] = [];
    const placed: CorpusDocument['lookalikes'] = [];
    for (const sentence of sentences) {
      // A line without closing punctuation (a form field, a sign-off) ends with a line break, as in real text.
      const unterminated = doc.length > 0 && !/[.!?)"']$/.test(doc);
      if (doc.length > 0) doc += unterminated || sentence.text.startsWith('Regards') || chance(0.2) ? '\n' : ' ';
      for (const s of sentence.spans) entities.push({ ...s, start: s.start + doc.length, end: s.end + doc.length });
      if (sentence.lookalike) {
        placed.push({
          ...sentence.lookalike,
          start: sentence.lookalike.start + doc.length,
          end: sentence.lookalike.end + doc.length,
        });
      }
      doc += sentence.text;
    }
    documents.push({
      id: `doc-${i}`,
      text: doc,
      kind: hard ? 'hard-negative' : 'positive',
      entities,
      lookalikes: placed,
    });
  }
  return { documents, excluded };
}
