// `npm test`: builds what the tests exercise (production client, Node entry and Worker, plus a
// React development build for the hydration check), then runs every kind of test in one vitest run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, productionSteps } from './build.mjs';
import { run } from './run.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Browser tests need Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}

await build([...productionSteps, 'dev-client', 'dev-node']);

const reportDir = mkdtempSync(join(tmpdir(), 'shop-test-report-'));
const report = join(reportDir, 'vitest.json');
let failed = false;
try {
  await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);
} catch {
  failed = true;
}
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  // A plain closing line any CI can read.
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (r.numTotalTests === 0) failed = true;
}
rmSync(reportDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
