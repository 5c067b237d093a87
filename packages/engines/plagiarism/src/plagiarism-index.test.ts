import { describe, expect, it } from 'vitest';
import { createIndex } from './plagiarism-index.js';
import { plagiarismReportSchema } from './report.schema.js';

const SOURCE =
  'The mitochondria is the powerhouse of the cell, producing energy through cellular respiration. Scientists ' +
  'have studied these organelles for decades, discovering that they carry their own genetic material inherited ' +
  'from the mother. This inheritance lets researchers trace maternal lineages across thousands of generations.';
const OTHER =
  'Volcanic eruptions inject sulphur dioxide into the stratosphere, where it forms aerosols that reflect ' +
  'sunlight and cool the planet for a year or two. Large eruptions have caused failed harvests across Europe.';
const UNRELATED =
  'My grandmother kept a small garden behind the kitchen where she grew tomatoes, basil and marigolds every ' +
  'summer. On Sundays we sat on the porch shelling peas while the radio played old songs about the sea.';

function indexOf(...documents: [string, string][]) {
  const index = createIndex();
  for (const [id, text] of documents) index.add({ id, text });
  return index;
}

describe('createIndex().query', () => {
  it('finds a verbatim copy with exact offsets in both texts', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER]);
    const copied = SOURCE.slice(SOURCE.indexOf('mitochondria'), SOURCE.indexOf(' This inheritance'));
    const prefix = 'My own essay begins here with some thoughts. ';
    const text = `${prefix}${copied} Then it ends differently, about cooking.`;
    const report = plagiarismReportSchema.parse(index.query(text));
    expect(report.matches).toHaveLength(1);
    const [match] = report.matches;
    expect(match).toEqual({
      source_id: 'bio',
      start: prefix.length,
      end: prefix.length + copied.length - 1, // the final full stop is punctuation, not a word
      source_start: SOURCE.indexOf('mitochondria'),
      source_end: SOURCE.indexOf(' This inheritance') - 1,
    });
    expect(report.sources.map((s) => s.source_id)).toEqual(['bio']);
    expect(report.similarity).toBeGreaterThan(0.6);
    expect(report.similarity).toBeLessThan(0.9);
    expect(report.words).toBe(text.split(/\s+/).length);
  });

  it('still matches after light edits: case, punctuation, a swapped word, a changed inflection', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER]);
    const edited =
      'the MITOCHONDRIA is the powerhouse of a cell; it produces energy through cellular respiration! Scientists ' +
      'have examined these organelles for decades and discovered that they carry their own genetic material, ' +
      'inherited from the mother. This inheritance let researchers trace maternal lineage across thousands of generations';
    const report = index.query(edited);
    expect(report.sources.map((s) => s.source_id)).toEqual(['bio']);
    expect(report.similarity).toBeGreaterThan(0.9);
  });

  it('ends a match in the source after a word padded with hundreds of hidden characters', () => {
    const padded = `${SOURCE.slice(0, -'generations.'.length)}gener${'\u200b'.repeat(300)}ations.`;
    const report = indexOf(['padded', padded]).query(SOURCE);
    expect(report.matches).toHaveLength(1);
    expect(report.matches[0]?.source_end).toBe(padded.length - 1);
  });

  it('finds a light paraphrase that leaves no long run of words unchanged', () => {
    const source =
      'The lighthouse keepers of the northern coast lived in isolation for months, tending the great lamp through ' +
      'storms and fog, and recording every passing ship in their logbooks with careful attention.';
    const paraphrase =
      'Lighthouse keepers on the northern coasts lived in isolation for many months, tending a great lamp through ' +
      'storm and fog, recording each passing ship in the logbooks with careful attention.';
    const index = indexOf(['keepers', source], ['volcano', OTHER]);
    const report = index.query(paraphrase);
    expect(report.sources.map((s) => s.source_id)).toEqual(['keepers']);
    expect(report.similarity).toBeGreaterThan(0.9);
    // Among more documents than are aligned, a source named for the check is still compared.
    const crowded = indexOf(...Array.from({ length: 80 }, (_, n): [string, string] => [`other-${n}`, `${OTHER} ${n}`]));
    crowded.add({ id: 'keepers', text: source });
    expect(crowded.query(paraphrase).similarity).toBe(0);
    expect(crowded.query(paraphrase, { alwaysAlign: ['keepers'] }).similarity).toBeGreaterThan(0.9);
  });

  it('finds a copy disguised with look-alike letters and hidden characters, says so, and points into it', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER]);
    // Every "e" a Cyrillic е and a zero-width space after every "th": the old way past a plagiarism checker.
    const disguised = SOURCE.replace(/e/g, '\u0435').replace(/th/g, 'th\u200B');
    const plain = plagiarismReportSchema.parse(index.query(SOURCE));
    const report = plagiarismReportSchema.parse(index.query(disguised));
    expect(plain.obfuscation).toBeUndefined();
    expect(report.obfuscation).toEqual({
      hidden_characters: SOURCE.match(/th/g)?.length,
      look_alike_letters: SOURCE.match(/e/g)?.length,
    });
    expect(report.similarity).toBe(plain.similarity);
    expect(report.matches).toHaveLength(plain.matches.length);
    const [match] = report.matches;
    expect(
      disguised
        .slice(match?.start, match?.end)
        .replace(/\u0435/g, 'e')
        .replace(/\u200B/g, ''),
    ).toBe(SOURCE.slice(plain.matches[0]?.start, plain.matches[0]?.end));
  });

  it('gives about zero for unrelated text', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER]);
    const report = index.query(UNRELATED);
    expect(report.similarity).toBe(0);
    expect(report.matches).toEqual([]);
    expect(report.sources).toEqual([]);
  });

  it('does not count excluded quotations and references, and reports them', () => {
    const index = indexOf(['bio', SOURCE]);
    const quote = `“${SOURCE.slice(0, SOURCE.indexOf(' Scientists'))}”`;
    const title = SOURCE.slice(SOURCE.indexOf('This inheritance'), -1);
    const references = `References\nDoe, J. (2019). ${title}. Biology Press.`;
    const text =
      `As the textbook puts it, ${quote} I agree with that, and my own reading of the chapter on cells bears it ` +
      `out.\n\n${references}`;
    const counted = index.query(text);
    expect(counted.similarity).toBeGreaterThan(0.4);
    expect(counted.excluded).toEqual([]);

    const report = index.query(text, { excludeQuotations: true, excludeReferences: true });
    expect(report.matches).toEqual([]);
    expect(report.similarity).toBe(0);
    expect(report.excluded).toEqual([
      { start: text.indexOf('“'), end: text.indexOf('”') + 1, reason: 'quotation' },
      { start: text.indexOf('References'), end: text.length, reason: 'references' },
    ]);
  });

  it('does not match across an excluded quotation', () => {
    const index = indexOf(['bio', SOURCE]);
    const words = SOURCE.split(' ');
    // Four source words, a quotation, four more: no run of content words is long enough on either side.
    const text = `${words.slice(0, 4).join(' ')} "unrelated quoted words here" ${words.slice(4, 8).join(' ')}`;
    expect(index.query(text, { excludeQuotations: true }).matches).toEqual([]);
  });

  it('gives zero without crashing for empty, emoji-only, right-to-left and repetitive text', () => {
    const index = indexOf(['bio', SOURCE], ['arabic', 'مرحبا بالعالم هذا نص عربي طويل بما فيه الكفاية للاختبار هنا']);
    for (const text of ['', '   \n', '😀😀😀 🎉', 'שלום עולם זה טקסט בעברית', 'a'.repeat(100_000)]) {
      const report = plagiarismReportSchema.parse(index.query(text));
      expect(report.similarity).toBe(0);
      expect(report.matches).toEqual([]);
    }
  });

  it('matches right-to-left text copied verbatim', () => {
    const arabic = 'مرحبا بالعالم هذا نص عربي طويل بما فيه الكفاية للاختبار هنا';
    const report = indexOf(['arabic', arabic]).query(`مقدمة قصيرة ${arabic}`);
    expect(report.matches[0]).toMatchObject({ source_id: 'arabic', source_start: 0, source_end: arabic.length });
  });

  it('maps offsets correctly after surrogate pairs and emoji', () => {
    const index = indexOf(['bio', SOURCE]);
    const prefix = '😀🎉 𝒜𝒷𝒸 — ';
    const copied = SOURCE.slice(0, SOURCE.indexOf(' This inheritance') - 1);
    const report = index.query(`${prefix}${copied}`);
    // Matches run from the first to the last shared content word, so the leading "The " is not part of it.
    const skipped = 'The '.length;
    expect(report.matches).toEqual([
      {
        source_id: 'bio',
        start: prefix.length + skipped,
        end: prefix.length + copied.length,
        source_start: skipped,
        source_end: copied.length,
      },
    ]);
  });

  it('reports several sources, each with its share, and matches sorted by start', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER], ['garden', UNRELATED]);
    const text = `${OTHER} Meanwhile, in biology: ${SOURCE}`;
    const report = index.query(text);
    expect(report.sources.map((s) => s.source_id)).toEqual(['bio', 'volcano']);
    expect(report.matches.map((m) => m.source_id)).toEqual(['volcano', 'bio']);
    const [bio, volcano] = report.sources;
    expect((bio?.similarity ?? 0) + (volcano?.similarity ?? 0)).toBeCloseTo(report.similarity, 10);
    expect(report.similarity).toBeGreaterThan(0.9);
  });

  describe("does not mark the writer's own text between copied passages as copied", () => {
    // A compact version of a reported case: the writer's sentence between two copied ones (13 words, 5 of them
    // content words) was bridged as an edit, and shown as copied with nothing facing it in the source.
    const PRINTING =
      'The history of the printing press is a story of slow change followed by sudden revolution. Johannes ' +
      'Gutenberg combined movable metal type, oil-based ink and a wooden screw press into a system that could ' +
      'produce books faster than any scribe. Within fifty years, presses had spread to more than two hundred cities ' +
      'across Europe, and millions of books were in circulation.';
    const first =
      'Johannes Gutenberg combined movable metal type, oil-based ink and a wooden screw press into a system that ' +
      'could produce books faster than any scribe';
    const second =
      'Within fifty years, presses had spread to more than two hundred cities across Europe, and millions of books ' +
      'were in circulation';
    const nonBlank = (text: string) => text.replace(/\s/g, '').length;

    it('leaves out an original sentence, and counts only the copied characters', () => {
      const own = 'That alone would have been remarkable, but the spread was even more striking.';
      const text = `Printing changed Europe in ways few people expected. ${first}. ${own} ${second}.`;
      const report = plagiarismReportSchema.parse(indexOf(['printing', PRINTING]).query(text));
      expect(report.matches).toEqual([
        {
          source_id: 'printing',
          start: text.indexOf(first),
          end: text.indexOf(first) + first.length,
          source_start: PRINTING.indexOf(first),
          source_end: PRINTING.indexOf(first) + first.length,
        },
        {
          source_id: 'printing',
          start: text.indexOf(second),
          end: text.indexOf(second) + second.length,
          source_start: PRINTING.indexOf(second),
          source_end: PRINTING.indexOf(second) + second.length,
        },
      ]);
      expect(report.similarity).toBeCloseTo((nonBlank(first) + nonBlank(second)) / nonBlank(text), 10);
    });

    it('leaves out an original sentence too short to tell from an edit by its length', () => {
      const text = `${first}. Truly amazing! ${second}.`;
      const report = indexOf(['printing', PRINTING]).query(text);
      expect(report.matches.map((m) => text.slice(m.start, m.end))).toEqual([first, second]);
    });

    it("leaves out a clause of the writer's own inside a copied sentence", () => {
      const before = 'Johannes Gutenberg combined movable metal type, oil-based ink and a wooden screw press';
      const after = 'into a system that could produce books faster than any scribe';
      const text = `${before}, which I find remarkable for its time, ${after}.`;
      const report = indexOf(['printing', PRINTING]).query(text);
      // Matches run from the first to the last shared content word: "into a" are function words.
      expect(report.matches.map((m) => text.slice(m.start, m.end))).toEqual([before, after.slice('into a '.length)]);
    });

    it('still bridges light edits: an inserted adjective, a synonym, a changed inflection', () => {
      const edited =
        'Johannes Gutenberg combined movable metal type, oil-based ink and a sturdy wooden screw press into a ' +
        'system that could create books faster than any scribe. Within fifty years, presses spread to more than ' +
        'two hundred cities across Europe, and millions of book were in circulation';
      const report = indexOf(['printing', PRINTING]).query(edited);
      expect(report.matches).toHaveLength(1);
      expect(report.matches[0]).toMatchObject({ start: 0, end: edited.length });
    });

    describe("given the sources' texts", () => {
      const sourceText = (id: string) => (id === 'printing' ? PRINTING : undefined);

      it('grows each match over the function words and full stops both texts share', () => {
        const before = 'Johannes Gutenberg combined movable metal type, oil-based ink and a wooden screw press';
        const after = 'into a system that could produce books faster than any scribe';
        const text = `${before}, which I find remarkable for its time, ${after}. ${second}.`;
        const report = plagiarismReportSchema.parse(indexOf(['printing', PRINTING]).query(text, { sourceText }));
        expect(report.matches.map((m) => text.slice(m.start, m.end))).toEqual([before, `${after}. ${second}.`]);
        expect(report.matches.map((m) => PRINTING.slice(m.source_start, m.source_end))).toEqual([
          before,
          `${after}. ${second}.`,
        ]);
      });

      it('counts the widened matches in the similarity, and leaves the writer’s own sentence out', () => {
        const own = 'That alone would have been remarkable, but the spread was even more striking.';
        const text = `Printing changed Europe in ways few people expected. ${first}. ${own} ${second}.`;
        const report = indexOf(['printing', PRINTING]).query(text, { sourceText });
        expect(report.matches.map((m) => text.slice(m.start, m.end))).toEqual([`${first}.`, `${second}.`]);
        expect(report.similarity).toBeCloseTo((nonBlank(first) + nonBlank(second) + 2) / nonBlank(text), 10);
      });
    });

    it("still finds a short copied sentence between two of the writer's own, on the evidence around it", () => {
      const text =
        `${first}. I read about this in a library book last week, and it surprised me. ` +
        'Within fifty years, presses had spread. My teacher says that most people could not read at the time. ' +
        `${second}.`;
      const report = indexOf(['printing', PRINTING]).query(text);
      expect(report.matches.map((m) => text.slice(m.start, m.end))).toEqual([
        first,
        'Within fifty years, presses had spread',
        second,
      ]);
    });
  });

  it('is deterministic and refuses a duplicate id', () => {
    const index = indexOf(['bio', SOURCE], ['volcano', OTHER]);
    expect(index.query(SOURCE)).toEqual(index.query(SOURCE));
    expect(() => index.add({ id: 'bio', text: 'again' })).toThrow(/already/);
  });

  it('reports its size and accepts documents after a query', () => {
    const index = indexOf(['bio', SOURCE]);
    expect(index.query(OTHER).matches).toEqual([]);
    index.add({ id: 'volcano', text: OTHER });
    expect(index.query(OTHER).sources.map((s) => s.source_id)).toEqual(['volcano']);
    const stats = index.stats();
    expect(stats.documents).toBe(2);
    expect(stats.fingerprints).toBeGreaterThan(0);
    expect(stats.bytes).toBeGreaterThan(0);
  });
});
