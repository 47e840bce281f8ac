import { XMLParser } from 'fast-xml-parser';
// Small XML text helpers shared by the extract's parser and the WSDP client. Both parse with
// fast-xml-parser's entity processing off (no DTD is ever read, so no entity can expand) and
// decode the text themselves: the five entities of XML and character references, nothing else.

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A DOCTYPE or ENTITY declaration: refused before parsing. */
/**
 * A parser of the cadastre's XML as both readers need it: attributes as `@_name`, text as
 * `#text`, everything a string, namespace prefixes dropped, entities never expanded (DTDs are
 * refused before parsing; the five of XML and character references are decoded by
 * decodeXmlEntities), nesting bounded, `lists` always arrays.
 */
export function cadastreXmlParser(options: { maxDepth: number; lists: readonly string[] }): XMLParser {
  const lists = new Set(options.lists);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    removeNSPrefix: true,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: options.maxDepth,
    isArray: (name) => lists.has(name),
  });
}

export const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

/** The text with its entities decoded; null when it has an entity XML does not define. */
export function decodeXmlEntities(text: string): string | null {
  if (!text.includes('&')) return text;
  let failed = false;
  const decoded = text.replace(/&([^;&\s]{0,10});?/g, (match, name: string) => {
    if (!match.endsWith(';')) failed = true;
    else if (Object.hasOwn(ENTITIES, name)) return ENTITIES[name]!;
    else {
      const reference = /^#(?:x([0-9a-fA-F]{1,6})|(\d{1,7}))$/.exec(name);
      const point = reference ? (reference[1] !== undefined ? Number.parseInt(reference[1], 16) : Number(reference[2])) : -1;
      if (point === 0x9 || point === 0xa || point === 0xd || (point >= 0x20 && point <= 0xd7ff) || (point >= 0xe000 && point <= 0xfffd) || (point >= 0x10000 && point <= 0x10ffff)) {
        return String.fromCodePoint(point);
      }
      failed = true;
    }
    return '';
  });
  return failed ? null : decoded;
}

/** Characters XML 1.0 cannot carry at all; dropped from what we write. */
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an element's content or an attribute in double or single quotes. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
