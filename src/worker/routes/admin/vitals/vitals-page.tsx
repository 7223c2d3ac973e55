import { ratingOf, type Rating } from '#shared/vitals/metrics.ts';
import {
  elementWords,
  goodWords,
  marketWords,
  METRIC_WORDS,
  pageTypeWords,
  pageVerdict,
  ratingWords,
  valueWords,
} from '#shared/vitals/vitals-words.ts';
import type { CommonTarget, slowestInp, VitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { cell, Section, Table } from '#worker/routes/admin-frame/admin-ui.tsx';
import { figure, VitalsChart } from './vitals-chart.tsx';

const CHARTED = ['LCP', 'INP', 'CLS'] as const;
type Charted = (typeof CHARTED)[number];
const label = (r: { pageType: string; market: string | null }) => `${pageTypeWords(r.pageType)}, ${marketWords(r.market)}`;
export const VITALS_DAYS = [7, 28] as const;

const ORDER: Record<Rating, number> = { poor: 0, 'needs-improvement': 1, good: 2 };
const TONE: Record<Rating, string> = { poor: 'text-red-800', 'needs-improvement': 'text-amber-800', good: 'text-green-800' };
/** What the element named for a measure did. */
const ELEMENT_ROLE: Record<Charted, string> = {
  LCP: 'The largest thing to appear, and the slowest',
  INP: 'What visitors pressed when it answered slowest',
  CLS: 'What moved',
};

interface PageGroup {
  key: string;
  label: string;
  views: number;
  p75: Partial<Record<Charted, number>>;
  verdict: Rating | null;
}

/** The p75 rows gathered per page type and market, worst verdict first, then the most viewed. */
function pageGroups(rows: VitalsP75[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const r of rows) {
    if (!(CHARTED as readonly string[]).includes(r.metric)) continue;
    const key = `${r.pageType} ${r.market}`;
    const group = groups.get(key) ?? { key, label: label(r), views: 0, p75: {}, verdict: null };
    group.p75[r.metric as Charted] = r.p75;
    group.views = Math.max(group.views, r.count);
    groups.set(key, group);
  }
  for (const g of groups.values()) g.verdict = pageVerdict(g.p75);
  return [...groups.values()].toSorted((a, b) => ORDER[a.verdict ?? 'good'] - ORDER[b.verdict ?? 'good'] || b.views - a.views);
}

/** Each page type and market: Google's verdict and each measure in words, then what to fix first, naming the element. */
function InWords({ rows, targets }: { rows: VitalsP75[]; targets: CommonTarget[] }) {
  const groups = pageGroups(rows);
  const targetOf = (key: string, metric: Charted) =>
    targets.find((t) => `${t.pageType} ${t.market}` === key && t.metric === metric)?.target;
  const fixes = groups
    .flatMap((g) =>
      CHARTED.flatMap((metric) => {
        const value = g.p75[metric];
        if (value === undefined || ratingOf(metric, value) === 'good') return [];
        const rating = ratingOf(metric, value);
        return [{ g, metric, value, rating, element: elementWords(targetOf(g.key, metric)) }];
      }),
    )
    .toSorted((a, b) => ORDER[a.rating] - ORDER[b.rating]);
  return (
    <Section title="In plain words" id="vitals-words">
      <p className="mb-3 text-sm">
        How real visitors’ pages did (the slowest quarter of visits, as Google judges them). A page passes when all three are good.
      </p>
      <Table
        caption="Each page type and market: the verdict and each measure"
        head={['Pages', 'Verdict', ...CHARTED.map((m) => METRIC_WORDS[m])]}
      >
        {groups.map((g) => (
          <tr key={g.key} data-vitals-verdict={g.verdict ?? 'none'}>
            <td className={cell}>{`${g.label} (${g.views} ${g.views === 1 ? 'visit' : 'visits'})`}</td>
            <td className={`${cell} font-semibold ${g.verdict ? TONE[g.verdict] : ''}`}>
              {g.verdict ? ratingWords(g.verdict) : 'No data'}
            </td>
            {CHARTED.map((m) => {
              const value = g.p75[m];
              return (
                <td key={m} className={cell}>
                  {value === undefined ? 'No data' : `${ratingWords(ratingOf(m, value))}, ${valueWords(m, value)}`}
                </td>
              );
            })}
          </tr>
        ))}
      </Table>
      <h3 className="mt-4 font-semibold">What to fix first</h3>
      {fixes.length === 0 ? (
        <p>Nothing: every page type is good on all three.</p>
      ) : (
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5" data-vitals-fixes>
          {fixes.map((f) => (
            <li key={`${f.g.key}-${f.metric}`}>
              {`${f.g.label}: ${METRIC_WORDS[f.metric].toLowerCase()} ${f.rating === 'poor' ? 'is poor' : 'needs work'} (${valueWords(f.metric, f.value)}; good is ${goodWords(f.metric)}). ${ELEMENT_ROLE[f.metric]}: ${f.element}.`}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** /admin/vitals?days=7|28: real visitors' p75 LCP, INP and CLS per page type and market: in words, as charts and tables, and the slowest taps. */
export function VitalsPage({
  days,
  rows,
  targets,
  slowest,
}: {
  days: number;
  rows: VitalsP75[];
  targets: CommonTarget[];
  slowest: Awaited<ReturnType<typeof slowestInp>>;
}) {
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
      {rows.length === 0 ? <p>No reports in this period.</p> : <InWords rows={rows} targets={targets} />}
      {CHARTED.map((metric) => {
        const bars = rows.filter((r) => r.metric === metric).map((r) => ({ label: label(r), value: r.p75, count: r.count }));
        if (bars.length === 0) return null;
        return (
          <Section key={metric} title={`${METRIC_WORDS[metric]} (${metric}), p75`} id={`vitals-${metric}`}>
            <VitalsChart metric={metric} bars={bars} id={`chart-${metric}`} />
            <Table caption={`${metric} p75 per page type and market`} head={['Pages', 'p75', 'Visits']}>
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
        <Section title="Slowest taps (INP)" id="slowest">
          <Table caption="The slowest interactions and the element pressed" head={['Time to answer', 'Pages', 'Pressed']}>
            {slowest.map((s, i) => (
              <tr key={i}>
                <td className={cell}>{valueWords('INP', s.value)}</td>
                <td className={cell}>{pageTypeWords(s.pageType)}</td>
                <td className={cell} title={s.target ?? undefined}>
                  {elementWords(s.target)}
                </td>
              </tr>
            ))}
          </Table>
        </Section>
      )}
    </>
  );
}
