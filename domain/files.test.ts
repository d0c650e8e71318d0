import { describe, expect, it } from 'vitest';
import {
  ALL_EXTENSIONS,
  EXTENSIONS,
  UPLOAD_CONTEXTS,
  acceptedExtensions,
  checkCandidate,
  downloadNameFromPath,
  extensionOf,
  extensionsOf,
  formatBytes,
  isStoragePath,
  mimeOf,
  presignedPostSchema,
  selectFiles,
  sniff,
  uploadUrlSchema,
} from './files.ts';

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p));
  return new Uint8Array(out);
};
const MB = 1024 * 1024;

describe('extensions and MIME types (docs/product.md §9: documents, images, audio, video, CAD in one place)', () => {
  it('every category has extensions and every extension a canonical MIME', () => {
    for (const category of ['document', 'image', 'audio', 'video', 'cad'] as const)
      expect(extensionsOf(category).length).toBeGreaterThan(0);
    for (const ext of ALL_EXTENSIONS) expect(EXTENSIONS[ext].mimes[0]).toMatch(/^[a-z]+\/[\w.+-]+$/);
    expect(mimeOf('pdf')).toBe('application/pdf');
    expect(mimeOf('dwg')).toBe('image/vnd.dwg');
    expect(mimeOf('exe')).toBe('application/octet-stream');
  });

  it('extensionOf lowercases and treats dotfiles and trailing dots as no extension (docs/product.md §5)', () => {
    expect(extensionOf('Plano Torre A.PDF')).toBe('pdf');
    expect(extensionOf('foto.final.jpeg')).toBe('jpeg');
    expect(extensionOf('LEEME')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('informe.')).toBe('');
    expect(extensionOf('C:\\docs\\acta.pdf')).toBe('pdf');
  });

  it('formats limits the way the hint shows them', () => {
    expect(formatBytes(536870912)).toBe('512 MB');
    expect(formatBytes(250 * MB)).toBe('250 MB');
    expect(formatBytes(20 * MB)).toBe('20 MB');
    expect(formatBytes(1536)).toBe('1,5 KB');
  });
});

describe('per-context limits (docs/product.md §5, §9)', () => {
  it('library 250 MB, general 20 MB, certificates PDF only 100 × 20 MB, uploader 5 × 536870912 bytes, image .jpg/.png', () => {
    expect(UPLOAD_CONTEXTS.library.maxBytes).toBe(250 * MB);
    expect(UPLOAD_CONTEXTS.general.maxBytes).toBe(20 * MB);
    expect(UPLOAD_CONTEXTS.certificate).toMatchObject({ maxBytes: 20 * MB, maxFiles: 100, extensions: ['pdf'] });
    expect(UPLOAD_CONTEXTS.uploader).toMatchObject({ maxBytes: 536870912, maxFiles: 5 });
    expect(UPLOAD_CONTEXTS.image.extensions).toEqual(['jpg', 'png']);
  });

  it('accepted extensions may be restricted further but never widened', () => {
    expect(acceptedExtensions('uploader', ['.PDF', 'png'])).toEqual(['pdf', 'png']);
    expect(acceptedExtensions('certificate', ['pdf', 'png'])).toEqual(['pdf']);
  });
});

describe('checkCandidate: one message per docs/product.md §8 failure', () => {
  const library = UPLOAD_CONTEXTS.library;
  it('no extension', () => expect(checkCandidate({ name: 'planos', size: 10 }, library)?.code).toBe('no_extension'));
  it('invalid extension lists the accepted ones', () => {
    expect(checkCandidate({ name: 'virus.exe', size: 10 }, library)?.code).toBe('invalid_extension');
    expect(checkCandidate({ name: 'acta.docx', size: 10 }, UPLOAD_CONTEXTS.certificate)).toEqual({
      code: 'invalid_extension',
      params: { name: 'acta.docx', extensions: '.pdf' },
    });
  });
  it('over 250 MB in the library, over 20 MB for general files', () => {
    expect(checkCandidate({ name: 'a.pdf', size: 250 * MB }, library)).toBeUndefined();
    expect(checkCandidate({ name: 'a.pdf', size: 250 * MB + 1 }, library)).toEqual({
      code: 'too_large',
      params: { name: 'a.pdf', size: '250 MB' },
    });
    expect(checkCandidate({ name: 'a.pdf', size: 20 * MB + 1 }, UPLOAD_CONTEXTS.general)?.params?.size).toBe('20 MB');
  });
  it('an empty file is refused', () => expect(checkCandidate({ name: 'a.pdf', size: 0 }, library)?.code).toBe('empty'));
});

describe('selectFiles: duplicates and the file limit (docs/product.md §5, §8 "first N uploaded")', () => {
  const rules = UPLOAD_CONTEXTS.uploader;
  const f = (name: string, size = 100, lastModified = 1) => ({ name, size, lastModified });

  it('keeps the first N when a batch passes maxFiles', () => {
    const picked = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf', '6.pdf', '7.pdf'].map((n) => f(n));
    const out = selectFiles(picked, [], rules);
    expect(out.accepted.map((x) => x.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf']);
    expect(out.limitedTo).toBe(5);
    expect(out.rejected.map((r) => r.error)).toEqual([
      { code: 'max_files', params: { count: 5 } },
      { code: 'max_files', params: { count: 5 } },
    ]);
  });

  it('counts files already in the list', () => {
    const out = selectFiles([f('c.pdf'), f('d.pdf')], [f('a.pdf'), f('b.pdf'), f('x.pdf'), f('y.pdf')], rules);
    expect(out.accepted.map((x) => x.name)).toEqual(['c.pdf']);
    expect(out.limitedTo).toBe(5);
  });

  it('rejects a file already in the list or twice in the same pick', () => {
    const out = selectFiles([f('a.pdf'), f('b.pdf'), f('b.pdf')], [f('a.pdf')], rules);
    expect(out.accepted.map((x) => x.name)).toEqual(['b.pdf']);
    expect(out.rejected.map((r) => r.error.code)).toEqual(['duplicate', 'duplicate']);
    expect(out.limitedTo).toBeUndefined();
  });

  it('same name with another size is not a duplicate', () => {
    expect(selectFiles([f('a.pdf', 200)], [f('a.pdf', 100)], rules).accepted).toHaveLength(1);
  });

  it('invalid files do not use up the limit', () => {
    const out = selectFiles([f('x'), f('y.exe'), f('1.pdf')], [], { ...rules, maxFiles: 1 });
    expect(out.accepted.map((x) => x.name)).toEqual(['1.pdf']);
    expect(out.rejected.map((r) => r.error.code)).toEqual(['no_extension', 'invalid_extension']);
  });
});

describe('sniff: first bytes against the extension (docs/product.md §5: renamed executables refused)', () => {
  it('accepts real signatures', () => {
    expect(sniff(bytes('%PDF-1.7\n'), 'pdf')).toBeUndefined();
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png')).toBeUndefined();
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpg')).toBeUndefined();
    expect(sniff(bytes('GIF89a'), 'gif')).toBeUndefined();
    expect(sniff(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'webp')).toBeUndefined();
    expect(sniff(bytes('PK', [3, 4, 20, 0]), 'xlsx')).toBeUndefined();
    expect(sniff(bytes([0, 0, 0, 0x20], 'ftypisom'), 'mp4')).toBeUndefined();
    expect(sniff(bytes('ID3', [4, 0]), 'mp3')).toBeUndefined();
    expect(sniff(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), 'wav')).toBeUndefined();
    expect(sniff(bytes('AC1032'), 'dwg')).toBeUndefined();
    expect(sniff(bytes([0xef, 0xbb, 0xbf], '\nISO-10303-21;\nHEADER;'), 'ifc')).toBeUndefined();
    expect(sniff(bytes('torre;piso;unidad\nA;1;101\n'), 'csv')).toBeUndefined();
  });

  it('refuses executables whatever the extension', () => {
    expect(sniff(bytes('MZ', [0x90, 0]), 'pdf')).toEqual({ code: 'executable' });
    expect(sniff(bytes([0x7f], 'ELF', [2, 1]), 'jpg')).toEqual({ code: 'executable' });
    expect(sniff(bytes([0xcf, 0xfa, 0xed, 0xfe]), 'docx')).toEqual({ code: 'executable' });
    expect(sniff(bytes('#!/bin/sh\nrm -rf /'), 'txt')).toEqual({ code: 'executable' });
  });

  it('refuses content that does not match its extension', () => {
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47]), 'pdf')?.code).toBe('content_mismatch');
    expect(sniff(bytes('hola', [0], 'mundo'), 'txt')?.code).toBe('content_mismatch');
    expect(sniff(bytes('STEP'), 'ifc')?.code).toBe('content_mismatch');
    expect(sniff(new Uint8Array(), 'pdf')?.code).toBe('empty');
  });
});

describe('request schemas (docs/product.md §7) and paths', () => {
  it('upload-url needs an extension; the message is the docs/product.md §8 no-extension key', () => {
    const missing = uploadUrlSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0].message).toBe('files.errors.no_extension');
    expect(uploadUrlSchema.parse({ extension: '.PDF' })).toMatchObject({ extension: 'pdf', context: 'uploader' });
    expect(uploadUrlSchema.safeParse({ extension: '../x' }).success).toBe(false);
  });

  it('presigned post needs key and contentType', () => {
    expect(presignedPostSchema.safeParse({ key: 'acta.pdf' }).success).toBe(false);
    expect(presignedPostSchema.parse({ key: 'acta.pdf', contentType: 'application/pdf' }).context).toBe('uploader');
  });

  it('only server-generated paths are storage paths; traversal never is', () => {
    expect(isStoragePath('12/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.pdf')).toBe(true);
    expect(isStoragePath('12/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.thumb.webp')).toBe(true);
    expect(isStoragePath('../etc/passwd')).toBe(false);
    expect(isStoragePath('12/2026/05/../../../signing-secret')).toBe(false);
    expect(downloadNameFromPath('12/2026/05/abc.png')).toBe('abc.png');
  });
});
