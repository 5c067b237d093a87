// The PII entity catalogue, policies and the finding shape: plain data and zod only, so the contracts and the web
// can import it without loading the recognisers (or compromise).
import { z } from 'zod';

/** Entity types, named like Google Cloud DLP infoTypes. */
export const piiEntityTypes = [
  'PERSON_NAME',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'STREET_ADDRESS',
  'POSTAL_CODE',
  'LOCATION',
  'ORGANIZATION_NAME',
  'DATE_OF_BIRTH',
  'DATE',
  'TIME',
  'AGE',
  'CREDIT_CARD_NUMBER',
  'IBAN_CODE',
  'SWIFT_CODE',
  'US_BANK_ROUTING_MICR',
  'US_SOCIAL_SECURITY_NUMBER',
  'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
  'US_PASSPORT',
  'US_DRIVERS_LICENSE_NUMBER',
  'UK_NATIONAL_INSURANCE_NUMBER',
  'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
  'CANADA_SOCIAL_INSURANCE_NUMBER',
  'INDIA_AADHAAR_INDIVIDUAL',
  'INDIA_PAN_INDIVIDUAL',
  'IP_ADDRESS',
  'MAC_ADDRESS',
  'URL',
  'MEDICAL_RECORD_NUMBER',
  'CRYPTO_WALLET',
  'AUTH_TOKEN',
  'JSON_WEB_TOKEN',
  'PASSWORD',
] as const;
export type PiiEntityType = (typeof piiEntityTypes)[number];

export const piiEntityGroups = [
  'Personal',
  'Contact',
  'Financial',
  'Government IDs',
  'Health',
  'Network & devices',
  'Credentials',
] as const;
export type PiiEntityGroup = (typeof piiEntityGroups)[number];

export interface PiiEntityInfo {
  type: PiiEntityType;
  name: string;
  group: PiiEntityGroup;
  description: string;
  example: string;
}

export const piiEntityCatalogue: readonly PiiEntityInfo[] = [
  {
    type: 'PERSON_NAME',
    name: 'Person name',
    group: 'Personal',
    description: "A person's full name, first name or surname, with or without a title.",
    example: 'Dr. Ada Lovelace',
  },
  {
    type: 'EMAIL_ADDRESS',
    name: 'Email address',
    group: 'Contact',
    description: 'An e-mail address.',
    example: 'ada.lovelace@example.com',
  },
  {
    type: 'PHONE_NUMBER',
    name: 'Phone number',
    group: 'Contact',
    description: 'A telephone or fax number, national or international (E.164) format.',
    example: '+44 20 7946 0958',
  },
  {
    type: 'STREET_ADDRESS',
    name: 'Street address',
    group: 'Contact',
    description:
      'A postal address in any country’s layout, on one line or several: house number and street, unit, city, ' +
      'region and postcode; a PO box, a US military (APO/FPO/DPO) address, or a flat, suite or unit line alone.',
    example: '221B Baker Street, London NW1 6XE',
  },
  {
    type: 'POSTAL_CODE',
    name: 'Postal code',
    group: 'Contact',
    description:
      'A postal or ZIP code outside a street address (one inside an address is part of it), by its country’s shape ' +
      'and context: US ZIP, UK postcode, Canadian, Dutch 1234 AB, Polish 00-000, five digits after "PLZ" or "CP"…',
    example: 'Postcode: SW1A 1AA',
  },
  {
    type: 'LOCATION',
    name: 'Location',
    group: 'Personal',
    description: 'A city, region, state or country.',
    example: 'Manchester',
  },
  {
    type: 'ORGANIZATION_NAME',
    name: 'Organisation name',
    group: 'Personal',
    description: 'The name of a company, institution or other organisation.',
    example: 'Northwind Traders Ltd',
  },
  {
    type: 'DATE_OF_BIRTH',
    name: 'Date of birth',
    group: 'Personal',
    description: 'A date given as someone’s date of birth.',
    example: 'DOB: 1984-03-12',
  },
  {
    type: 'DATE',
    name: 'Date',
    group: 'Personal',
    description: 'A calendar date in numeric or written form, a range of dates, or a year in a date context.',
    example: '12 March 2024',
  },
  {
    type: 'TIME',
    name: 'Time',
    group: 'Personal',
    description: 'A time of day: 24-hour or with am/pm, "14h30", "18 Uhr", or a range such as "9–11am".',
    example: 'at 2:30 pm',
  },
  {
    type: 'AGE',
    name: 'Age',
    group: 'Personal',
    description: 'A person’s age in years (the number).',
    example: '42 years old',
  },
  {
    type: 'CREDIT_CARD_NUMBER',
    name: 'Credit card number',
    group: 'Financial',
    description: 'A payment card number (13–19 digits) that passes the Luhn checksum.',
    example: '4111 1111 1111 1111',
  },
  {
    type: 'IBAN_CODE',
    name: 'IBAN',
    group: 'Financial',
    description: 'An International Bank Account Number with a valid mod-97 check.',
    example: 'GB82 WEST 1234 5698 7654 32',
  },
  {
    type: 'SWIFT_CODE',
    name: 'SWIFT / BIC code',
    group: 'Financial',
    description: 'A bank identifier code of 8 or 11 characters (ISO 9362).',
    example: 'DEUTDEFF500',
  },
  {
    type: 'US_BANK_ROUTING_MICR',
    name: 'US bank routing number',
    group: 'Financial',
    description: 'A nine-digit ABA routing transit number with a valid checksum.',
    example: '021000021',
  },
  {
    type: 'US_SOCIAL_SECURITY_NUMBER',
    name: 'US Social Security number',
    group: 'Government IDs',
    description: 'A nine-digit US Social Security number.',
    example: '536-22-1234',
  },
  {
    type: 'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
    name: 'US ITIN',
    group: 'Government IDs',
    description: 'A US Individual Taxpayer Identification Number (9XX-7X-XXXX).',
    example: '912-71-1234',
  },
  {
    type: 'US_PASSPORT',
    name: 'US passport number',
    group: 'Government IDs',
    description: 'A US passport number (nine digits, or a letter and eight digits) near passport context.',
    example: 'Passport no. A12345678',
  },
  {
    type: 'US_DRIVERS_LICENSE_NUMBER',
    name: 'US driver’s licence number',
    group: 'Government IDs',
    description: 'A US state driver’s licence number near licence context.',
    example: 'Driver’s licence D1234567',
  },
  {
    type: 'UK_NATIONAL_INSURANCE_NUMBER',
    name: 'UK National Insurance number',
    group: 'Government IDs',
    description: 'A UK National Insurance number (two letters, six digits, a letter A–D).',
    example: 'QQ 12 34 56 C',
  },
  {
    type: 'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
    name: 'UK NHS number',
    group: 'Health',
    description: 'A ten-digit NHS number with a valid mod-11 check digit.',
    example: '943 476 5919',
  },
  {
    type: 'CANADA_SOCIAL_INSURANCE_NUMBER',
    name: 'Canadian SIN',
    group: 'Government IDs',
    description: 'A nine-digit Canadian Social Insurance Number that passes the Luhn checksum.',
    example: '046 454 286',
  },
  {
    type: 'INDIA_AADHAAR_INDIVIDUAL',
    name: 'Aadhaar number',
    group: 'Government IDs',
    description: 'A twelve-digit Indian Aadhaar number with a valid Verhoeff check digit.',
    example: '2345 6789 0124',
  },
  {
    type: 'INDIA_PAN_INDIVIDUAL',
    name: 'Indian PAN (individual)',
    group: 'Government IDs',
    description: 'An Indian Permanent Account Number of an individual (fourth character P).',
    example: 'ABCPE1234F',
  },
  {
    type: 'IP_ADDRESS',
    name: 'IP address',
    group: 'Network & devices',
    description: 'An IPv4 or IPv6 address.',
    example: '203.0.113.42',
  },
  {
    type: 'MAC_ADDRESS',
    name: 'MAC address',
    group: 'Network & devices',
    description: 'A 48-bit hardware (MAC) address.',
    example: '00:1A:2B:3C:4D:5E',
  },
  {
    type: 'URL',
    name: 'URL',
    group: 'Network & devices',
    description: 'A web address (with a scheme or starting with www.).',
    example: 'https://example.com/profile/ada',
  },
  {
    type: 'MEDICAL_RECORD_NUMBER',
    name: 'Medical record number',
    group: 'Health',
    description: 'A patient or medical record number near medical-record context.',
    example: 'MRN 00482913',
  },
  {
    type: 'CRYPTO_WALLET',
    name: 'Crypto wallet address',
    group: 'Financial',
    description: 'A Bitcoin (base58check or bech32) or Ethereum wallet address.',
    example: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
  {
    type: 'AUTH_TOKEN',
    name: 'API key or secret',
    group: 'Credentials',
    description: 'An API key, access token, private key or other secret (known prefixes, or high entropy in context).',
    example: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  },
  {
    type: 'JSON_WEB_TOKEN',
    name: 'JSON Web Token',
    group: 'Credentials',
    description: 'A JWT: three base64url parts whose header decodes to JSON.',
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
  },
  {
    type: 'PASSWORD',
    name: 'Password',
    group: 'Credentials',
    description: 'A password or passphrase given after a password cue ("password:", "pwd=", "my password is").',
    example: 'password: hunter2!',
  },
];

/** The score a finding needs when no policy or threshold says otherwise; chosen for F2 on bench/pii-accuracy.ts. */
export const defaultThresholds: Readonly<Record<PiiEntityType, number>> = {
  PERSON_NAME: 0.4,
  EMAIL_ADDRESS: 0.5,
  PHONE_NUMBER: 0.5,
  STREET_ADDRESS: 0.5,
  POSTAL_CODE: 0.5,
  LOCATION: 0.5,
  ORGANIZATION_NAME: 0.5,
  DATE_OF_BIRTH: 0.5,
  DATE: 0.5,
  TIME: 0.5,
  AGE: 0.5,
  CREDIT_CARD_NUMBER: 0.5,
  IBAN_CODE: 0.5,
  SWIFT_CODE: 0.5,
  US_BANK_ROUTING_MICR: 0.5,
  US_SOCIAL_SECURITY_NUMBER: 0.5,
  US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER: 0.5,
  US_PASSPORT: 0.5,
  US_DRIVERS_LICENSE_NUMBER: 0.5,
  UK_NATIONAL_INSURANCE_NUMBER: 0.5,
  UK_NATIONAL_HEALTH_SERVICE_NUMBER: 0.5,
  CANADA_SOCIAL_INSURANCE_NUMBER: 0.5,
  INDIA_AADHAAR_INDIVIDUAL: 0.5,
  INDIA_PAN_INDIVIDUAL: 0.5,
  IP_ADDRESS: 0.5,
  MAC_ADDRESS: 0.5,
  URL: 0.5,
  MEDICAL_RECORD_NUMBER: 0.5,
  CRYPTO_WALLET: 0.5,
  AUTH_TOKEN: 0.5,
  JSON_WEB_TOKEN: 0.5,
  PASSWORD: 0.5,
};

export const piiPolicyIds = ['HIPAA', 'GDPR', 'PCI_DSS', 'CCPA', 'FINANCIAL', 'CREDENTIALS', 'ALL'] as const;
export type PiiPolicyId = (typeof piiPolicyIds)[number];

export interface PiiPolicy {
  id: PiiPolicyId;
  name: string;
  description: string;
  /** Entity → the least score a finding needs; entities not listed are not looked for. */
  thresholds: Partial<Record<PiiEntityType, number>>;
}

// A policy leans towards recall (F2): its entities take a threshold a step below the default, since a missed
// identifier leaks while an extra mask costs little.
const RECALL_STEP = 0.1;
const bundle = (types: readonly PiiEntityType[]): Partial<Record<PiiEntityType, number>> =>
  Object.fromEntries(types.map((type) => [type, Math.max(0.05, defaultThresholds[type] - RECALL_STEP)]));

const governmentIds: readonly PiiEntityType[] = [
  'US_SOCIAL_SECURITY_NUMBER',
  'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
  'US_PASSPORT',
  'US_DRIVERS_LICENSE_NUMBER',
  'UK_NATIONAL_INSURANCE_NUMBER',
  'CANADA_SOCIAL_INSURANCE_NUMBER',
  'INDIA_AADHAAR_INDIVIDUAL',
  'INDIA_PAN_INDIVIDUAL',
];

export const piiPolicies: readonly PiiPolicy[] = [
  {
    id: 'HIPAA',
    name: 'HIPAA',
    description:
      'The Safe Harbor identifiers of protected health information: names, addresses, postcodes and places, dates, ' +
      'times and ages, ' +
      'contact details, record, account, licence and device numbers, URLs and IP addresses.',
    thresholds: bundle([
      'PERSON_NAME',
      'STREET_ADDRESS',
      'POSTAL_CODE',
      'LOCATION',
      'DATE_OF_BIRTH',
      'DATE',
      'TIME',
      'AGE',
      'PHONE_NUMBER',
      'EMAIL_ADDRESS',
      'MEDICAL_RECORD_NUMBER',
      'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
      ...governmentIds,
      'CREDIT_CARD_NUMBER',
      'IBAN_CODE',
      'US_BANK_ROUTING_MICR',
      'IP_ADDRESS',
      'MAC_ADDRESS',
      'URL',
    ]),
  },
  {
    id: 'GDPR',
    name: 'GDPR',
    description:
      'Personal data under the GDPR: anything that identifies a person directly or indirectly, including online ' +
      'identifiers such as IP addresses and wallet addresses.',
    thresholds: bundle([
      'PERSON_NAME',
      'EMAIL_ADDRESS',
      'PHONE_NUMBER',
      'STREET_ADDRESS',
      'POSTAL_CODE',
      'LOCATION',
      'DATE_OF_BIRTH',
      'DATE',
      'TIME',
      'AGE',
      ...governmentIds,
      'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
      'MEDICAL_RECORD_NUMBER',
      'CREDIT_CARD_NUMBER',
      'IBAN_CODE',
      'US_BANK_ROUTING_MICR',
      'CRYPTO_WALLET',
      'IP_ADDRESS',
      'MAC_ADDRESS',
      'URL',
      'PASSWORD',
    ]),
  },
  {
    id: 'PCI_DSS',
    name: 'PCI DSS',
    description: 'Cardholder data — the card number (PAN) and the cardholder’s name — and authentication data.',
    thresholds: bundle(['CREDIT_CARD_NUMBER', 'PERSON_NAME', 'PASSWORD']),
  },
  {
    id: 'CCPA',
    name: 'CCPA',
    description:
      'Personal information under the California Consumer Privacy Act: identifiers, postal and online addresses, ' +
      'government, financial and medical numbers, and account credentials.',
    thresholds: bundle([
      'PERSON_NAME',
      'EMAIL_ADDRESS',
      'PHONE_NUMBER',
      'STREET_ADDRESS',
      'POSTAL_CODE',
      'LOCATION',
      'DATE_OF_BIRTH',
      'AGE',
      ...governmentIds,
      'MEDICAL_RECORD_NUMBER',
      'CREDIT_CARD_NUMBER',
      'IBAN_CODE',
      'US_BANK_ROUTING_MICR',
      'CRYPTO_WALLET',
      'IP_ADDRESS',
      'MAC_ADDRESS',
      'URL',
      'PASSWORD',
      'AUTH_TOKEN',
    ]),
  },
  {
    id: 'FINANCIAL',
    name: 'Financial',
    description: 'Payment cards, bank accounts and codes, crypto wallets and tax identifiers.',
    thresholds: bundle([
      'CREDIT_CARD_NUMBER',
      'IBAN_CODE',
      'SWIFT_CODE',
      'US_BANK_ROUTING_MICR',
      'CRYPTO_WALLET',
      'US_SOCIAL_SECURITY_NUMBER',
      'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
      'INDIA_PAN_INDIVIDUAL',
    ]),
  },
  {
    id: 'CREDENTIALS',
    name: 'Credentials & secrets',
    description: 'API keys, access tokens, private keys, JSON Web Tokens and passwords.',
    thresholds: bundle(['AUTH_TOKEN', 'JSON_WEB_TOKEN', 'PASSWORD']),
  },
  {
    id: 'ALL',
    name: 'All',
    description: 'Every entity in the catalogue at its default threshold.',
    thresholds: { ...defaultThresholds },
  },
];

export const redactionStyles = ['redact', 'mask', 'label', 'pseudonym'] as const;
export type RedactionStyle = (typeof redactionStyles)[number];

/** One detected entity; offsets are UTF-16 code units into the text, end exclusive. */
export const piiFindingSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  type: z.enum(piiEntityTypes),
  score: z.number().min(0).max(1),
  text: z.string(),
});
export type PiiFinding = z.infer<typeof piiFindingSchema>;
