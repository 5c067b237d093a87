/**
 * Characters JSON and JavaScript carry but PostgreSQL cannot store: U+0000 (in text and jsonb) and a lone UTF-16
 * surrogate (in jsonb; in text it silently turns into U+FFFD). How the server treats them is in
 * docs/product-decisions.md ("Characters that cannot be stored").
 */

// Without the `u` flag a regex reads code units, so a half of a pair on its own can be found.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

/** The field error of a name, an address, a password, an id… that holds one. */
export const unstorableCharacterMessage =
  'This contains a character that cannot be stored (a null character or half of an emoji). Remove it and try again.';

export const hasUnstorableCharacters = (text: string): boolean => text.includes(NUL) || LONE_SURROGATE.test(text);

/** Each unstorable character becomes U+FFFD, one code unit for one, so offsets into the text stay true. */
export function toStorableText(text: string): string {
  if (!hasUnstorableCharacters(text)) return text;
  return text.replaceAll(NUL, REPLACEMENT).replace(LONE_SURROGATES, REPLACEMENT);
}

/** Plain JSON data (objects, arrays, strings…) with every string and key made storable; unchanged data is returned as is. */
export function toStorableData<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) {
    const items = value.map(toStorableData);
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    const storable = entries.map(([key, item]) => [toStorableText(key), toStorableData(item)] as const);
    const changed = storable.some(([key, item], index) => key !== entries[index]?.[0] || item !== entries[index]?.[1]);
    return (changed ? Object.fromEntries(storable) : value) as T;
  }
  return value;
}
