// Sitemaps (sitemaps.org): a urlset of pages or an index of further sitemaps. Read with plain searches, not an XML
// parser, so a sitemap cut off at the byte limit still yields the addresses read before the cut.

export interface ParsedSitemap {
  kind: 'urlset' | 'index';
  /** The <loc> values, in order, at most `limit`. */
  locations: string[];
  /** How many <loc> values were seen in all (more than `locations` when the limit cut them). */
  total: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();
}

export function parseSitemap(xml: string, limit: number): ParsedSitemap {
  const kind = /<sitemapindex[\s>]/i.test(xml.slice(0, 4096)) ? 'index' : 'urlset';
  const locations: string[] = [];
  let total = 0;
  const lower = xml.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  let from = 0;
  for (;;) {
    const open = lower.indexOf('<loc>', from);
    if (open === -1) break;
    const close = lower.indexOf('</loc>', open + 5);
    if (close === -1) break;
    total += 1;
    if (locations.length < limit) {
      const location = unescapeXml(xml.slice(open + 5, close));
      if (location) locations.push(location);
    }
    from = close + 6;
  }
  return { kind, locations, total };
}
