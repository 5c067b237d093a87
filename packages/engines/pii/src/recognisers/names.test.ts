import { describe, expect, it } from 'vitest';
import { detectPii } from '../detect.js';

const names = (text: string) =>
  detectPii(text, { entities: ['PERSON_NAME', 'LOCATION', 'ORGANIZATION_NAME'] }).map((f) => [f.type, f.text]);

describe('person, place and organisation names', () => {
  it('finds a person by first-name lexicon, by shape and by title, leaving the title out of the span', () => {
    expect(names('Yesterday Grace Hopper met Dr. Hanh Trinh and Kwame Mensah.')).toEqual([
      ['PERSON_NAME', 'Grace Hopper'],
      ['PERSON_NAME', 'Hanh Trinh'],
      ['PERSON_NAME', 'Kwame Mensah'],
    ]);
  });

  it('uses the words around a single unknown name', () => {
    expect(names('Dear Oluwaseun, thanks for the update.')).toEqual([['PERSON_NAME', 'Oluwaseun']]);
    expect(names("I think Hyunwoo's proposal is the strongest.")).toEqual([['PERSON_NAME', 'Hyunwoo']]);
    expect(names('Regards,\nNkechi Grabowski')).toEqual([['PERSON_NAME', 'Nkechi Grabowski']]);
  });

  it('a sentence-initial ordinary word is not part of a name, nor are pronouns and months', () => {
    expect(names('Please ask Marisol about it in March.')).toEqual([['PERSON_NAME', 'Marisol']]);
    expect(names('The Quarterly Review moved to Monday.')).toEqual([]);
  });

  it('places from the lexicon and from context; organisations by suffix, "X of Y" and "&"', () => {
    expect(names('She moved from Paris to Kalamazoo last year.')).toEqual([
      ['LOCATION', 'Paris'],
      ['LOCATION', 'Kalamazoo'],
    ]);
    expect(names('He works at Brightwater Analytics LLC.')).toEqual([
      ['ORGANIZATION_NAME', 'Brightwater Analytics LLC'],
    ]);
    expect(names('She studied at the University of Lagos.')).toEqual([['ORGANIZATION_NAME', 'University of Lagos']]);
    expect(names('A letter from Halvorsen & Pike arrived.')).toEqual([['ORGANIZATION_NAME', 'Halvorsen & Pike']]);
  });

  it('a coordination shares its cue: "based in X and Y" are two places', () => {
    expect(names('Our team is based in Eldoret and Namur.')).toEqual([
      ['LOCATION', 'Eldoret'],
      ['LOCATION', 'Namur'],
    ]);
  });

  it('a name that labels an identifier is not reported ("NHS number", "Visa 4111…")', () => {
    expect(names('Her NHS number is 943 476 5919.')).toEqual([]);
    expect(names('I paid with my Visa 4111 1111 1111 1111.')).toEqual([]);
  });

  it('codes and sentence ends do not run into names', () => {
    expect(names('Container YMGD2000096 left the port.')).toEqual([]);
    expect(names('We received an invoice from Heronsgate Foundation. Batch 42 passed.')).toEqual([
      ['ORGANIZATION_NAME', 'Heronsgate Foundation'],
    ]);
  });

  it('lower-case names after a cue', () => {
    expect(names('hi my name is john smith')).toEqual([['PERSON_NAME', 'john smith']]);
  });

  it('companies by their legal form, in many countries', () => {
    for (const name of [
      'Bauer Logistik GmbH',
      'Rossi Costruzioni S.p.A.',
      'Dupont Frères S.A.',
      'Lindqvist Bygg AB',
      'Virtanen Oy',
      'Van der Meer Holding B.V.',
      'Nordlys Frakt AS',
      'Kowalski i Syn Sp. z o.o.',
      'Müller & Schmidt GmbH & Co. KG',
      'Acme Widgets, Inc.',
      'Patel Exports Pvt. Ltd.',
      'Grupo Herrera S.A. de C.V.',
      'Tanaka Seiki K.K.',
      'Zeller AG',
    ]) {
      expect(names(`The invoice from ${name} arrived.`)).toEqual([['ORGANIZATION_NAME', name]]);
    }
    expect(names('Factura de Castillo Hermanos S.L.')).toEqual([['ORGANIZATION_NAME', 'Castillo Hermanos S.L.']]);
  });

  it('brands and firms without a legal form, in lower case after a cue', () => {
    expect(names('she works at google now')).toEqual([['ORGANIZATION_NAME', 'google']]);
    expect(names('my netflix account got hacked')).toEqual([['ORGANIZATION_NAME', 'netflix']]);
    expect(names('booked it through airbnb for the week')).toEqual([['ORGANIZATION_NAME', 'airbnb']]);
    expect(names('We bank with Rabobank.')).toEqual([['ORGANIZATION_NAME', 'Rabobank']]);
    expect(names('Our auditors are Grant Thornton.')).toEqual([['ORGANIZATION_NAME', 'Grant Thornton']]);
    expect(names('WhatsApp me on the usual number.')).toEqual([]);
    expect(names('An apple pie and fresh orange juice.')).toEqual([]);
  });

  it('places in lower case after a cue, and in their own language', () => {
    expect(names('we moved from madrid to lisbon last year')).toEqual([
      ['LOCATION', 'madrid'],
      ['LOCATION', 'lisbon'],
    ]);
    expect(names('greetings from sunny barcelona!')).toEqual([['LOCATION', 'barcelona']]);
    expect(names('Ich komme aus Köln.')).toEqual([['LOCATION', 'Köln']]);
    expect(names('Our team in Warszawa is hiring.')).toEqual([['LOCATION', 'Warszawa']]);
    expect(names('Country: Deutschland')).toEqual([['LOCATION', 'Deutschland']]);
  });

  it('ordinary words that are also places or names are left alone', () => {
    expect(names('nice weather today, isn’t it?')).toEqual([]);
    expect(names('Give the dog a bath before reading.')).toEqual([]);
    expect(names('Turkey sandwiches for lunch!')).toEqual([]);
    expect(names("Don't slack off now.")).toEqual([]);
    expect(names('Booked a trip to Sevilla for Easter.')).toEqual([['LOCATION', 'Sevilla']]);
    expect(names('Bitte schicken Sie das Paket heute.')).toEqual([]);
  });

  it('names: false turns the recogniser off', () => {
    expect(detectPii('Kwame Mensah lives in Paris.', { names: false })).toEqual([]);
  });
});

describe('words that are also names of Object.prototype', () => {
  it('reads "Constructor" or "toString" as words, not lexicon entries', () => {
    expect(() => detectPii('Col. Crédito Constructor, toString and hasOwnProperty')).not.toThrow();
  });
});
