// Browser tests drive Debian's Chromium (/usr/bin/chromium); Playwright never
// downloads a browser here. The server is the demo's own, with its strict CSP.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.TEST_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/browser',
  timeout: 30_000,
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
    timeout: 20_000,
  },
});
