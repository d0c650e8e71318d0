import { CM_MENTION_PATTERN } from '#domain/cmanagement';

/** The "@word" being typed just before the caret, if any (where a mention picker opens). */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[1].length - 1, query: m[1] };
}

/**
 * Replaces the "@word" at `start` (up to the caret) with the mention `@[Name](id)` of domain/cmanagement.ts
 * CM_MENTION_PATTERN and a space; returns the new text and where the caret goes.
 */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: { id: number; name: string },
): { text: string; caret: number } {
  const name = person.name.replace(/[\]\n]/g, ' ').slice(0, 120);
  const token = `@[${name}](${person.id}) `;
  return { text: text.slice(0, start) + token + text.slice(caret), caret: start + token.length };
}

export type MentionSegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; id: number };

/** A comment's body as text and mention segments, so mentions render as chips. */
export function mentionSegments(body: string): MentionSegment[] {
  const out: MentionSegment[] = [];
  let last = 0;
  for (const m of body.matchAll(new RegExp(CM_MENTION_PATTERN.source, 'g'))) {
    if (m.index > last) out.push({ kind: 'text', text: body.slice(last, m.index) });
    out.push({ kind: 'mention', name: m[1], id: Number(m[2]) });
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push({ kind: 'text', text: body.slice(last) });
  return out;
}
