export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type Logger = (level: LogLevel, msg: string, fields?: LogFields) => void;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object a line, so the edge's log stream and a Node terminal read the same. */
export function createLogger(minLevel: LogLevel = 'info', base: LogFields = {}): Logger {
  return (level, msg, fields = {}) => {
    if (rank[level] < rank[minLevel]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
}

/** drizzle's failed-query messages end with the bound values: names, addresses, messages. */
const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(?=\n    at |$)/, '\nparams: (omitted)');

/**
 * An error as loggable fields, without leaking a stack trace to anyone but the log, and without
 * the personal data a failed query's parameters carry.
 */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? err.cause.message : undefined;
    return { error: withoutParams(err.message), errorName: err.name, cause, stack: withoutParams(err.stack) };
  }
  return { error: String(err) };
}
