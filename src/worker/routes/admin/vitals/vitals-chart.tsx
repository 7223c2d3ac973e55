import { ratingOf, THRESHOLDS, type MetricName } from '#shared/vitals/metrics.ts';

export interface ChartBar {
  label: string;
  value: number;
  count: number;
}

const FILL = { good: '#15803d', 'needs-improvement': '#b45309', poor: '#b91c1c' } as const;
const WIDTH = 320;
const LABEL_W = 120;
const BAR_H = 18;
const GAP = 6;

export const figure = (metric: MetricName, value: number) => (metric === 'CLS' ? value.toFixed(2) : `${Math.round(value)} ms`);

/**
 * One metric's p75 per page type and market as horizontal bars, drawn on the server (no chart library
 * in the browser): coloured by Google's rating, with the "good" threshold as a dashed line. It scales
 * to its box (viewBox), so it fits a 360 px phone.
 */
export function VitalsChart({ metric, bars, id }: { metric: MetricName; bars: ChartBar[]; id: string }) {
  const good = THRESHOLDS[metric].good;
  const max = Math.max(THRESHOLDS[metric].poor, ...bars.map((b) => b.value)) * 1.05;
  const scale = (v: number) => (v / max) * (WIDTH - LABEL_W - 8);
  const height = bars.length * (BAR_H + GAP) + 16;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an inline SVG chart is one image to assistive technology; its title says what it shows
      role="img"
      aria-labelledby={`${id}-title`}
      className="h-auto w-full max-w-xl"
      data-vitals-chart={metric}
    >
      <title
        id={`${id}-title`}
      >{`${metric} p75 per page type and market: ${bars.map((b) => `${b.label} ${figure(metric, b.value)}`).join(', ')}`}</title>
      {bars.map((b, i) => {
        const y = i * (BAR_H + GAP);
        return (
          <g key={b.label}>
            <text x={LABEL_W - 4} y={y + BAR_H - 5} textAnchor="end" fontSize="10" fill="#1c1917">
              {b.label}
            </text>
            <rect x={LABEL_W} y={y} width={Math.max(1, scale(b.value))} height={BAR_H} fill={FILL[ratingOf(metric, b.value)]} />
            <text x={LABEL_W + Math.max(1, scale(b.value)) + 3} y={y + BAR_H - 5} fontSize="10" fill="#1c1917">
              {figure(metric, b.value)}
            </text>
          </g>
        );
      })}
      <line x1={LABEL_W + scale(good)} x2={LABEL_W + scale(good)} y1={0} y2={height - 12} stroke="#1c1917" strokeDasharray="3 3" />
      <text x={LABEL_W + scale(good)} y={height - 2} fontSize="9" textAnchor="middle" fill="#1c1917">
        {`good ≤ ${figure(metric, good)}`}
      </text>
    </svg>
  );
}
