import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import type { Owner } from '../api/ficha-api.ts';
import { DeliverDialog, deliverPayload } from './deliver-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });

const owners: Owner[] = [
  {
    id: 11,
    name: 'María',
    last_name: 'González',
    mail: 'maria@correo.cl',
    phone: null,
    rut: null,
    role: 'propietario',
    has_account: true,
    can_be_notified: true,
  },
  {
    id: 12,
    name: 'Pedro',
    last_name: 'Soto',
    mail: null,
    phone: null,
    rut: null,
    role: 'receptor',
    has_account: false,
    can_be_notified: false,
  },
];

function open(onDeliver = vi.fn(async () => undefined)) {
  renderWithProviders(<DeliverDialog open owners={owners} onClose={() => undefined} onDeliver={onDeliver} />);
  return onDeliver;
}

// docs/product.md §5 delivery dialog: owner role needs at least one option; delivery date required; no special
// characters; texts at most 250 characters (with counters).
describe('delivery dialog rules (docs/product.md §5)', () => {
  it('refuses to deliver until someone received the unit (owner role needs at least one option)', async () => {
    const onDeliver = open();
    await userEvent.click(await screen.findByTestId('deliver-submit'));
    expect((await screen.findByTestId('deliver-attendees-error')).textContent).toBe('Este campo es obligatorio');
    expect(onDeliver).not.toHaveBeenCalled();
  });

  it('requires the delivery date', async () => {
    const onDeliver = open();
    fireEvent.change(await screen.findByTestId('deliver-date'), { target: { value: '' } });
    await userEvent.click(screen.getByTestId('deliver-submit'));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(onDeliver).not.toHaveBeenCalled();
  });

  it('refuses special characters in the receiver comment and counts up to 250', async () => {
    const onDeliver = open();
    const comment = await screen.findByTestId('deliver-receiver_comment');
    expect(comment.getAttribute('maxlength')).toBe('250');
    expect(screen.getAllByText('0 / 250')).toHaveLength(2);
    await userEvent.type(comment, 'Todo ok <b>');
    expect(screen.getByText('11 / 250')).toBeTruthy();
    await userEvent.click(screen.getByTestId('deliver-attendee-11'));
    await userEvent.click(screen.getByTestId('deliver-submit'));
    expect(await screen.findByText('No se permiten caracteres especiales')).toBeTruthy();
    expect(onDeliver).not.toHaveBeenCalled();
  });

  it('delivers with the chosen attendees in their roles and the representative signing', async () => {
    const onDeliver = open();
    await userEvent.click(await screen.findByTestId('deliver-attendee-11'));
    await userEvent.type(screen.getByTestId('deliver-observations'), 'Se entregan llaves y controles');
    await userEvent.click(screen.getByTestId('deliver-submit'));
    await waitFor(() => expect(onDeliver).toHaveBeenCalledTimes(1));
    expect(onDeliver).toHaveBeenCalledWith({
      input: expect.objectContaining({
        attendees: [{ owner_id: 11, role: 'propietario' }],
        observations: 'Se entregan llaves y controles',
        representative_signs: true,
      }),
      ownerSignature: null,
      representativeSignature: null,
    });
  });
});

describe('who received the unit (docs/product.md §5 delivery dialog)', () => {
  it('a sole owner starts ticked in their role: delivering needs no extra click', async () => {
    const onDeliver = vi.fn(async () => undefined);
    renderWithProviders(<DeliverDialog open owners={[owners[0]]} onClose={() => undefined} onDeliver={onDeliver} />);
    const sole = await screen.findByTestId('deliver-attendee-11');
    expect(sole.querySelector('input')!.checked).toBe(true);
    await userEvent.click(screen.getByTestId('deliver-submit'));
    await waitFor(() => expect(onDeliver).toHaveBeenCalledTimes(1));
    expect(onDeliver).toHaveBeenCalledWith(
      expect.objectContaining({
        input: expect.objectContaining({ attendees: [{ owner_id: 11, role: 'propietario' }] }),
      }),
    );
  });

  it('the sole owner is ticked when the owners arrive after the dialog opened (they load on opening)', async () => {
    const dialog = (list: Owner[]) => (
      <DeliverDialog open owners={list} onClose={() => undefined} onDeliver={vi.fn(async () => undefined)} />
    );
    const { rerender } = renderWithProviders(dialog([]));
    rerender(dialog([owners[0]]));
    const sole = await screen.findByTestId('deliver-attendee-11');
    await waitFor(() => expect(sole.querySelector('input')!.checked).toBe(true));
    expect(sole.getAttribute('data-state')).toBe('checked');
  });

  it('with several people nobody starts ticked: who came is a choice', async () => {
    open();
    for (const id of [11, 12])
      expect((await screen.findByTestId(`deliver-attendee-${id}`)).querySelector('input')!.checked).toBe(false);
  });
});

describe('deliverPayload', () => {
  it('leaves out people not present and empty texts', () => {
    expect(
      deliverPayload({
        delivery_date: '2026-03-02',
        attendees: { 11: '', 12: 'receptor' },
        receiver_comment: '  ',
        observations: '',
        representative_signs: false,
      }),
    ).toEqual({
      delivery_date: '2026-03-02',
      attendees: [{ owner_id: 12, role: 'receptor' }],
      receiver_comment: undefined,
      observations: undefined,
      representative_signs: false,
    });
  });
});
