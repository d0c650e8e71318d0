import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration defaults (README: Configuration)', () => {
  it('listens on loopback unless HOST says otherwise, so a default start is not reachable from the network', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
