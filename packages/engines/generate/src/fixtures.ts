import { seededRandom } from './text.js';

/**
 * Generated texts for the property tests: sentences built from templates that invite every kind of rewrite (stock
 * phrases, passives with an agent, clauses to move, long sentences to split, short ones to join, synonyms), each
 * carrying protected spans of every kind. The protected pieces are returned with the text, so a test can check each
 * one survived without trusting the finder it tests.
 */
const PIECES = {
  number: ['35%', '$1,200', '3.14', '42 km', '1,024', '7 million', '0.5 mg', '12th'],
  date: ['March 3, 2021', '14 July 1789', 'Tuesday', 'the 1990s', '2024-05-17'],
  entity: ['Marie Curie', 'the University of Oxford', 'NASA', 'New York', 'GPT-4', 'Microsoft', 'Ada Lovelace'],
  quotation: ['"the results speak for themselves"', '“nothing is certain”', '"we will not stop"'],
  citation: ['(Smith et al., 2020)', '[12]', '(Jones and Lee 2019)', 'Fig. 3', 'Table 2'],
  url: ['https://example.com/report?id=7', 'www.candor.dev/docs', 'example.org/paper'],
  code: ['`npm run build`', 'parse_input()', 'config.json', '/usr/local/bin/candor', 'maxTokens'],
  term: [
    'machine learning',
    'artificial intelligence',
    'breast cancer',
    'random forest',
    'standard deviation',
    'supply chain',
  ],
  glossary: ['Candor Writer', 'ledger hold', 'quiet hours'],
} as const;

type Kind = keyof typeof PIECES;

const TEMPLATES: readonly string[] = [
  'It is important to note that {term} was studied by {entity} in {date}.',
  'The report was written by the team because {entity} asked for {number} more samples.',
  'Because the data came from {url}, the analysis used {code} and a large number of checks.',
  'Furthermore, numerous researchers utilize {term} in order to improve results by {number}.',
  'The committee said {quotation}; however, the final decision came on {date} after a long debate about {term}.',
  'Moreover, the method shows a significant improvement {citation}, and it helps people who need {glossary}.',
  'Many people think the idea is very good. It works well in practice.',
  'The software runs {code} every night, which keeps the {glossary} small and the costs low.',
  'Although the cost rose to {number}, the project continued at {entity} until {date}.',
  'The results were checked by the reviewers, and they found the same {number} figure {citation}.',
  'Subsequently, the students began to purchase books about {term} at a rapid pace.',
  'We are able to see that {entity} plays a crucial role in the growth of {term}.',
  'The big question remains whether {term} can help doctors at {entity} detect problems early.',
  'She did not expect the answer {quotation} from {entity}.',
  'In conclusion, a wide range of tools can be used, and the best one depends on {glossary}.',
];

export interface GeneratedText {
  text: string;
  /** Every protected piece put in, with its kind. */
  pieces: { kind: Kind; text: string }[];
  glossary: string[];
}

/** A text of `paragraphs` paragraphs of three to six sentences, from `seed`. */
export function generateText(seed: number, paragraphs = 3): GeneratedText {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pieces: GeneratedText['pieces'] = [];
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const sentences: string[] = [];
    const count = 3 + Math.floor(random() * 4);
    for (let s = 0; s < count; s++) {
      sentences.push(
        pick(TEMPLATES).replace(/\{(\w+)\}/g, (_match, kind: Kind) => {
          const piece = pick(PIECES[kind]);
          pieces.push({ kind, text: piece });
          return piece;
        }),
      );
    }
    out.push(sentences.join(' '));
  }
  return { text: out.join('\n\n'), pieces, glossary: [...PIECES.glossary] };
}
