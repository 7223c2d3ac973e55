import { cell, FormOnce, Section, Submit, Table, when } from './admin-ui.tsx';

/** The longest value a history line shows (a post's body is cut, not printed whole). */
const SHOWN = 120;

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

/** What a change changed, in a line each: `prices.GBP 149.99 → 139.99`. */
function changeWords(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const flat = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
    Object.fromEntries(
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.entries(flat(v as Record<string, unknown>, `${prefix}${k}.`))
          : [[`${prefix}${k}`, shown(v)]],
      ),
    );
  const b = flat(before);
  const a = flat(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => b[k] !== a[k])
    .map((k) => `${k} ${b[k] ?? '—'} → ${a[k] ?? '—'}`);
}

interface Change {
  id: number;
  at: string;
  by: string;
  before: object;
  after: object;
}

/**
 * A product's or a post's history in the back office: who, when, each field before and after; one
 * change undone from here (its form posts the version the page was opened at, as an edit does).
 */
export function ChangeHistory({
  history,
  undoAction,
  version,
  none,
}: {
  history: readonly Change[];
  undoAction: (changeId: number) => string;
  version: number;
  none: string;
}) {
  return (
    <Section title="History" id="history">
      {history.length === 0 ? (
        <p>{none}</p>
      ) : (
        <Table caption="Changes, newest first" head={['When', 'Who', 'What', '']}>
          {history.map((h) => {
            const added = Object.keys(h.before).length === 0;
            return (
              <tr key={h.id} data-change={h.id}>
                <td className={cell}>{when(h.at)}</td>
                <td className={cell}>{h.by}</td>
                <td className={`${cell} break-all`}>
                  {added
                    ? 'Added'
                    : changeWords(h.before as Record<string, unknown>, h.after as Record<string, unknown>).map((w) => (
                        <div key={w}>{w}</div>
                      ))}
                </td>
                <td className={cell}>
                  {!added && (
                    <form method="post" action={undoAction(h.id)}>
                      <FormOnce />
                      <input type="hidden" name="version" value={version} />
                      <Submit tone="secondary">Undo</Submit>
                    </form>
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
    </Section>
  );
}
