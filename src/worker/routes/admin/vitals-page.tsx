import type { MetricName } from '#shared/vitals/metrics.ts';
import type { slowestInp, VitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { cell, Section, Table } from '#worker/routes/admin-frame/admin-ui.tsx';
import { figure, VitalsChart } from './vitals-chart.tsx';

const CHARTED: MetricName[] = ['LCP', 'INP', 'CLS'];
const label = (r: VitalsP75) => `${r.pageType} ${r.market ?? '-'}`;
export const VITALS_DAYS = [7, 28] as const;

/** /admin/vitals?days=7|28: real visitors' p75 LCP, INP and CLS per page type and market, as charts and a table, and the slowest interactions. */
export function VitalsPage({ days, rows, slowest }: { days: number; rows: VitalsP75[]; slowest: Awaited<ReturnType<typeof slowestInp>> }) {
  return (
    <>
      <nav aria-label="Period" className="flex gap-3 text-sm">
        {VITALS_DAYS.map((d) => (
          <a
            key={d}
            href={`/admin/vitals?days=${d}`}
            aria-current={d === days ? 'page' : undefined}
            className="underline aria-[current=page]:font-bold"
          >
            {`Last ${d} days`}
          </a>
        ))}
      </nav>
      {rows.length === 0 && <p>No reports in this period.</p>}
      {CHARTED.map((metric) => {
        const bars = rows.filter((r) => r.metric === metric).map((r) => ({ label: label(r), value: r.p75, count: r.count }));
        if (bars.length === 0) return null;
        return (
          <Section key={metric} title={`${metric}, p75`} id={`vitals-${metric}`}>
            <VitalsChart metric={metric} bars={bars} id={`chart-${metric}`} />
            <Table caption={`${metric} p75 per page type and market`} head={['Page type, market', 'p75', 'Views']}>
              {bars.map((b) => (
                <tr key={b.label}>
                  <td className={cell}>{b.label}</td>
                  <td className={cell}>{figure(metric, b.value)}</td>
                  <td className={cell}>{b.count}</td>
                </tr>
              ))}
            </Table>
          </Section>
        );
      })}
      {slowest.length > 0 && (
        <Section title="Slowest interactions (INP)" id="slowest">
          <Table caption="The slowest interactions and the element pressed" head={['INP', 'Page type', 'Element']}>
            {slowest.map((s, i) => (
              <tr key={i}>
                <td className={cell}>{figure('INP', s.value)}</td>
                <td className={cell}>{s.pageType}</td>
                <td className={`${cell} break-all font-mono`}>{s.target ?? '(no target)'}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}
    </>
  );
}
