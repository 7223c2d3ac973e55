import { readFlags } from '#worker/cli/cli-flags.ts';
import { ratingOf, type MetricName } from '#shared/vitals/metrics.ts';
import type { VitalsP75 } from '#worker/vitals/vitals-queries.ts';

const SHOWN: MetricName[] = ['LCP', 'INP', 'CLS', 'TTFB'];
const USAGE = 'vitals takes --days N (1 to 400; 7 by default)';

/** Reads `--days 7` (or `--days=7`); throws with the usage on anything else. */
export function parseVitalsFlags(flags: string[]): { days: number } {
  const value = readFlags(flags, ['--days'], USAGE).get('--days');
  if (value === undefined) return { days: 7 };
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 400)
    throw new Error(`--days ${value} is not a number of days from 1 to 400 (${USAGE})`);
  return { days: Number(value) };
}

const RATING_WORD = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as const;

function shown(metric: MetricName, value: number): string {
  const figure = metric === 'CLS' ? value.toFixed(2) : `${Math.round(value)} ms`;
  return `${figure} (${RATING_WORD[ratingOf(metric, value)]})`;
}

/**
 * One line per page type and market: the views counted (the most reports of any metric) and each
 * metric's p75 with Google's rating; then the slowest INP targets.
 */
export function formatVitalsReport(rows: VitalsP75[], slowest: Array<{ pageType: string; target: string | null; value: number }>): string {
  const groups = new Map<string, VitalsP75[]>();
  for (const row of rows) {
    const key = `${row.pageType} ${row.market ?? '-'}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const lines = [...groups].map(([key, metrics]) => {
    const count = Math.max(...metrics.map((m) => m.count));
    const cells = SHOWN.map((metric) => {
      const row = metrics.find((m) => m.metric === metric);
      return `${metric} ${row ? shown(metric, row.p75) : '-'}`;
    });
    return [`${key}`, `n=${count}`, ...cells].join('  ');
  });
  const targets = slowest.map((s) => `  ${Math.round(s.value)} ms  ${s.pageType}  ${s.target ?? '(no target)'}`);
  return [...lines, ...(targets.length > 0 ? ['Slowest interactions (INP):', ...targets] : [])].join('\n');
}
