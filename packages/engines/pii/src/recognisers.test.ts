import { describe, expect, it } from 'vitest';
import type { PiiEntityType } from './catalogue.js';
import { detectPii } from './detect.js';
import { addressRecogniser } from './recognisers/contact.js';
import { transformText } from './transform.js';
import type { Candidate } from './types.js';

/** The texts of the findings of one type. */
const found = (type: PiiEntityType, text: string) =>
  detectPii(text, { entities: [type] })
    .filter((f) => f.type === type)
    .map((f) => f.text);

// [entity, text, the value it must find] — one line per format or context the recogniser handles.
const positives: Array<[PiiEntityType, string, string]> = [
  [
    'EMAIL_ADDRESS',
    'Write to ada.lovelace+work@analytical-engines.co.uk today.',
    'ada.lovelace+work@analytical-engines.co.uk',
  ],
  ['PHONE_NUMBER', 'Call me on (415) 555-0132.', '(415) 555-0132'],
  ['PHONE_NUMBER', 'Mobile: +44 7700 900123', '+44 7700 900123'],
  ['PHONE_NUMBER', 'ring 020 7946 0958 after six', '020 7946 0958'],
  ['PHONE_NUMBER', 'Her number is +33 6 12 34 56 78.', '+33 6 12 34 56 78'],
  ['PHONE_NUMBER', 'Contact the landlord (1-800-555-0199) now.', '1-800-555-0199'],
  ['STREET_ADDRESS', 'Ship it to 221B Baker Street, London NW1 6XE please.', '221B Baker Street, London NW1 6XE'],
  [
    'STREET_ADDRESS',
    'Office: 1600 Pennsylvania Avenue NW, Washington, DC 20500',
    '1600 Pennsylvania Avenue NW, Washington, DC 20500',
  ],
  ['STREET_ADDRESS', 'Wir wohnen in der Hauptstraße 12, 10115 Berlin.', 'Hauptstraße 12, 10115 Berlin'],
  ['STREET_ADDRESS', 'Envoyez-le au 8 rue de Rivoli, 75001 Paris.', '8 rue de Rivoli, 75001 Paris'],
  ['STREET_ADDRESS', 'Mail: PO Box 4410', 'PO Box 4410'],
  ['DATE', 'The meeting is on 2024-03-15.', '2024-03-15'],
  ['DATE', 'Signed on March 3rd, 2021 in front of witnesses.', 'March 3rd, 2021'],
  ['DATE', 'Due by 15 January 2025.', '15 January 2025'],
  // A full month name leaves the sentence's full stop; an abbreviation keeps its own dot.
  ['DATE', 'Jane Doe approved the transfer on 3 March.', '3 March'],
  ['DATE', 'Paid on 3 Mar. as agreed.', '3 Mar.'],
  ['DATE', 'Signed Sept. 5, 2021.', 'Sept. 5, 2021'],
  ['DATE_OF_BIRTH', 'DOB: 04/22/1957', '04/22/1957'],
  ['DATE_OF_BIRTH', 'She was born on 12 June 1990.', '12 June 1990'],
  ['AGE', 'The patient is a 67-year-old male.', '67'],
  ['AGE', 'I am 34 years old.', '34'],
  ['AGE', 'Age: 51', '51'],
  ['CREDIT_CARD_NUMBER', 'Card: 4111 1111 1111 1111, exp 09/27', '4111 1111 1111 1111'],
  ['CREDIT_CARD_NUMBER', 'amex 3782-822463-10005', '3782-822463-10005'],
  ['CREDIT_CARD_NUMBER', 'charge 5555555555554444 now', '5555555555554444'],
  ['IBAN_CODE', 'IBAN: GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
  ['IBAN_CODE', 'pay DE89370400440532013000 by Friday', 'DE89370400440532013000'],
  ['IBAN_CODE', 'the refund goes to IBAN GB82 \nWEST 1234 5698 7654 32.', 'GB82 \nWEST 1234 5698 7654 32'],
  ['SWIFT_CODE', 'BIC: DEUTDEFF', 'DEUTDEFF'],
  ['SWIFT_CODE', 'use NWBKGB2L for the wire', 'NWBKGB2L'],
  ['US_BANK_ROUTING_MICR', 'Routing number 021000021', '021000021'],
  ['US_SOCIAL_SECURITY_NUMBER', 'SSN 536-22-1234', '536-22-1234'],
  ['US_SOCIAL_SECURITY_NUMBER', 'my social security number is 536221234', '536221234'],
  ['US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER', 'ITIN 912-71-1234', '912-71-1234'],
  ['US_PASSPORT', 'Passport number: A12345678', 'A12345678'],
  ['US_DRIVERS_LICENSE_NUMBER', "Driver's license D1234567", 'D1234567'],
  ['UK_NATIONAL_INSURANCE_NUMBER', 'NI number: AB 12 34 56 C', 'AB 12 34 56 C'],
  ['UK_NATIONAL_HEALTH_SERVICE_NUMBER', 'NHS no. 943 476 5919', '943 476 5919'],
  ['CANADA_SOCIAL_INSURANCE_NUMBER', 'SIN: 130 692 544', '130 692 544'],
  ['INDIA_AADHAAR_INDIVIDUAL', 'Aadhaar 4991 1866 5246', '4991 1866 5246'],
  ['INDIA_PAN_INDIVIDUAL', 'PAN: BNZPM2501F', 'BNZPM2501F'],
  ['IP_ADDRESS', 'login from 203.0.113.42 failed', '203.0.113.42'],
  ['IP_ADDRESS', 'host 2001:db8::ff00:42:8329 is down', '2001:db8::ff00:42:8329'],
  ['MAC_ADDRESS', 'MAC 00:1A:2B:3C:4D:5E', '00:1A:2B:3C:4D:5E'],
  ['MAC_ADDRESS', 'switch port 0019.e8a2.1f3c', '0019.e8a2.1f3c'],
  ['URL', 'See https://example.com/docs?id=7 for more.', 'https://example.com/docs?id=7'],
  ['URL', 'connect to postgres://app@db.internal:5432/prod', 'postgres://app@db.internal:5432/prod'],
  ['URL', 'visit www.example.org.', 'www.example.org'],
  ['MEDICAL_RECORD_NUMBER', 'MRN: 00482913', '00482913'],
  ['CRYPTO_WALLET', 'BTC 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['CRYPTO_WALLET', 'to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  [
    'CRYPTO_WALLET',
    'my ETH wallet 0x52908400098527886E0F7030069857D2E4169EE7',
    '0x52908400098527886E0F7030069857D2E4169EE7',
  ],
  ['AUTH_TOKEN', 'token ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['AUTH_TOKEN', 'AWS key AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['AUTH_TOKEN', 'export API_SECRET=Zx9fQ2LmT8rW4vBn7KpY3sHd', 'Zx9fQ2LmT8rW4vBn7KpY3sHd'],
  ['AUTH_TOKEN', 'Authorization: Bearer abcDEF123ghiJKL456mno', 'abcDEF123ghiJKL456mno'],
  [
    'JSON_WEB_TOKEN',
    'jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
  ],
  ['PASSWORD', 'password: hunter2!', 'hunter2!'],
  ['PASSWORD', 'DB_PASSWORD=s3cr3t-Pa55', 's3cr3t-Pa55'],
  ['PASSWORD', '{"password": "correct horse battery"}', 'correct horse battery'],
  ['PASSWORD', 'the wifi pw is Tr0pical-Sunset! dont share', 'Tr0pical-Sunset!'],
];

// [entity, text that holds a look-alike the recogniser must leave alone]
const negatives: Array<[PiiEntityType, string]> = [
  ['EMAIL_ADDRESS', 'the handle @adalovelace on social media'],
  ['PHONE_NUMBER', 'Order #555-123-4567 has shipped.'],
  ['PHONE_NUMBER', 'ISBN 978-0-306-40615-7'],
  ['PHONE_NUMBER', 'The meeting is on 2024-03-15.'],
  ['PHONE_NUMBER', 'Part no. 800-555-0142 is out of stock.'],
  ['STREET_ADDRESS', 'We waited 3 hours at Dr. Smith’s office.'],
  ['DATE', 'Upgrade to version 2.10.13 today.'],
  ['DATE', 'Batch 20240115-0042 passed.'],
  ['DATE', 'We met in March. 5 people came.'],
  ['CREDIT_CARD_NUMBER', 'Card: 4111 1111 1111 1112'],
  ['CREDIT_CARD_NUMBER', 'IBAN BE50586690544391'],
  ['IBAN_CODE', 'GB82 WEST 1234 5698 7654 33'],
  ['SWIFT_CODE', 'THE DOCUMENT IS CONFIDENTIAL'],
  ['US_BANK_ROUTING_MICR', 'reference 021000022'],
  ['US_SOCIAL_SECURITY_NUMBER', 'SSN 000-12-3456'],
  ['US_SOCIAL_SECURITY_NUMBER', 'SSN 666-12-3456'],
  ['US_SOCIAL_SECURITY_NUMBER', 'Reference 123456789 was cancelled.'],
  ['US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER', 'ITIN 912-40-1234'],
  ['US_PASSPORT', 'order 123456789 is late'],
  ['US_DRIVERS_LICENSE_NUMBER', 'item D1234567 restocked'],
  ['UK_NATIONAL_INSURANCE_NUMBER', 'NI number GB 12 34 56 C'],
  ['UK_NATIONAL_HEALTH_SERVICE_NUMBER', 'NHS number 943 476 5918'],
  ['CANADA_SOCIAL_INSURANCE_NUMBER', 'SIN 130 692 545'],
  ['INDIA_AADHAAR_INDIVIDUAL', 'Aadhaar 4991 1866 5247'],
  ['INDIA_PAN_INDIVIDUAL', 'code ABCDE1234F'],
  ['IP_ADDRESS', 'Upgrade to version 1.2.3.4 now.'],
  ['IP_ADDRESS', 'See section 4.2.1.3 of the contract.'],
  ['IP_ADDRESS', 'meet at 12:30:45 sharp'],
  ['MAC_ADDRESS', 'time 10:20:30'],
  ['URL', 'open report.pdf and notes.txt'],
  ['MEDICAL_RECORD_NUMBER', 'Order 00482913 shipped.'],
  ['CRYPTO_WALLET', 'tx 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
  ['CRYPTO_WALLET', 'hash 0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  ['AUTH_TOKEN', 'Fixed in commit 3f9a2c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39.'],
  ['AUTH_TOKEN', 'Request ID 123e4567-e89b-12d3-a456-426614174000 failed.'],
  ['JSON_WEB_TOKEN', 'eyJ is how a JWT starts'],
  ['PASSWORD', 'Click the password reset link.'],
  ['PASSWORD', 'Your password is incorrect.'],
];

describe('recognisers', () => {
  it.each(positives)('%s in %j', (type, text, value) => {
    expect(found(type, text)).toContain(value);
  });

  it.each(negatives)('no %s in %j', (type, text) => {
    expect(found(type, text)).toEqual([]);
  });

  it('a cue beats a bare format: nine digits after "passport" are a passport, not a phone number', () => {
    const [finding] = detectPii('Passport no. 123456789.');
    expect(finding).toMatchObject({ type: 'US_PASSPORT', text: '123456789' });
    expect(finding?.evidence).toContain('context: "passport"');
  });

  it('an NHS number reads as a phone number without its cue and as an NHS number with it', () => {
    expect(detectPii('call 943 476 5919')[0]?.type).toBe('PHONE_NUMBER');
    expect(detectPii('NHS number 943 476 5919')[0]?.type).toBe('UK_NATIONAL_HEALTH_SERVICE_NUMBER');
  });

  it('a cue in the previous sentence does not count', () => {
    expect(found('MEDICAL_RECORD_NUMBER', 'MRN: 8709701. Your order number is 0022066794.')).toEqual(['8709701']);
  });

  it('the evidence names the checksum and the context', () => {
    const [card] = detectPii('my visa card 4111 1111 1111 1111');
    expect(card?.evidence).toEqual(expect.arrayContaining(['Luhn checksum', 'issuer prefix: Visa', 'context: "card"']));
    expect(card?.score).toBeGreaterThan(0.9);
  });

  it('a date after a birth cue is a date of birth; elsewhere a date', () => {
    expect(detectPii('DOB 1984-03-12')[0]?.type).toBe('DATE_OF_BIRTH');
    expect(detectPii('Invoice dated 1984-03-12')[0]?.type).toBe('DATE');
    expect(detectPii('DOB 1984-03-12', { entities: ['DATE'] })[0]?.type).toBe('DATE');
  });
});

// [text, the street address it holds]: the span must end where the address ends — a sentence's full stop and the
// words after it stay out, while an abbreviated street type keeps its own dot. Run with every entity on, as the
// product does, so a place or person name inside or after the address competes with it.
const addresses: Array<[string, string]> = [
  ['Send it to 12 Baker Street, London. Best, Anna', '12 Baker Street, London'],
  ['Send it to 12 Baker Street, London. Thanks!', '12 Baker Street, London'],
  ['Send it to 9 High Street, Oxford. Thanks!', '9 High Street, Oxford'],
  ['The office is at 9 High Street, Oxford. Parking is free.', '9 High Street, Oxford'],
  ['The office is at 9 High Street, Oxford. Anna Smith will meet you.', '9 High Street, Oxford'],
  ['Send it to 12 Baker Street, London.', '12 Baker Street, London'],
  ['Send it to 12 Baker Street, London\nAnna', '12 Baker Street, London'],
  ['Send it to 221B Baker Street. Please call first.', '221B Baker Street'],
  ['I live at 1600 Pennsylvania Avenue NW. Come by.', '1600 Pennsylvania Avenue NW'],
  ['Meet at 10 Downing Street, London, and bring the file.', '10 Downing Street, London'],
  ['Meet at 10 Downing Street, London and bring the file.', '10 Downing Street, London'],
  ['I live at 5 Elm St. in the old town.', '5 Elm St.'],
  ['Drop it at 40 Park Ave. before noon.', '40 Park Ave.'],
  ['Drop it at 40 Park Ave. Anna will sign for it.', '40 Park Ave.'],
  ['Ship to 123 Main St., Springfield, IL 62704 by Friday.', '123 Main St., Springfield, IL 62704'],
  ['Ship to 123 Main St., Springfield, IL 62704. Thanks, Bob', '123 Main St., Springfield, IL 62704'],
  ['Mail it to 5 Elm St., St. Louis, MO 63101.', '5 Elm St., St. Louis, MO 63101'],
  ['He lives at 123 Martin Luther King Blvd, Atlanta, GA 30312 now.', '123 Martin Luther King Blvd, Atlanta, GA 30312'],
  ['Ship it to 221B Baker Street, London NW1 6XE. Best, Anna', '221B Baker Street, London NW1 6XE'],
  ['Post it to 10 Downing Street, London SW1A 2AA. Cheers!', '10 Downing Street, London SW1A 2AA'],
  ['Wir wohnen in der Hauptstraße 12, 10115 Berlin. Danke Anna', 'Hauptstraße 12, 10115 Berlin'],
  ['We moved to 3 Kings Road, Chelsea, and love it.', '3 Kings Road, Chelsea'],
];

describe('street addresses', () => {
  it.each(addresses)('in %j the address is exactly %j', (text, value) => {
    const start = text.indexOf(value);
    const spans = detectPii(text)
      .filter((f) => f.type === 'STREET_ADDRESS')
      .map((f) => [f.start, f.end]);
    expect(spans).toEqual([[start, start + value.length]]);
  });

  it('the street line reaches the model masked (QA report)', () => {
    const text = 'Send it to 12 Baker Street, London. Best, Anna';
    expect(transformText(text, detectPii(text), { style: 'label' }).text).toBe(
      'Send it to [STREET_ADDRESS]. Best, [PERSON_NAME]',
    );
  });

  it('also offers the street line alone, so losing the city or postcode to another finding keeps the street', () => {
    const text = 'Ship to 123 Main St., Springfield, IL 62704';
    const out: Candidate[] = [];
    addressRecogniser.find(text, out);
    expect(out.map((c) => text.slice(c.start, c.end)).sort()).toEqual([
      '123 Main St.',
      '123 Main St., Springfield, IL 62704',
    ]);
  });
});
