import { describe, expect, it } from 'vitest';
import { detectHumanized } from './detect.js';

const FLUENT =
  'Artificial intelligence has transformed many aspects of modern life, offering significant benefits across ' +
  'various industries. Furthermore, it is important to note that these technologies also present notable ' +
  'challenges that must be carefully considered.';

describe('detectHumanized word-level signals', () => {
  it('does not mark natural pairs of less common words as broken collocations', () => {
    const report = detectHumanized(FLUENT);
    const breaks = report.signals.filter((signal) => signal.kind === 'collocation_break');
    const pairs = breaks.map((signal) => FLUENT.slice(signal.start, signal.end));
    expect(pairs).not.toContain('modern life');
    expect(pairs).not.toContain('various industries');
    expect(breaks.length).toBeLessThanOrEqual(2);
  });

  it('marks common words thrown together in an order people never use', () => {
    const text = `${FLUENT} The of the will be in they to a.`;
    const pairs = detectHumanized(text)
      .signals.filter((signal) => signal.kind === 'collocation_break')
      .map((signal) => text.slice(signal.start, signal.end));
    expect(pairs).toEqual(expect.arrayContaining(['The of', 'they to']));
  });
});
