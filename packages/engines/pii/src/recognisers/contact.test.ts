import { describe, expect, it } from 'vitest';
import { detectPii } from '../detect.js';

const phones = (text: string) =>
  detectPii(text)
    .filter((f) => f.type === 'PHONE_NUMBER')
    .map((f) => f.text);

// ITU-T E.123 international ("+CC …") and national ("(0…)") notations, and the national plans' groupings.
const numbers: Array<[string, string]> = [
  ['Phone: +44 20 7946 0958', '+44 20 7946 0958'],
  ['Call our desk on +49 30 123456.', '+49 30 123456'],
  ['Tel. 0049 30 2345 6789', '0049 30 2345 6789'],
  ['Standard : +33 1 23 45 67 89', '+33 1 23 45 67 89'],
  ['Portable : 06.12.34.56.78', '06.12.34.56.78'],
  ['Please ring +44 (0)161 496 0123 during office hours.', '+44 (0)161 496 0123'],
  ['Handy: 0151 23456789', '0151 23456789'],
  ['Móvil 612 34 56 78', '612 34 56 78'],
  ['Cellulare +39 333 123 4567', '+39 333 123 4567'],
  ['Support line +43 1 58858 0', '+43 1 58858 0'],
  ['Tel. +49 211 55 66 77-0', '+49 211 55 66 77-0'],
  ['電話 03-1234-5678', '03-1234-5678'],
  ['Toll-free +1.800.555.0199', '+1.800.555.0199'],
  ['Contact number 001-202-555-0173', '001-202-555-0173'],
];

describe('phone numbers written the way each country does', () => {
  it.each(numbers)('in %j the number is %j', (text, value) => {
    expect(phones(text)).toEqual([value]);
  });

  it('a ZIP+4 or a Japanese postcode in an address is not a phone number', () => {
    expect(phones('Send care packages to PSC 1005 Box 39, APO AE 09094-0039.')).toEqual([]);
    expect(phones('〒150-0002 Tokyo')).toEqual([]);
  });
});
