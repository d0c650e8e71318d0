import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mentionedUserIds } from '#domain/cmanagement';
import { renderWithProviders } from '../../../test/render.tsx';
import { insertMention, mentionQueryAt, mentionSegments } from '../components/mentions.ts';
import { people } from '../test/fixtures.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentBody } from './comments-section.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('mentions (domain/cmanagement.ts CM_MENTION_PATTERN)', () => {
  it('finds the "@word" before the caret and replaces it with the mention token', () => {
    const text = 'Revisar con @an';
    const at = mentionQueryAt(text, text.length)!;
    expect(at).toEqual({ start: 12, query: 'an' });
    expect(mentionQueryAt('correo@dominio', 14)).toBeNull();
    const next = insertMention(text, at.start, text.length, { id: 7, name: 'Ana Pérez' });
    expect(next.text).toBe('Revisar con @[Ana Pérez](7) ');
    expect(next.caret).toBe(next.text.length);
    expect(mentionedUserIds(next.text)).toEqual([7]);
    expect(mentionSegments('Hola @[Ana Pérez](7), mira')).toEqual([
      { kind: 'text', text: 'Hola ' },
      { kind: 'mention', name: 'Ana Pérez', id: 7 },
      { kind: 'text', text: ', mira' },
    ]);
  });

  it('typing "@" and a name offers the people; choosing one inserts the mention, sent as the body', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CommentComposer people={people} onSubmit={onSubmit} />);
    const input = screen.getByTestId('comment-input');
    await userEvent.type(input, 'Favor revisar @bru');
    const options = await screen.findAllByTestId('mention-option');
    expect(options.map((o) => o.textContent)).toEqual(['Bruno Díaz']);
    await userEvent.click(options[0]);
    expect((input as HTMLTextAreaElement).value).toBe('Favor revisar @[Bruno Díaz](8) ');
    expect(screen.queryByTestId('mention-option')).toBeNull();
    await userEvent.type(input, 'hoy');
    await userEvent.click(screen.getByTestId('comment-submit'));
    expect(onSubmit).toHaveBeenCalledWith('Favor revisar @[Bruno Díaz](8) hoy', expect.any(Function));
  });

  it('a keyboard user picks with the arrows and Enter', async () => {
    renderWithProviders(<CommentComposer people={people} onSubmit={() => {}} />);
    const input = screen.getByTestId('comment-input');
    await userEvent.type(input, '@');
    expect(await screen.findAllByTestId('mention-option')).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((input as HTMLTextAreaElement).value).toBe('@[Bruno Díaz](8) ');
  });

  it('renders a mention as a chip', () => {
    renderWithProviders(<CommentBody body="Listo @[Ana Pérez](7)" />);
    const chip = screen.getByTestId('mention-chip');
    expect(chip.textContent).toBe('@Ana Pérez');
    expect(chip.getAttribute('data-user-id')).toBe('7');
  });
});
