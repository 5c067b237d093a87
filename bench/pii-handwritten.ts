// A small hand-written labelled set in styles the generator of pii-corpus.ts does not use (chat, e-mail, clinical
// notes, logs, config, forms), with common names and places the gazetteers may know. A check that the engine does not
// only fit the generator's templates. Markup: [[TYPE|value]]. Times of day and the log line's timestamp were labelled
// when TIME became an entity and ISO timestamps dates (issue 26); they were unlabelled look-alikes before.
import type { PiiEntityType } from '@candor/engine-pii';
import type { GoldSpan } from './pii-corpus.js';

const SAMPLES = [
  'hey, its [[PERSON_NAME|Sarah]] again - can u call me back on [[PHONE_NUMBER|+44 7700 900123]]? thx',
  'From: [[PERSON_NAME|Michael O’Connor]] <[[EMAIL_ADDRESS|m.oconnor@northwind.example]]>\nSubject: invoice query',
  'Pt is a [[AGE|67]] yo male, DOB [[DATE_OF_BIRTH|04/22/1957]], MRN [[MEDICAL_RECORD_NUMBER|4471902]], seen by Dr. [[PERSON_NAME|Patel]] on [[DATE|May 3, 2024]].',
  '[[DATE|2024-05-03T10:22:31Z]] WARN auth failed user=jdoe ip=[[IP_ADDRESS|203.0.113.77]] attempts=5',
  'STRIPE_SECRET_KEY=[[AUTH_TOKEN|sk_live_51HxQ2eLkd8Zs0aP9vT3mWq7Rb]]\nDATABASE_URL=[[URL|postgres://app@db.internal:5432/prod]]',
  'Please wire EUR 4,200 to [[IBAN_CODE|DE89 3704 0044 0532 0130 00]] (BIC [[SWIFT_CODE|COBADEFFXXX]]) by Friday.',
  "I've lived at [[STREET_ADDRESS|1600 Amphitheatre Parkway, Mountain View, CA 94043]] since [[DATE|2019-08-01]].",
  '[[PERSON_NAME|John]] and I met [[PERSON_NAME|Emily Watson]] in [[LOCATION|Boston]] last spring.',
  'Card ending 4242? No, the full number is [[CREDIT_CARD_NUMBER|5555 5555 5555 4444]].',
  'My SSN is [[US_SOCIAL_SECURITY_NUMBER|078-05-1120]] and my wife’s is [[US_SOCIAL_SECURITY_NUMBER|219-09-9999]].',
  'Candidate: [[PERSON_NAME|Priya Raman]], [[AGE|29]], currently at [[ORGANIZATION_NAME|Infosys Ltd]], based in [[LOCATION|Pune]].',
  'ssh deploy@[[IP_ADDRESS|10.0.4.17]] -i ~/.ssh/id_ed25519',
  'the wifi pw is [[PASSWORD|Tr0pical-Sunset!]] dont share',
  'New hire paperwork: NI no [[UK_NATIONAL_INSURANCE_NUMBER|AB 12 34 56 C]], NHS [[UK_NATIONAL_HEALTH_SERVICE_NUMBER|943 476 5919]].',
  'Tax forms for [[PERSON_NAME|Carlos Mendez]]: ITIN [[US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER|912-70-3456]].',
  'Bitcoin donations welcome: [[CRYPTO_WALLET|1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa]]',
  'curl -H "Authorization: Bearer [[JSON_WEB_TOKEN|eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c]]" [[URL|https://api.example.com/v1/me]]',
  'Our [[LOCATION|Toronto]] office ([[STREET_ADDRESS|100 King Street West, Suite 5600]]) is closed on [[DATE|1 July]].',
  'Routing [[US_BANK_ROUTING_MICR|011000015]], acct 000123456789.',
  'Canadian applicants must enter their SIN ([[CANADA_SOCIAL_INSURANCE_NUMBER|130 692 544]]).',
  'aadhaar card no. [[INDIA_AADHAAR_INDIVIDUAL|4991 1866 5246]] and PAN [[INDIA_PAN_INDIVIDUAL|BNZPM2501F]] attached',
  'Ping [[PERSON_NAME|Tom]] on Slack or email [[EMAIL_ADDRESS|tom.baker@acme-corp.example]].',
  'The router at [[MAC_ADDRESS|3C:22:FB:9A:10:4E]] keeps rebooting.',
  'Docs moved to [[URL|https://wiki.example.org/display/ENG/Onboarding]].',
  'Passport: [[US_PASSPORT|A03591027]] exp 2031',
  'CA DL [[US_DRIVERS_LICENSE_NUMBER|Y4401925]]',
  'Meeting with [[PERSON_NAME|Anna Kowalski]] and [[PERSON_NAME|Raj Singh]] from [[ORGANIZATION_NAME|Globex Corporation]] at [[TIME|3pm]].',
  'We shipped v3.2.1 on [[DATE|March 14th, 2024]]; build 4512 is the release candidate.',
  'Order 112-4455667-8899001 was delivered to the front desk.',
  'The GUID 9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f identifies the tenant.',
  'Revert commit a3f9c2d1b7e84f60a9d3c5e7b1f2a4c6d8e0f1a2 before tagging.',
  'Call center hours: 9–5 Mon–Fri. Ticket #48213 escalated.',
  'Weight 72.5 kg, BP 128/82, temp 37.1 C.',
  'The quick brown fox jumps over the lazy dog.',
  'Happy birthday to [[PERSON_NAME|Grace]]! She was born on [[DATE_OF_BIRTH|12 June 1990]].',
  '[[PERSON_NAME|Mohammed Al-Farsi]] (mobile [[PHONE_NUMBER|+971 50 123 4567]]) will drive.',
  'aws_secret_access_key = [[AUTH_TOKEN|wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY]]',
  'github token: [[AUTH_TOKEN|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]]',
  'I am [[AGE|34]] and live in [[LOCATION|Manchester]] with my partner [[PERSON_NAME|Liam]].',
  'Send refunds to my account at [[ORGANIZATION_NAME|Barclays Bank]], sort code 20-00-00.',
  'Emergency contact - [[PERSON_NAME|Maria Garcia]] (mother), [[PHONE_NUMBER|(305) 555-0147]].',
  'ISBN 978-3-16-148410-0, 2nd edition, page 231.',
  'Server room temperature alarm at [[TIME|02:14]], rack B7.',
  'Our CEO [[PERSON_NAME|Jane Whitfield]] spoke at the conference in [[LOCATION|Lisbon]].',
  'Lot number 20230914-A12 passed inspection.',
];

export interface HandwrittenSample {
  text: string;
  entities: GoldSpan[];
}

export function handwrittenSamples(): HandwrittenSample[] {
  return SAMPLES.map((marked) => {
    let text = '';
    const entities: GoldSpan[] = [];
    let last = 0;
    for (const m of marked.matchAll(/\[\[([A-Z_]+)\|(.*?)\]\]/g)) {
      text += marked.slice(last, m.index);
      const value = m[2] as string;
      entities.push({ start: text.length, end: text.length + value.length, type: m[1] as PiiEntityType });
      text += value;
      last = m.index + m[0].length;
    }
    return { text: text + marked.slice(last), entities };
  });
}
