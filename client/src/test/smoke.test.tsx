import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { renderWithProviders } from './render.tsx';

function Hello() {
  const { t } = useTranslation();
  return <Button>{t('common.accept')}</Button>;
}

describe('client test harness', () => {
  it('renders Chakra with the Spanish catalogue', () => {
    renderWithProviders(<Hello />);
    expect(screen.getByRole('button').textContent).toBe('Aceptar');
  });
});
