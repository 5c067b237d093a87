import type { PlagiarismCheckedSource, PlagiarismResult } from '@candor/contracts/tools';
import { createIndex } from '@candor/engine-plagiarism';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { defineEngine } from '../engines/engine-module.js';
import type { PlagiarismEngineInput } from './sources.js';

/**
 * Runs in a worker thread: indexes the run's sources, aligns the text against them, and names each match's source
 * with the words it has there, so a stored report needs none of the sources to be read again.
 */
export default defineEngine<PlagiarismEngineInput, PlagiarismResult>((input, report) => {
  const sourceCount =
    input.sources.length === 1 ? 'one source' : `${input.sources.length.toLocaleString('en-US')} sources`;
  report({ percent: 20, stage: `Indexing ${sourceCount}` });
  const index = createIndex();
  const byId = new Map(input.sources.map((source) => [source.source_id, source]));
  for (const source of input.sources) index.add({ id: source.source_id, text: source.text });

  report({ percent: 60, stage: 'Comparing passages' });
  const found = index.query(input.text, {
    excludeQuotations: input.exclude_quotations,
    excludeReferences: input.exclude_references,
    sourceText: (id) => byId.get(id)?.text,
    // The files and pages named for this check are always compared; earlier documents when they share fingerprints.
    alwaysAlign: input.sources
      .filter((source) => source.kind === 'document' || source.kind === 'url')
      .map((source) => source.source_id),
  });

  const similarities = new Map(found.sources.map((source) => [source.source_id, source]));
  // Named files and pages are always listed (a 0% source is an answer too); earlier documents only when they match.
  const listed = input.sources.filter(
    (source) => source.kind === 'document' || source.kind === 'url' || similarities.has(source.source_id),
  );
  const sources: PlagiarismCheckedSource[] = listed
    .map(({ text, ...source }) => ({
      ...source,
      similarity: similarities.get(source.source_id)?.similarity ?? 0,
      matched_characters: similarities.get(source.source_id)?.matched_characters ?? 0,
    }))
    .sort((a, b) => b.similarity - a.similarity);

  const matches = found.matches
    .map((match) => ({
      ...match,
      source_text: byId.get(match.source_id)?.text.slice(match.source_start, match.source_end) ?? '',
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end);

  const count = (kind: string) => input.sources.filter((source) => source.kind === kind).length;
  return {
    similarity: found.similarity,
    // Counted as every tool counts words, so the report shows the words the run was charged for.
    words: tokenizeWords(input.text).length,
    sources,
    compared: { my_documents: count('my_document'), organisation_documents: count('organisation_document') },
    matches,
    excluded: found.excluded,
    ...(found.obfuscation ? { obfuscation: found.obfuscation } : {}),
    unread_sources: input.unread_sources,
  };
});
