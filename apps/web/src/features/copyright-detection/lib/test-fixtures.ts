import { type PlagiarismResult, plagiarismResultSchema } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';

const FROM_PAGE =
  'Coral reefs cover less than one percent of the ocean floor, yet they shelter a quarter of all marine species.';
const FROM_FILE = 'When the water warms, corals expel the algae living in their tissues and turn completely white.';
const QUOTATION = '“We are losing reefs faster than we can study them”';
const REFERENCES = 'References\nOcean Facts (2024). Reef basics.';

/** A school essay with a sentence from a web page, one from the class notes, a quotation and a reference list. */
export const REEF_TEXT = `${FROM_PAGE} Our class saw this for itself at the aquarium.\n\n${FROM_FILE} As one diver put it, ${QUOTATION}, and the guide agreed.\n\n${REFERENCES}`;

const range = (part: string) => {
  const start = REEF_TEXT.indexOf(part);
  return { start, end: start + part.length };
};

export const pageMatch = range(FROM_PAGE);
export const fileMatch = range(FROM_FILE);
export const quotationRange = range(QUOTATION);
export const referencesRange = { start: REEF_TEXT.indexOf(REFERENCES), end: REEF_TEXT.length };

export const PAGE_URL = 'https://oceanfacts.example/reefs';
export const PAGE_SOURCE_TEXT =
  'Coral reefs cover less than one percent of the ocean floor, yet they shelter a quarter of all marine species, scientists say.';
export const FILE_SOURCE_TEXT =
  'when the water warms, corals expel the algae living in their tissues and turn completely white';

export const reefReport: PlagiarismResult = plagiarismResultSchema.parse({
  similarity: 0.58,
  words: tokenizeWords(REEF_TEXT).length,
  sources: [
    // Listed as the server sends them; the screen orders them by similarity itself.
    {
      source_id: 'document-1',
      kind: 'document',
      title: 'reef-notes.docx',
      url: null,
      history_id: null,
      similarity: 0.26,
      matched_characters: FROM_FILE.length,
    },
    {
      source_id: 'url-1',
      kind: 'url',
      title: 'Reef basics — Ocean Facts',
      url: PAGE_URL,
      history_id: null,
      similarity: 0.32,
      matched_characters: FROM_PAGE.length,
    },
    {
      source_id: 'url-2',
      kind: 'url',
      title: 'Deep sea vents',
      url: 'https://example.org/vents',
      history_id: null,
      similarity: 0,
      matched_characters: 0,
    },
  ],
  compared: { my_documents: 3, organisation_documents: 0 },
  matches: [
    { source_id: 'url-1', ...pageMatch, source_start: 0, source_end: FROM_PAGE.length, source_text: PAGE_SOURCE_TEXT },
    { source_id: 'document-1', ...fileMatch, source_start: 120, source_end: 214, source_text: FILE_SOURCE_TEXT },
  ],
  excluded: [
    { ...quotationRange, reason: 'quotation' },
    { ...referencesRange, reason: 'references' },
  ],
});

/** The stored input of the essay's run. */
export const reefInput = {
  text: REEF_TEXT,
  file_name: 'reef-essay.docx',
  sources: {
    documents: [{ name: 'reef-notes.docx', text: `Class notes.\n${FILE_SOURCE_TEXT}` }],
    urls: [PAGE_URL, 'https://example.org/vents'],
    my_documents: true,
    organisation_documents: false,
  },
  exclude_quotations: true,
  exclude_references: true,
};

/** An original text checked against one file and four earlier documents: nothing in common. */
export const ORIGINAL_TEXT =
  'My grandmother grew tomatoes on the balcony every summer, and each one tasted of the sun.';
export const originalReport: PlagiarismResult = plagiarismResultSchema.parse({
  similarity: 0,
  words: tokenizeWords(ORIGINAL_TEXT).length,
  sources: [
    {
      source_id: 'document-1',
      kind: 'document',
      title: 'gardening.txt',
      url: null,
      history_id: null,
      similarity: 0,
      matched_characters: 0,
    },
  ],
  compared: { my_documents: 4, organisation_documents: 0 },
  matches: [],
  excluded: [],
});

/** The essay's class notes again, as the user's earlier document checked in the AI Detector. */
export const EARLIER_RUN_AT = '2026-11-20T12:30:00.000Z';
export const earlierNotesReport: PlagiarismResult = plagiarismResultSchema.parse({
  ...reefReport,
  similarity: 0.26,
  sources: [
    {
      source_id: 'my-00000000-0000-4000-8000-000000000007',
      kind: 'my_document',
      title: 'reef-notes.docx',
      url: null,
      history_id: '00000000-0000-4000-8000-000000000007',
      model_name: 'AI_DETECTION',
      created_at: EARLIER_RUN_AT,
      similarity: 0.26,
      matched_characters: FROM_FILE.length,
    },
  ],
  compared: { my_documents: 1, organisation_documents: 0 },
  matches: reefReport.matches
    .filter((match) => match.source_id === 'document-1')
    .map((match) => ({
      ...match,
      source_id: 'my-00000000-0000-4000-8000-000000000007',
    })),
});

/** The essay checked against its notes and three pages, two of which could not be read. */
export const UNREAD_URL = 'https://example.org/vents';
export const PAYWALLED_URL = 'https://paywalled.example/reefs';
export const partlyReadReport: PlagiarismResult = plagiarismResultSchema.parse({
  ...reefReport,
  sources: reefReport.sources.filter((source) => source.url !== UNREAD_URL),
  unread_sources: [
    { url: UNREAD_URL, code: 'source_unreachable', reason: 'Could not reach example.org: the connection was refused' },
    { url: PAYWALLED_URL, code: 'source_http_error', reason: 'paywalled.example answered 403 (access refused)' },
  ],
});
export const partlyReadInput = {
  ...reefInput,
  sources: { ...reefInput.sources, urls: [PAGE_URL, UNREAD_URL, PAYWALLED_URL] },
};
