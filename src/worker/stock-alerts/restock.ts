import { errorFields } from '#worker/base/log.ts';
import { countStock, receiveStock, type StockActionDeps, type StockChange } from '#worker/stock/stock-actions.ts';
import { tellWaiting, type TellDeps } from './tell-waiting.ts';

/**
 * A delivery received (`receive`) or a count made (`set`), from the back office or the command line:
 * the stock moves, then those waiting for the product are told now, here, beside their requests. A
 * machine that may not mail them (`tell` false: a remote database without Postmark) leaves them to
 * the scheduled job, as does a telling that fails (logged). The words of what was done.
 */
export async function restock(
  deps: StockActionDeps & TellDeps,
  action: 'receive' | 'set',
  change: StockChange,
  actor: string,
  tell = true,
): Promise<string> {
  const done = await (action === 'set' ? countStock : receiveStock)(deps, change, actor);
  if (!tell) return `${done}\nShoppers waiting for it are told by the scheduled job (this machine does not mail them: no Postmark token).`;
  const told = await tellWaiting(deps, [change.productId]).catch((err: unknown) => {
    deps.log('error', 'waiting shoppers not told', errorFields(err));
    return 0;
  });
  return told > 0 ? `${done}; ${told} waiting shopper${told === 1 ? '' : 's'} told it is back in stock.` : done;
}
