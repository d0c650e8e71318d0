import fs from 'node:fs';

export const INSTALL_HINT = 'apt-get install -y chromium';

/** The system Chromium (docs/architecture.md §7); CHROMIUM_PATH overrides. */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
