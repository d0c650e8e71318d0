import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie (the session cookie, read on every request)', () => {
  it.each([
    ['qa_session=abc', 'abc'],
    ['a=1; qa_session=abc; b=2', 'abc'],
    ['a=1;qa_session=abc', 'abc'],
    ['qa_session="abc"', 'abc'],
    ['qa_session=a%2Fb', 'a/b'],
    ['qa_session=first; qa_session=second', 'first'],
  ])('%s reads %s', (header, value) => {
    expect(readCookie(header, 'qa_session')).toBe(value);
  });

  it.each([
    [undefined],
    [''],
    ['x_qa_session=abc'],
    ['qa_sessionx=abc'],
    ['qa_session'],
    ['qa_session=%E0%A4%A'], // a malformed escape is no cookie, never a thrown error
  ])('%s has none', (header) => {
    expect(readCookie(header, 'qa_session')).toBeUndefined();
  });
});
