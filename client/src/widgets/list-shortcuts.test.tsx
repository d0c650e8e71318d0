import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { useListShortcuts } from './list-shortcuts.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function List() {
  const shortcuts = useListShortcuts('[data-testid="row"]');
  return (
    <div ref={shortcuts.ref}>
      {shortcuts.help}
      <input type="search" aria-label="buscar" />
      <input aria-label="otro campo" />
      <table>
        <tbody>
          {[1, 2, 3].map((id) => (
            <tr key={id} data-testid="row">
              <td>
                <Link to={`/warranties/solicitud/${id}`}>S-{id}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Where />
    </div>
  );
}

const current = () => screen.getAllByTestId('row').findIndex((r) => r.hasAttribute('data-kbd-current'));

describe('list keys (docs/product.md §9 Global search and shortcuts)', () => {
  it('j / k move the row focus within the list, Enter opens the focused row', async () => {
    renderWithProviders(<List />, { route: '/warranties/solicitudes' });
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(current()).toBe(0);
    expect(document.activeElement?.textContent).toBe('S-1');
    await user.keyboard('jjj');
    expect(current()).toBe(2);
    await user.keyboard('k');
    expect(current()).toBe(1);
    expect(document.activeElement?.textContent).toBe('S-2');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/warranties/solicitud/2');
  });

  it("'/' focuses the list's search input without typing it; keys typed in an input are text", async () => {
    renderWithProviders(<List />);
    const user = userEvent.setup();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'buscar' }) as HTMLInputElement;
    expect(document.activeElement).toBe(search);
    expect(search.value).toBe('');
    await user.keyboard('jk?/');
    expect(search.value).toBe('jk?/');
    expect(current()).toBe(-1);
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'otro campo' }));
    await user.keyboard('j');
    expect(current()).toBe(-1);
  });

  it("'?' opens the help, which lists the list keys and Ctrl+K", async () => {
    renderWithProviders(<List />);
    const user = userEvent.setup();
    await user.keyboard('?');
    const help = await screen.findByTestId('shortcuts-help');
    expect(help.textContent).toContain('Atajos de teclado');
    expect(help.textContent).toContain('Bajar o subir por las filas de la lista');
    expect(help.textContent).toContain('Ir al buscador de la lista');
    expect(help.textContent).toContain('Ctrl K');
    // While the help is open the list keys do nothing.
    await user.keyboard('j');
    expect(current()).toBe(-1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('shortcuts-help')).toBeNull());
  });
});
