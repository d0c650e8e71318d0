import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Dialog } from '@chakra-ui/react';
import ptBR from '#locales/pt-BR.json';
import { i18n } from '../shared/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { CloseButton } from './close-button.tsx';

const CLIENT_SRC = join(import.meta.dirname, '..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

function OpenDialog() {
  return (
    <Dialog.Root open>
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Title>Editar</Dialog.Title>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

describe('CloseButton: every dialog and drawer close control speaks the user language', () => {
  it('is labelled "Cerrar" in Spanish inside a dialog, never Chakra\'s English "Close"', () => {
    renderWithProviders(<OpenDialog />);
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('is labelled "Fechar" in Portuguese', async () => {
    if (!i18n.hasResourceBundle('pt-BR', 'translation'))
      i18n.addResourceBundle('pt-BR', 'translation', ptBR, true, true);
    await i18n.changeLanguage('pt-BR');
    try {
      renderWithProviders(<OpenDialog />);
      expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('es');
    }
  });

  it('keeps a more precise label given by the caller', () => {
    renderWithProviders(<CloseButton aria-label="Cerrar filtros" />);
    expect(screen.getByRole('button', { name: 'Cerrar filtros' })).toBeTruthy();
  });

  it("is the only CloseButton the client uses (Chakra's is imported here alone)", () => {
    const offenders = tsxFiles(CLIENT_SRC)
      .filter((file) => !file.endsWith('close-button.tsx'))
      .filter((file) =>
        /import\s*\{[^}]*\bCloseButton\b[^}]*\}\s*from\s*'@chakra-ui\/react'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(CLIENT_SRC, file));
    expect(offenders).toEqual([]);
  });
});
