import { quantityRefusal, stockList, type StockActionDeps, type StockChange, type StockRow } from '#worker/stock/stock-actions.ts';
import { readFlags } from './cli-flags.ts';
import { waitingCounts } from '#worker/stock-alerts/alert-requests.ts';
import { restock } from '#worker/stock-alerts/restock.ts';
import type { TellDeps } from '#worker/stock-alerts/tell-waiting.ts';

const USAGE = 'usage: stock | stock set <id> <quantity> [--note "…"] | stock add <id> <quantity> [--note "…"]';

export type StockCommand = { action: 'list' } | ({ action: 'set' | 'add' } & StockChange);

/** Reads `set 1 25 --note "count"` / `add 1 10` / nothing; throws naming what is wrong, before anything is written. */
export function parseStockCommand(args: readonly string[]): StockCommand {
  if (args.length === 0) return { action: 'list' };
  const [action, id, quantity, ...rest] = args;
  if (action !== 'set' && action !== 'add') throw new Error(`unknown command ${action} (${USAGE})`);
  if (!id) throw new Error(`stock ${action} needs a product id (${USAGE})`);
  if (!/^\d+$/.test(id)) throw new Error(`no product with id ${id} (${USAGE})`);
  if (!quantity || !/^-?\d+$/.test(quantity))
    throw new Error(`the quantity must be a whole number, not ${quantity ?? '(missing)'} (${USAGE})`);
  const amount = Number(quantity);
  // The action's own rule, asked before the database is opened.
  const invalid = quantityRefusal(action === 'set' ? 'count' : 'receive', amount);
  if (invalid) throw new Error(invalid);
  const note = readFlags(rest, ['--note'], USAGE).get('--note')?.slice(0, 500) ?? null;
  return { action, productId: Number(id), quantity: amount, note };
}

/**
 * One line per product: id, name, on hand, reserved, available, shoppers waiting to be told it is back
 * (confirmed requests), the label pages show, any oversell, and whether it is unlisted.
 */
export function formatStockList(list: readonly StockRow[]): string {
  const rows = list.map((r) => [
    String(r.id),
    r.name,
    String(r.onHand),
    String(r.reserved),
    String(r.available),
    String(r.waiting),
    r.level + (r.oversold > 0 ? ` (oversold: ${r.oversold} short)` : '') + (r.listed ? '' : ' (unlisted)'),
  ]);
  const header = ['id', 'name', 'on hand', 'reserved', 'available', 'waiting', 'label'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

export type StockCommandDeps = StockActionDeps &
  TellDeps & {
    /** Whether this machine may mail the shoppers waiting for a product (else the scheduled job tells them). */
    tell: boolean;
  };

/** `npm run stock`: the list, or one move done by the terminal (those waiting told, as from the back office). */
export async function runStockCommand(deps: StockCommandDeps, command: StockCommand): Promise<string> {
  if (command.action === 'list') return formatStockList(await stockList(deps.db, deps.settings.LOW_STOCK_AT, await waitingCounts(deps.db)));
  return restock(deps, command.action === 'set' ? 'set' : 'receive', command, 'terminal', deps.tell);
}
