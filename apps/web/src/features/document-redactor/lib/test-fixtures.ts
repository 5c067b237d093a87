import type { PiiEntityInfoDto, PiiPolicyDto } from '@candor/contracts/governance';
import type { DocumentAnalysis, DocumentRedactionResult } from '@candor/contracts/tools';

/** A two-page letter with a name, an e-mail address, a card number and an IBAN. */
export const PAGE_ONE = 'Dear Maria Garcia,\nPlease write to maria.garcia@example.com about your order.\n';
export const PAGE_TWO = 'Card 4111 1111 1111 1111 was charged.\nRefunds go to GB82 WEST 1234 5698 7654 32.\n';
export const LETTER_TEXT = PAGE_ONE + PAGE_TWO;

const at = (value: string, from = 0) => {
  const start = LETTER_TEXT.indexOf(value, from);
  if (start === -1) throw new Error(`${value} is not in the letter`);
  return { start, end: start + value.length, text: value };
};

export const NAME = at('Maria Garcia');
export const EMAIL = at('maria.garcia@example.com');
export const CARD = at('4111 1111 1111 1111');
export const IBAN = at('GB82 WEST 1234 5698 7654 32');

/** A previewed page's lines as the analysis lays them out, in a monospace font: 1% of the page a character. */
export const monospaceLines = (pageText: string, pageStart: number): DocumentAnalysis['pages'][number]['lines'] =>
  [...pageText.matchAll(/[^\n]+/g)].map((line, index) => ({
    y: 0.1 + index * 0.04,
    height: 0.02,
    words: [...line[0].matchAll(/\S+/g)].map((word): [number, number, number, number] => {
      const start = pageStart + line.index + word.index;
      return [start, start + word[0].length, 0.1 + word.index * 0.01, word[0].length * 0.01];
    }),
  }));

export const letterAnalysis: DocumentAnalysis = {
  file_name: 'letter.pdf',
  kind: 'pdf',
  text: LETTER_TEXT,
  words: 24,
  pages: [
    {
      number: 1,
      width: 612,
      height: 792,
      start: 0,
      end: PAGE_ONE.length,
      preview: 'data:image/webp;base64,AAAA',
      lines: monospaceLines(PAGE_ONE, 0),
    },
    {
      number: 2,
      width: 612,
      height: 792,
      start: PAGE_ONE.length,
      end: LETTER_TEXT.length,
      preview: null,
      lines: [],
    },
  ],
  findings: [
    { ...NAME, type: 'PERSON_NAME', score: 0.62, rects: [{ page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.02 }] },
    { ...EMAIL, type: 'EMAIL_ADDRESS', score: 0.99, rects: [{ page: 1, x: 0.3, y: 0.14, width: 0.3, height: 0.02 }] },
    {
      ...CARD,
      type: 'CREDIT_CARD_NUMBER',
      score: 0.97,
      rects: [{ page: 2, x: 0.1, y: 0.1, width: 0.3, height: 0.02 }],
    },
    { ...IBAN, type: 'IBAN_CODE', score: 0.4, rects: [] },
  ],
};

export const catalogue: PiiEntityInfoDto[] = [
  {
    type: 'PERSON_NAME',
    name: 'Person name',
    group: 'Personal',
    description: 'A person’s full name.',
    example: 'Jane Doe',
  },
  {
    type: 'EMAIL_ADDRESS',
    name: 'Email address',
    group: 'Contact',
    description: 'An e-mail address.',
    example: 'jane@example.com',
  },
  {
    type: 'CREDIT_CARD_NUMBER',
    name: 'Credit card number',
    group: 'Financial',
    description: 'A payment card number that passes the Luhn check.',
    example: '4111 1111 1111 1111',
  },
  {
    type: 'IBAN_CODE',
    name: 'IBAN',
    group: 'Financial',
    description: 'An international bank account number.',
    example: 'GB82 WEST 1234 5698 7654 32',
  },
];

export const policies: PiiPolicyDto[] = [
  {
    id: 'PCI_DSS',
    name: 'PCI DSS',
    description: 'Payment card data.',
    entities: [{ type: 'CREDIT_CARD_NUMBER', threshold: 0.5 }],
  },
  {
    id: 'GDPR',
    name: 'GDPR',
    description: 'Personal data of people in the EU.',
    entities: [
      { type: 'PERSON_NAME', threshold: 0.7 },
      { type: 'EMAIL_ADDRESS', threshold: 0.5 },
      { type: 'IBAN_CODE', threshold: 0.3 },
    ],
  },
  {
    id: 'ALL',
    name: 'All personal data',
    description: 'Every kind of personal data.',
    entities: [
      { type: 'PERSON_NAME', threshold: 0.5 },
      { type: 'EMAIL_ADDRESS', threshold: 0.5 },
      { type: 'CREDIT_CARD_NUMBER', threshold: 0.5 },
      { type: 'IBAN_CODE', threshold: 0.5 },
    ],
  },
];

export const policy = (id: PiiPolicyDto['id']) => {
  const found = policies.find((p) => p.id === id);
  if (!found) throw new Error(`no policy ${id}`);
  return found;
};

/** What the server stores for the letter redacted with type labels: where, what replaced it, never the values. */
export const letterResult: DocumentRedactionResult = {
  kind: 'pdf',
  style: 'label',
  policy: 'ALL',
  file: { name: 'letter-redacted.pdf', media_type: 'application/pdf', bytes: 48_213 },
  words: 24,
  pages: 2,
  redactions: [
    { start: EMAIL.start, end: EMAIL.end, type: 'EMAIL_ADDRESS', page: 1, replacement: '[EMAIL_ADDRESS]' },
    { start: NAME.start, end: NAME.end, type: 'PERSON_NAME', page: 1, replacement: '[PERSON_NAME]' },
    { start: CARD.start, end: CARD.end, type: 'CREDIT_CARD_NUMBER', page: 2, replacement: '[CREDIT_CARD_NUMBER]' },
    { start: IBAN.start + 5, end: IBAN.start + 9, type: 'MANUAL', page: 2, replacement: '[REDACTED]' },
  ],
  redacted_text: LETTER_TEXT.replace(NAME.text, '[PERSON_NAME]')
    .replace(EMAIL.text, '[EMAIL_ADDRESS]')
    .replace(CARD.text, '[CREDIT_CARD_NUMBER]')
    .replace('WEST', '[REDACTED]'),
  verification: {
    passed: true,
    checks: [
      { name: 'Text layer', passed: true, detail: 'No redacted text in the extracted text.' },
      { name: 'Raw streams', passed: true, detail: 'No redacted text in 14 decompressed streams.' },
      { name: 'Metadata', passed: true, detail: 'No metadata left.' },
    ],
  },
};
