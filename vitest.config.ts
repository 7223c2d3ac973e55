import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Four kinds of test, one runner: `npm test` builds first, then runs every project. */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      projects: [
        // Every test lives under tests/; unit tests mirror src/ (docs/code-layout.md).
        { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
        {
          extends: true,
          test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
        },
        { extends: true, test: { name: 'edge', include: ['tests/edge/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            // After the other projects, two files at a time: a file keeps a core about 75 % busy
            // (Chromium, the built shop and the test wait on each other), so two fill the machine.
            maxWorkers: 2,
            sequence: { groupOrder: 1 },
          },
        },
        // Benchmarks (npm run bench:edge): only when asked for, never in npm test.
        ...(process.env.BENCH ? [{ extends: true, test: { name: 'bench', include: ['scripts/bench/**/*.bench.ts'] } }] : []),
      ],
    },
  }),
);
