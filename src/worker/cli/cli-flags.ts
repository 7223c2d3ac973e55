/**
 * A command's `--flag value` (or `--flag=value`) options: only `allowed` flags, each once, each with a
 * value. Throws naming what is wrong (with the command's usage), so nothing is read or written first.
 */
export function readFlags(args: readonly string[], allowed: readonly string[], usage: string): Map<string, string> {
  const split = args.flatMap((f) => (f.startsWith('--') && f.includes('=') ? f.split(/=(.*)/s, 2) : [f]));
  const flags = new Map<string, string>();
  for (let i = 0; i < split.length; i += 2) {
    const [flag, value] = [split[i]!, split[i + 1]];
    if (!allowed.includes(flag)) throw new Error(`unknown option ${flag} (${usage})`);
    if (flags.has(flag)) throw new Error(`${flag} is given twice (${usage})`);
    if (value === undefined || value.startsWith('--') || !value.trim()) throw new Error(`${flag} needs a value (${usage})`);
    flags.set(flag, value.trim());
  }
  return flags;
}
