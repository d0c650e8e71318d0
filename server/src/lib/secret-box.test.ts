import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const box = createSecretBox('a'.repeat(64));
    const sealed = box.seal('pat-na1-secreto');
    expect(sealed).not.toContain('secreto');
    expect(box.open(sealed)).toBe('pat-na1-secreto');
    expect(box.seal('x')).not.toBe(box.seal('x'));
    expect(() => createSecretBox('b'.repeat(64)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('otro').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
