import type { TursoEmulator } from './turso-emulator';

/**
 * A page as its visitor gets it (`ask`: uncompressed, to read its chunks as sent): its first chunk, how
 * many database answers had gone out when that chunk came (the emulator counts them), and the whole.
 * Times are printed, never asserted.
 */
/** What is read of an answer (Node's fetch and Miniflare's give their own Response types). */
interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } } | null;
}

export async function firstBytesThenRest(label: string, ask: () => Promise<Answer>, turso: TursoEmulator) {
  const answeredBefore = turso.answered();
  const statementsBefore = turso.statements.length;
  // Requests the database had received and not yet answered: another request's, whose answers may land meanwhile.
  const inFlightAtStart = turso.requests() - answeredBefore;
  const started = performance.now();
  const response = await ask();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const firstChunk = await reader.read();
  const firstMs = performance.now() - started;
  const answeredBeforeFirstBytes = turso.answered() - answeredBefore;
  // Statements are recorded as they are answered (after the emulator's delay): these were answered meanwhile.
  const answeredStatements = turso.statements.slice(statementsBefore);
  const first = decoder.decode(firstChunk.value, { stream: true });
  let whole = first;
  for (let read = await reader.read(); !read.done; read = await reader.read()) whole += decoder.decode(read.value, { stream: true });
  whole += decoder.decode();
  const wholeMs = performance.now() - started;
  console.log(`${label}: first bytes ${firstMs.toFixed(0)} ms (${first.length} B), whole ${wholeMs.toFixed(0)} ms`);
  return {
    status: response.status,
    /** When the first bytes came (ms): past the database's delay, answers to the page's own later reads may have come first. */
    firstMs,
    first,
    whole,
    answeredBeforeFirstBytes,
    inFlightAtStart,
    /** What the database answered meanwhile (SQL), to say whose answers they were when one was counted. */
    answeredStatements,
    /** The scheduled job (Node's timer, every minute) asked the database while the page was on its way: its answers count too. */
    scheduledJobMeanwhile: answeredStatements.some((sql) => sql.includes('"contactMail"')),
    cacheStatus: response.headers.get('cf-cache-status'),
    csp: response.headers.get('content-security-policy'),
  };
}
