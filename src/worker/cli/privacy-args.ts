import { readSubjectAddress } from '#shared/privacy/subject-address.ts';
import { CLI_HELP } from './cli-help.ts';

export type PrivacyCommand =
  | { action: 'export'; address: string }
  | { action: 'erase'; address: string; confirmed: boolean }
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
  const allowed = action === 'erase' ? ['--yes'] : [];
  const unknown = flags.filter((f) => !allowed.includes(f));
  if (unknown.length > 0) throw refuse(`unknown option ${unknown.join(' ')}`);
  return action === 'export' ? { action, address } : { action, address, confirmed: flags.includes('--yes') };
}
