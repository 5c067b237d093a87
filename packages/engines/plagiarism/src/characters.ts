// What counts as text when matches are widened and their characters counted.

/** Whitespace, or an invisible character (zero-width space, soft hyphen, direction mark): neither counts as text. */
export function isBlank(code: number): boolean {
  return (
    code <= 0x20 ||
    code === 0xad ||
    code === 0x34f ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
