// npm run test:recipes: the site generators' recipes of docs/embedding.md, built and opened
// (recipes/recipes.spec.js). The browser as in the main config (Debian's Chromium); no demo
// server: each test serves the site it built. One test at a time: the builds take both cores.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config.js';

export default defineConfig({
  testDir: '.',
  testMatch: ['recipes.spec.js', 'myst.spec.js', 'svelte.spec.js', 'next.spec.js', 'docusaurus-react.spec.js'],
  timeout: 600_000,
  workers: 1,
  retries: 0,
  reporter: 'list',
  outputDir: '../test-results/recipes',
  use: base.use,
});
