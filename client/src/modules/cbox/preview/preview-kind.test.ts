import { describe, expect, it } from 'vitest';
import { fileItem } from '../test/panels-fixtures.ts';
import { placeAmong, previewKindOf } from './preview-kind.ts';

describe('previewKindOf (docs/product.md §2 Cbox preview)', () => {
  it.each([
    ['foto.JPG', 'image'],
    ['plano.png', 'image'],
    ['escaneo.tiff', 'none'],
    ['contrato.pdf', 'pdf'],
    ['visita.mp4', 'video'],
    ['nota.m4a', 'audio'],
    ['leeme.txt', 'text'],
    ['partidas.csv', 'text'],
    ['modelo.ifc', 'bim'],
    ['informe.docx', 'none'],
    ['planta.dwg', 'none'],
  ])('%s → %s', (name, kind) => {
    const file = fileItem(1, name);
    expect(previewKindOf({ ...file, extension: name.split('.').pop()! })).toBe(kind);
  });
});

describe('placeAmong', () => {
  const files = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('names the neighbours and stops at the ends', () => {
    expect(placeAmong(files, 1)).toEqual({ index: 0, count: 3, previous: undefined, next: 2 });
    expect(placeAmong(files, 2)).toEqual({ index: 1, count: 3, previous: 1, next: 3 });
    expect(placeAmong(files, 3)).toEqual({ index: 2, count: 3, previous: 2, next: undefined });
  });
  it('is null for a file outside the listing (opened from a link or a search)', () => {
    expect(placeAmong(files, 9)).toBeNull();
  });
});
