import JSZip from 'jszip';
import { megabytes, tooLarge, unreadable } from '../document-error.js';
import { OLE_SIGNATURE } from '../document-kind.js';
import { inspectDocx, inspectZip, isZip, tooComplexDocxMessage } from './docx-zip.js';
import { type Document, parseXml, serializeXml } from './xml.js';

/**
 * A .docx opened for reading or rewriting, after the zip-bomb inspection: its parts by name, XML parts parsed on
 * demand and kept so edits accumulate, and written back as a fresh zip (no archive comments, one fixed timestamp).
 */

/** The most any package is allowed to unpack to when no upload limit is given (redaction, verification). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

const damaged = (cause?: unknown) =>
  unreadable("This Word document is damaged or incomplete, so it can't be read.", cause);

const XML_PART = /\.(xml|rels|vml)$/i;
/** Zip entries carry a date; every one gets this, so the output says nothing about when it was edited. */
const FIXED_DATE = new Date(Date.UTC(1980, 0, 1));

export class DocxPackage {
  private readonly documents = new Map<string, Document>();
  private readonly removed = new Set<string>();
  private readonly replaced = new Map<string, Uint8Array>();

  private constructor(private readonly zip: JSZip) {}

  static async open(bytes: Uint8Array, maxUnpackedBytes: number): Promise<DocxPackage> {
    if (!isZip(bytes)) {
      if (OLE_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
        throw unreadable(
          'This Word file is password-protected or in the old .doc format. Remove the password or save it as .docx, then upload it again.',
        );
      }
      throw unreadable("This file isn't a Word document (.docx), although its name ends in .docx.");
    }
    const inspection = inspectDocx(bytes, maxUnpackedBytes);
    if (!inspection.ok) {
      if (inspection.reason === 'too_large') {
        throw tooLarge(`This Word document unpacks to more than ${megabytes(maxUnpackedBytes)}, so it can't be read.`);
      }
      if (inspection.reason === 'too_complex') throw unreadable(tooComplexDocxMessage(inspection.detail));
      if (inspection.reason === 'not_docx') {
        throw unreadable("This file isn't a Word document (.docx), although its name ends in .docx.");
      }
      throw damaged();
    }
    try {
      return new DocxPackage(await JSZip.loadAsync(bytes, { checkCRC32: true }));
    } catch (error) {
      throw damaged(error);
    }
  }

  /** Part names in archive order, without folders and removed parts. */
  get partNames(): string[] {
    return Object.values(this.zip.files)
      .filter((file) => !file.dir && !this.removed.has(file.name))
      .map((file) => file.name);
  }

  has(name: string): boolean {
    return this.zip.file(name) !== null && !this.removed.has(name);
  }

  isXml(name: string): boolean {
    return XML_PART.test(name);
  }

  async bytes(name: string): Promise<Uint8Array> {
    const replaced = this.replaced.get(name);
    if (replaced) return replaced;
    const file = this.zip.file(name);
    if (!file) throw damaged();
    return file.async('uint8array');
  }

  /** The parsed part, or null when the package has no such part; a part that isn't well-formed XML is damage. */
  async xml(name: string): Promise<Document | null> {
    const cached = this.documents.get(name);
    if (cached) return cached;
    if (!this.has(name)) return null;
    let document: Document;
    try {
      document = parseXml(new TextDecoder().decode(await this.bytes(name)));
    } catch (error) {
      throw damaged(error);
    }
    this.documents.set(name, document);
    return document;
  }

  remove(name: string): void {
    this.removed.add(name);
    this.documents.delete(name);
  }

  isRemoved(name: string): boolean {
    return this.removed.has(name);
  }

  replaceBytes(name: string, bytes: Uint8Array): void {
    this.replaced.set(name, bytes);
  }

  /** The package as a new zip: parts in their order, [Content_Types].xml first, edited XML serialised. */
  async write(): Promise<Uint8Array> {
    const output = new JSZip();
    const names = this.partNames.sort(
      (a, b) => Number(b === '[Content_Types].xml') - Number(a === '[Content_Types].xml'),
    );
    for (const name of names) {
      const document = this.documents.get(name);
      const content = document ? serializeXml(document) : await this.bytes(name);
      output.file(name, content, { date: FIXED_DATE, createFolders: false });
    }
    return output.generateAsync({
      type: 'uint8array',
      compression: 'DEFLATE',
      compressionOptions: { level: 6 },
      comment: '',
    });
  }
}

/** Opens a zip held inside a package (an embedded workbook) under the same bomb defence; null if it isn't one. */
export async function openNestedZip(bytes: Uint8Array): Promise<JSZip | null> {
  if (!inspectZip(bytes, MAX_UNPACKED_BYTES).ok) return null;
  try {
    return await JSZip.loadAsync(bytes, { checkCRC32: true });
  } catch {
    return null;
  }
}

/** The folder of a part, for resolving relationship targets: "word/document.xml" → "word/". */
function folderOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return slash < 0 ? '' : part.slice(0, slash + 1);
}

/** The part a relationships part describes: "word/_rels/document.xml.rels" → "word/document.xml". */
export function sourceOfRelationships(relationshipsPart: string): string {
  return relationshipsPart.replace(/_rels\/([^/]*)\.rels$/, '$1');
}

/** The relationships part of a part: "word/document.xml" → "word/_rels/document.xml.rels". */
export function relationshipsOf(part: string): string {
  return `${folderOf(part)}_rels/${part.slice(folderOf(part).length)}.rels`;
}

/** A relationship's target as a part name, resolved against its source part. */
export function resolveTarget(source: string, target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `${folderOf(source)}${target}`;
  const resolved: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return decodeURIComponentSafe(resolved.join('/'));
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
