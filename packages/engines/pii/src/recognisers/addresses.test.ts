import { describe, expect, it } from 'vitest';
import type { PiiEntityType } from '../catalogue.js';
import { detectPii } from '../detect.js';

/** The texts of the findings of one type, every entity on (as the product runs), so rivals compete. */
const found = (type: PiiEntityType, text: string) =>
  detectPii(text)
    .filter((f) => f.type === type)
    .map((f) => f.text);

// [text, the whole address it holds] — layouts of the UPU's addressing guides, one line per shape.
const addresses: Array<[string, string]> = [
  ['Bitte an Lindenstraße 14\n10969 Berlin schicken.', 'Lindenstraße 14\n10969 Berlin'],
  ['Lieferadresse: Am Mühlbach 3a, 83714 Miesbach', 'Am Mühlbach 3a, 83714 Miesbach'],
  ['Our office is at Mariahilfer Straße 47/2/14, 1060 Wien.', 'Mariahilfer Straße 47/2/14, 1060 Wien'],
  ['Meine Adresse: Karl-Marx-Allee 90, 10243 Berlin', 'Karl-Marx-Allee 90, 10243 Berlin'],
  ['We are at Friedrichstraße 68, 3. OG, 10117 Berlin.', 'Friedrichstraße 68, 3. OG, 10117 Berlin'],
  ['Stuur het naar Keizersgracht 123\n1015 CJ Amsterdam', 'Keizersgracht 123\n1015 CJ Amsterdam'],
  ['Ship to Lange Voorhout 9, 2514 EA Den Haag, the Netherlands.', 'Lange Voorhout 9, 2514 EA Den Haag'],
  ['Siège : Rue de la Loi 16, 1000 Bruxelles', 'Rue de la Loi 16, 1000 Bruxelles'],
  ['Envoyez-le au 27 avenue Jean-Jaurès\n69007 Lyon.', '27 avenue Jean-Jaurès\n69007 Lyon'],
  ['Camille Laurent\n12 RUE DES ÉCOLES\n75005 PARIS', '12 RUE DES ÉCOLES\n75005 PARIS'],
  ['Indirizzo: Via dei Mille 24, 80121 Napoli NA', 'Via dei Mille 24, 80121 Napoli NA'],
  ['Dirección: Calle de Alcalá 45, 3º B, 28014 Madrid', 'Calle de Alcalá 45, 3º B, 28014 Madrid'],
  ['Entrega en C/ Mayor 8, 2º izda.\n28013 Madrid', 'C/ Mayor 8, 2º izda.\n28013 Madrid'],
  ['Morada: Rua Augusta 27, 2.º Esq.\n1100-048 Lisboa', 'Rua Augusta 27, 2.º Esq.\n1100-048 Lisboa'],
  ['Adres: ul. Marszałkowska 84/92 m. 15\n00-514 Warszawa', 'ul. Marszałkowska 84/92 m. 15\n00-514 Warszawa'],
  ['Send it to Thorvald Meyers gate 49, 0555 Oslo.', 'Thorvald Meyers gate 49, 0555 Oslo'],
  ['Fakturaadresse: Vesterbrogade 34, 2. tv.\n1620 København V', 'Vesterbrogade 34, 2. tv.\n1620 København V'],
  ['Leveransadress: Drottninggatan 53\n111 21 Stockholm', 'Drottninggatan 53\n111 21 Stockholm'],
  ['Aino\nMannerheimintie 14 B 22\n00100 Helsinki', 'Mannerheimintie 14 B 22\n00100 Helsinki'],
  ['Our Prague branch: Václavské náměstí 846/1\n110 00 Praha 1', 'Václavské náměstí 846/1\n110 00 Praha 1'],
  ['Adres: İstiklal Caddesi No: 45, 34433 Beyoğlu/İstanbul', 'İstiklal Caddesi No: 45, 34433 Beyoğlu/İstanbul'],
  ['Flat 2, 18 Marlborough Road\nCardiff\nCF23 5BU', 'Flat 2, 18 Marlborough Road\nCardiff\nCF23 5BU'],
  ['Delivery: The Old Rectory, Church Lane, Fakenham NR21 0AX', 'Church Lane, Fakenham NR21 0AX'],
  ['Our address is 14 Pembroke Street Upper, Dublin 2, D02 X285.', '14 Pembroke Street Upper, Dublin 2, D02 X285'],
  ['Registered office: Lumen Ltd, 71 Cheapside, London EC2V 6AA.', '71 Cheapside, London EC2V 6AA'],
  ['Deliver to Unit 5, 23 Smith Street\nFitzroy VIC 3065', 'Unit 5, 23 Smith Street\nFitzroy VIC 3065'],
  ['Mail: 220 rue Saint-Paul Ouest, Montréal QC H2Y 1Z8', '220 rue Saint-Paul Ouest, Montréal QC H2Y 1Z8'],
  ['She lives at 12 Ponsonby Road, Grey Lynn, Auckland 1021.', '12 Ponsonby Road, Grey Lynn, Auckland 1021'],
  [
    'Send the documents to 3-2-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 163-0801.',
    '3-2-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 163-0801',
  ],
  [
    'Endereço: Rua Oscar Freire, 379 - apto 51\nJardins\n01426-001 São Paulo - SP',
    'Rua Oscar Freire, 379 - apto 51\nJardins\n01426-001 São Paulo - SP',
  ],
  ['Oficina: Av. Corrientes 1234, piso 5, C1043AAZ Buenos Aires', 'Av. Corrientes 1234, piso 5, C1043AAZ Buenos Aires'],
  ['Calle 72 # 10-34, Bogotá', 'Calle 72 # 10-34, Bogotá'],
  ['Maria\nApt. 12C\n350 Fifth Avenue\nNew York, NY 10118', 'Apt. 12C\n350 Fifth Avenue\nNew York, NY 10118'],
  ["I'm staying at 48 Willow street, Apt 2 for the summer.", '48 Willow street, Apt 2'],
  ['123 Main St\nSuite 100\nSpringfield, IL 62704', '123 Main St\nSuite 100\nSpringfield, IL 62704'],
  // A unit word on the next line with no locality after it starts the next sentence.
  ['Ship to 2603 Orebro Rd\nRoom T918 is booked for the workshop.', '2603 Orebro Rd'],
];

// Unit lines, PO boxes and US military addresses (APO/FPO/DPO with AA/AE/AP), which have no street at all.
const others: Array<[string, string]> = [
  ['Address line 2: Apt 4B', 'Apt 4B'],
  ['Address line 2: Suite 1450', 'Suite 1450'],
  ["I'm in apartment 5C if you need me.", 'apartment 5C'],
  ['Flat/unit: Flat 7, Block C', 'Flat 7, Block C'],
  ['SGT Reed\nUnit 2050 Box 4190\nAPO AP 96278', 'Unit 2050 Box 4190\nAPO AP 96278'],
  ['PSC 817, Box 22\nFPO AE 09622', 'PSC 817, Box 22\nFPO AE 09622'],
  ['Send care packages to PSC 1005 Box 39, APO AE 09094-0039.', 'PSC 1005 Box 39, APO AE 09094-0039'],
  ['CMR 480 Box 1520, APO AE 09128', 'CMR 480 Box 1520, APO AE 09128'],
  ['Overseas: Unit 8400 Box 1260, DPO AE 09498-1260.', 'Unit 8400 Box 1260, DPO AE 09498-1260'],
  ['Mail for the ship: USS Nimitz (CVN 68)\nFPO AP 96620-2820', 'USS Nimitz (CVN 68)\nFPO AP 96620-2820'],
  ['Postfach: Postfach 10 02 34, 20002 Hamburg', 'Postfach 10 02 34, 20002 Hamburg'],
  ['Boîte postale : BP 4512, 75024 Paris Cedex 01', 'BP 4512, 75024 Paris Cedex 01'],
];

// [text with a look-alike that is no address]
const notAddresses: string[] = [
  'Bring 12 chairs to the hall.',
  'Spring 2024 was wet.',
  'I sent it via Amazon 3 times.',
  'The fee is a flat 20 dollars.',
  'BP 128/82, pulse 70.',
  'As Jones et al. 2019 showed, it works.',
  'Boarding at gate B12, seat 14C.',
  'Unit 3 of the course starts on Monday.',
  'Version 3, 2024 Berlin release notes.',
  'We have 2 Hard drives and 3 Very close friends.',
];

describe('street addresses in international layouts', () => {
  it.each([...addresses, ...others])('in %j the address is %j', (text, value) => {
    expect(found('STREET_ADDRESS', text)).toEqual([value]);
  });

  it.each(notAddresses)('no address in %j', (text) => {
    expect(found('STREET_ADDRESS', text)).toEqual([]);
  });

  it('a postcode, town or name inside an address is part of it, not a finding of its own', () => {
    const text = 'Parcel for Elif, Bağdat Caddesi No: 210, 34728 Kadıköy/İstanbul, tel. +90 216 555 12 34';
    expect(detectPii(text).map((f) => f.type)).toEqual(['PERSON_NAME', 'STREET_ADDRESS', 'PHONE_NUMBER']);
  });
});

// [text, the postcode it holds] — postcodes on their own, by their country's shape and context.
const postcodes: Array<[string, string]> = [
  ["What's your postcode? SW1A 1AA", 'SW1A 1AA'],
  ['ZIP: 94103', '94103'],
  ['my zip code is 10027-6902', '10027-6902'],
  ['PLZ 80331, Ort: München', '80331'],
  ['Code postal : 75011', '75011'],
  ['Postal code: K1A 0B1', 'K1A 0B1'],
  ['Postcode 3584 CS, Utrecht', '3584 CS'],
  ['kod pocztowy 02-495', '02-495'],
  ['Eircode: D02 X285', 'D02 X285'],
  ['PIN code 560038', '560038'],
  ['The customer is in M5V 3L9, downtown.', 'M5V 3L9'],
  ['Postnummer: 114 55', '114 55'],
  ['CEP 01310-200', '01310-200'],
  ['Ville : 69003 Lyon', '69003'],
  ['what zip are you in? 30309', '30309'],
  ['Based in Austin, TX 78701.', '78701'],
  ['〒150-0002 Tokyo', '150-0002'],
];

const notPostcodes: string[] = [
  'I walked 10115 steps today.',
  'Version 10115 of the form replaces 10114.',
  'About 75001 people attended the festival.',
  'Order no. 0049 3012 3456 has been refunded.',
  'Take B12 vitamins and print on A4 paper.',
  'We moved here in 2019.',
  'Coordinates 48.8566, 2.3522 mark the spot.',
  'Call +46 8 123 456 78 today.',
];

describe('postal codes', () => {
  it.each(postcodes)('in %j the postcode is %j', (text, value) => {
    expect(found('POSTAL_CODE', text)).toEqual([value]);
  });

  it.each(notPostcodes)('no postcode in %j', (text) => {
    expect(found('POSTAL_CODE', text)).toEqual([]);
  });

  it('only POSTAL_CODE asked for: the postcode inside an address is found', () => {
    const text = 'Lindenstraße 14, 10969 Berlin';
    expect(detectPii(text, { entities: ['POSTAL_CODE'] }).map((f) => f.text)).toEqual(['10969']);
  });
});
