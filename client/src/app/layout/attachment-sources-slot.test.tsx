import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { FileUploader } from '../../widgets/upload/file-uploader.tsx';
import { AttachmentSourcesSlot } from './attachment-sources-slot.tsx';

describe('AttachmentSourcesSlot (docs/product.md §1: Cbox and the rest of the app)', () => {
  it('gives the uploaders the library only when the user holds modulo_biblioteca', () => {
    const { unmount } = renderWithProviders(
      <AttachmentSourcesSlot permissions={{ modulo_postventa: true }}>
        <FileUploader />
      </AttachmentSourcesSlot>,
    );
    expect(screen.queryByRole('button', { name: 'Elegir de Cbox' })).toBeNull();
    unmount();
    renderWithProviders(
      <AttachmentSourcesSlot permissions={{ modulo_biblioteca: true }}>
        <FileUploader />
      </AttachmentSourcesSlot>,
    );
    expect(screen.getByRole('button', { name: 'Elegir de Cbox' })).toBeTruthy();
  });
});
