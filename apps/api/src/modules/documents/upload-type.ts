import type { UploadType } from '@lending/contracts';

// HEIF brands of HEIC images (ISO/IEC 23008-12 and Apple's): still images and sequences.
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

function isHeic(bytes: Buffer): boolean {
  // An ISO BMFF file opens with its `ftyp` box: size, 'ftyp', major brand, version, compatible brands.
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  const major = bytes.toString('latin1', 8, 12);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_GENERIC_BRANDS.has(major) || boxSize < 16) return false;
  // A generic HEIF major brand (also used by AVIF): HEIC only when a compatible brand says so.
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    if (HEIC_BRANDS.has(bytes.toString('latin1', offset, offset + 4))) return true;
  }
  return false;
}

/**
 * The type of an upload told by its first bytes (its "magic number"), whatever its name or
 * declared type say: PDF, JPEG, PNG or HEIC, otherwise null. Signatures must be at offset 0,
 * so an executable with "%PDF" somewhere inside is still refused.
 */
export function detectUploadType(bytes: Buffer): UploadType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG signature followed by the IHDR chunk every PNG starts with.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.toString('latin1', 12, 16) === 'IHDR') return 'image/png';
  if (isHeic(bytes)) return 'image/heic';
  return null;
}

const EXTENSIONS: Record<UploadType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/heic': ['heic', 'heif'],
};

const MAX_NAME_LENGTH = 150;

/** Control characters, characters Windows forbids in names, and bidi overrides ("gpj.exe" tricks). */
function isUnsafeChar(c: string): boolean {
  const code = c.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || '<>:"|?*'.includes(c) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * The name a file is kept and downloaded under: no path, no control or reserved characters,
 * at most 150 characters, and an extension that matches its real type ("výpis.exe" holding a
 * PDF is kept as "výpis.exe.pdf"), so a download never opens as something else.
 */
export function sanitiseFileName(original: string, type: UploadType): string {
  const base = [...(original.split(/[/\\]/).pop() ?? '').normalize('NFC')]
    .filter((c) => !isUnsafeChar(c))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = (EXTENSIONS[type].includes(extension) ? base.slice(0, dot) : base).replace(/[\s.]+$/g, '') || 'soubor';
  const ext = EXTENSIONS[type].includes(extension) ? base.slice(dot + 1) : EXTENSIONS[type][0]!;
  return `${[...stem].slice(0, MAX_NAME_LENGTH - ext.length - 1).join('')}.${ext}`;
}
