import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_SCOPE_KEY, readAllProjects, writeAllProjects } from './project-scope.ts';

afterEach(() => localStorage.clear());

describe('"all my projects" remembered per user and screen in browser storage', () => {
  it('is kept for the user who chose it, on the screen where they chose it', () => {
    writeAllProjects(5, 'agenda', true);
    expect(readAllProjects(5, 'agenda')).toBe(true);
    expect(readAllProjects(5, 'solicitudes')).toBe(false);
    expect(readAllProjects(6, 'agenda')).toBe(false);
    writeAllProjects(6, 'agenda', true);
    writeAllProjects(5, 'agenda', false);
    expect(readAllProjects(5, 'agenda')).toBe(false);
    expect(readAllProjects(6, 'agenda')).toBe(true);
  });

  it('without a user nothing is stored, and a corrupt entry reads as not chosen', () => {
    writeAllProjects(undefined, 'fichas', true);
    expect(localStorage.getItem(PROJECT_SCOPE_KEY)).toBeNull();
    localStorage.setItem(PROJECT_SCOPE_KEY, '{not json');
    expect(readAllProjects(5, 'fichas')).toBe(false);
    writeAllProjects(5, 'fichas', true);
    expect(readAllProjects(5, 'fichas')).toBe(true);
  });
});
