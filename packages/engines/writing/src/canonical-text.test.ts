import { describe, expect, it } from 'vitest';
import { canonicalText } from './canonical-text.js';

describe('canonicalText', () => {
  it('leaves plain ASCII text as it is', () => {
    const canonical = canonicalText('A plain sentence, with punctuation.');
    expect(canonical.text).toBe('A plain sentence, with punctuation.');
    expect(canonical.hiddenCharacters).toBe(0);
    expect(canonical.lookAlikeLetters).toBe(0);
    expect(canonical.originalSpan(2, 7)).toEqual({ start: 2, end: 7 });
  });

  it('reads Cyrillic and Greek look-alikes inside Latin words as Latin letters', () => {
    // "pаper" with a Cyrillic а, "οpen" with a Greek ο, "сор" all Cyrillic look-alikes.
    const canonical = canonicalText('The p\u0430per is \u03BFpen to \u0430 \u0441\u043E\u0440 on duty.');
    expect(canonical.text).toBe('The paper is open to a cop on duty.');
    expect(canonical.lookAlikeLetters).toBe(6);
  });

  it('keeps real words of other alphabets, and a lone Greek letter in English', () => {
    const russian = canonicalText('Привет, как дела? Всё хорошо.');
    expect(russian.text).toBe('Привет, как дела? Всё хорошо.');
    expect(russian.lookAlikeLetters).toBe(0);
    const science = canonicalText('The μ-opioid receptor and the α helix bind it.');
    expect(science.text).toBe('The μ-opioid receptor and the α helix bind it.');
    expect(science.lookAlikeLetters).toBe(0);
  });

  it('reads a lone Greek capital that imitates a Latin one as Latin: the article "A", the pronoun "I"', () => {
    const disguised = canonicalText('\u0391 cat sat. \u0399 think so, and \u0392 vitamins help.');
    expect(disguised.text).toBe('A cat sat. I think so, and B vitamins help.');
    expect(disguised.lookAlikeLetters).toBe(3);
    // Greek capitals with no Latin twin stay themselves.
    expect(canonicalText('A resistance of 5 Ω and a Δ of 3.').text).toBe('A resistance of 5 Ω and a Δ of 3.');
  });

  it('keeps accented Latin letters and Turkish dotless i', () => {
    const canonical = canonicalText('A naïve café in Iğdır served crème brûlée.');
    expect(canonical.text).toBe('A naïve café in Iğdır served crème brûlée.');
    expect(canonical.lookAlikeLetters).toBe(0);
  });

  it('reads fullwidth and mathematical letters as plain ones, and ligatures without counting them', () => {
    const canonical = canonicalText('Ｗｒｉｔｔｅｎ by 𝐦𝐞, a ﬁne day.');
    expect(canonical.text).toBe('Written by me, a fine day.');
    expect(canonical.lookAlikeLetters).toBe(9);
  });

  it('drops invisible characters and counts those hidden in Latin text', () => {
    const canonical = canonicalText('in\u200Bvis\u00ADible\u200D text\u2060 here\uFEFF.');
    expect(canonical.text).toBe('invisible text here.');
    expect(canonical.hiddenCharacters).toBe(5);
  });

  it('does not count the joiners of emoji sequences or of scripts that need them', () => {
    const canonical = canonicalText('Coding 👩\u200D💻 all day ❤\uFE0F and می\u200Cخواهم.');
    expect(canonical.hiddenCharacters).toBe(0);
    expect(canonical.text).toBe('Coding 👩💻 all day ❤ and میخواهم.');
  });

  it('turns odd spaces into plain ones', () => {
    const canonical = canonicalText('non\u00A0breaking\u2003em\u3000ideographic\u2028line');
    expect(canonical.text).toBe('non breaking em ideographic\nline');
    expect(canonical.hiddenCharacters).toBe(0);
  });

  it('maps spans of the canonical text back onto the submitted text', () => {
    const original = 'Hid\u200Bden 𝐛𝐨𝐥𝐝 ﬁne words.';
    const canonical = canonicalText(original);
    expect(canonical.text).toBe('Hidden bold fine words.');
    const span = (word: string) => {
      const start = canonical.text.indexOf(word);
      const mapped = canonical.originalSpan(start, start + word.length);
      return original.slice(mapped.start, mapped.end);
    };
    expect(span('Hidden')).toBe('Hid\u200Bden');
    expect(span('bold')).toBe('𝐛𝐨𝐥𝐝');
    expect(span('fine')).toBe('ﬁne');
    expect(span('words.')).toBe('words.');
    expect(canonical.originalSpan(0, canonical.text.length)).toEqual({ start: 0, end: original.length });
  });
});
