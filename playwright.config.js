// Browser tests drive Debian's Chromium (/usr/bin/chromium); Playwright never
// downloads a browser here. The server is the demo's own, with its strict CSP.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.TEST_PORT ?? 8181);

// One deadline for everything a test waits for, set here and nowhere else: a panel that builds
// when it comes near the viewport, a core that compiles, a worker that starts, a training run to
// its goal. Tests wait for the state or event they check (never for a time), so a generous
// deadline costs nothing when things are quick and holds on a busy machine (the whole suite
// passes with two CPU-bound processes beside it on 2 cores). TEST_SLOWDOWN=2 doubles it.
const SLOWDOWN = Number(process.env.TEST_SLOWDOWN ?? 1);

export default defineConfig({
  testDir: 'tests/browser',
  timeout: 120_000 * SLOWDOWN,
  expect: { timeout: 30_000 * SLOWDOWN },
  workers: 2,
  // One retry in CI only: a test that needs it is reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    colorScheme: 'light',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The build of styles and dist/browser/ first (about a second), so tests see the current sources.
    command: `node scripts/build-web.mjs && PORT=${PORT} node scripts/serve.mjs`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000 * SLOWDOWN,
  },
});
