import { describe, expect, it } from 'vitest';
import { detectUploadType, sanitiseFileName } from './upload-type.ts';
import { files } from '../../../test/fixtures/documents.ts';

const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, 'latin1'));
  return box;
};

describe('detectUploadType', () => {
  it('knows PDF, JPEG, PNG and HEIC by their first bytes', () => {
    expect(detectUploadType(files.pdf)).toBe('application/pdf');
    expect(detectUploadType(files.jpeg)).toBe('image/jpeg');
    expect(detectUploadType(files.png)).toBe('image/png');
    expect(detectUploadType(files.heic)).toBe('image/heic');
    expect(detectUploadType(ftyp('mif1', 'mif1', 'heic'))).toBe('image/heic');
    expect(detectUploadType(ftyp('heix'))).toBe('image/heic');
  });

  it('refuses everything else, look-alikes included', () => {
    for (const bytes of [
      files.exe,
      Buffer.alloc(0),
      Buffer.from(' %PDF-1.4'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG signature without IHDR
      ftyp('avif', 'mif1', 'avif'),
      ftyp('mif1', 'avif'),
      ftyp('isom', 'mp41'), // an MP4 video
      Buffer.from('GIF89a'),
      Buffer.from('PK\u0003\u0004'),
    ]) {
      expect(detectUploadType(bytes)).toBeNull();
    }
  });
});

describe('sanitiseFileName', () => {
  it('keeps Czech names and fixes the extension to the content', () => {
    expect(sanitiseFileName('Potvrzení o příjmu.pdf', 'application/pdf')).toBe('Potvrzení o příjmu.pdf');
    expect(sanitiseFileName('foto.JPEG', 'image/jpeg')).toBe('foto.JPEG');
    expect(sanitiseFileName('foto.png', 'image/jpeg')).toBe('foto.png.jpg');
    expect(sanitiseFileName('IMG_1234', 'image/heic')).toBe('IMG_1234.heic');
    expect(sanitiseFileName('a\u0000b\u0007c<>:"|?*.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(sanitiseFileName('', 'image/png')).toBe('soubor.png');
    expect(sanitiseFileName(`${'ř'.repeat(400)}.pdf`, 'application/pdf')).toHaveLength(150);
  });
});
