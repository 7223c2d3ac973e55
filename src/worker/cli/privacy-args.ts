import { readSubjectAddress } from '#shared/privacy/subject-address.ts';
import { CLI_HELP } from './cli-help.ts';

export type PrivacyCommand =
  | { action: 'export'; address: string; also: string[] }
  | { action: 'erase'; address: string; also: string[]; confirmed: boolean }
  | { action: 'retention'; dryRun: boolean };

/** `npm run privacy -- …`'s arguments, refused (with the usage) before anything is read or written. */
export function parsePrivacyCommand(args: readonly string[]): PrivacyCommand {
  const [action, ...rest] = args;
  const usage = CLI_HELP.privacy!;
  const refuse = (why: string) => new Error(`${why}\n${usage}`);
  if (action === 'retention') {
    const unknown = rest.filter((f) => f !== '--dry-run');
    if (unknown.length > 0) throw refuse(`unknown option ${unknown.join(' ')}`);
    return { action, dryRun: rest.includes('--dry-run') };
  }
  if (action !== 'export' && action !== 'erase') throw refuse(action ? `unknown action ${action}` : 'an action is needed');
  const [given, ...flags] = rest;
  const address = readSubjectAddress(given);
  if (!address) throw refuse('an e-mail address is needed');
  // `--also <address>` (repeatable): another spelling the owner confirmed is the same person's.
  const also: string[] = [];
  let confirmed = false;
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    if (flag === '--yes' && action === 'erase') confirmed = true;
    else if (flag === '--also') {
      const other = readSubjectAddress(flags[++i]);
      if (!other) throw refuse('--also needs an e-mail address');
      also.push(other);
    } else throw refuse(`unknown option ${flag}`);
  }
  return action === 'export' ? { action, address, also } : { action, address, also, confirmed };
}
