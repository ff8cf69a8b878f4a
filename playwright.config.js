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

// Headless Chromium builds its omnibox popup, a page of browser UI in a renderer of its own, for every
// new window, so for every test: that renderer and the browser's work for it were about 40% of the
// browser's CPU per test. Chromium keeps only the last --disable-features on its command line, so
// this one repeats the list Playwright passes (a test compares them: tests/browser/chromium-flags.spec.js).
const PLAYWRIGHT_DISABLED_FEATURES = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose',
  'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding',
  'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints',
  'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion'];
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

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
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`],
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
