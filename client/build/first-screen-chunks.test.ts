import { describe, expect, it } from 'vitest';
import { planGroups } from './first-screen-chunks.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  isEntry,
});

/** A first build: entry + react chunk, login and home pages sharing a button, an unrelated page. */
const chunks = [
  chunk('index.js', ['/main.tsx'], ['react.js'], true),
  chunk('react.js', ['/react.js']),
  chunk('login.js', ['/login.tsx'], ['button.js', 'react.js']),
  chunk('home.js', ['/home.tsx'], ['button.js', 'table.js']),
  chunk('button.js', ['/button.tsx']),
  chunk('table.js', ['/table.tsx']),
  chunk('reports.js', ['/reports.tsx'], ['table.js', 'chart.js']),
  chunk('chart.js', ['/chart.tsx']),
];

function placement(groups: NonNullable<ReturnType<typeof planGroups>>, id: string) {
  return [...groups].sort((a, b) => b.priority - a.priority).find((g) => g.test(id))?.name ?? 'automatic';
}

describe('planGroups', () => {
  const groups = planGroups(chunks, { login: ['/login.tsx'], signedIn: ['/home.tsx'] })!;

  it('puts what the entry loads in one base chunk and splits the first screens by who needs what', () => {
    expect(placement(groups, '/main.tsx')).toBe('base');
    expect(placement(groups, '/react.js')).toBe('base');
    expect(placement(groups, '/button.tsx')).toBe('first-shared');
    expect(placement(groups, '/login.tsx')).toBe('login');
    expect(placement(groups, '/home.tsx')).toBe('signed-in');
    expect(placement(groups, '/table.tsx')).toBe('signed-in');
  });

  it('leaves modules no first screen loads to the bundler', () => {
    expect(placement(groups, '/reports.tsx')).toBe('automatic');
    expect(placement(groups, '/chart.tsx')).toBe('automatic');
  });

  it('never pulls dependencies along: the plan already holds every static import of a screen', () => {
    expect(groups.every((g) => g.includeDependenciesRecursively === false)).toBe(true);
  });

  it('reports a root the build does not hold (the plugin then fails the build, naming the roots)', () => {
    expect(planGroups(chunks, { login: ['/missing.tsx'], signedIn: ['/home.tsx'] })).toBeNull();
  });
});
