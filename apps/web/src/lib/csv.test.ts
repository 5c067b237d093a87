import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain values alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain words')).toBe('plain words');
    expect(csvField(42)).toBe('42');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('she said "no"')).toBe('"she said ""no"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('')).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("https://evil.example")')).toBe(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-rm')).toBe("'-rm");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });

  it('ends every record, the last one too, with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c, d', 1],
      ]),
    ).toBe('a,b\r\n"c, d",1\r\n');
  });
});
