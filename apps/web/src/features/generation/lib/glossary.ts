/** The protected terms as the user types them: one per line or separated by commas. */
export function parseGlossary(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]/)
        .map((term) => term.trim())
        .filter((term) => term.length > 0),
    ),
  ].slice(0, 100);
}
