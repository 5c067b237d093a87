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

  it('names: false turns the recogniser off', () => {
    expect(detectPii('Kwame Mensah lives in Paris.', { names: false })).toEqual([]);
  });
});
