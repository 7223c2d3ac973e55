import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AFTER_SALE_MAILS, AFTER_SALE_STEPS } from '#shared/after-sale/after-sale-kinds.ts';
import { SALE_MAILS, SALE_STEPS } from '#shared/orders/order-status.ts';
import { ORDER_MAIL_KINDS, ORDER_STEPS, SHOP_MAILS, STEP_WORDS } from '#shared/timeline/order-timeline.ts';
import { orderStepWriters } from '#worker/orders/order-step-email.ts';
import { orderMailParts } from '#worker/wiring/order-mail-wiring.ts';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** Decision 034: the after-sale in one home, and the order knowing nothing of it. */
describe('the after-sale in one home', () => {
  it('its steps and mails are its own: no kind is listed twice, each has words and each mail a writer', () => {
    expect(new Set(ORDER_STEPS).size).toBe(ORDER_STEPS.length);
    expect(new Set(ORDER_MAIL_KINDS).size).toBe(ORDER_MAIL_KINDS.length);
    for (const kind of AFTER_SALE_STEPS) expect(SALE_STEPS as readonly string[]).not.toContain(kind);
    for (const kind of AFTER_SALE_MAILS) expect(SALE_MAILS as readonly string[]).not.toContain(kind);
    for (const kind of ORDER_STEPS) expect(STEP_WORDS[kind], kind).toMatch(/\w/);
    const writers = { ...orderStepWriters, ...orderMailParts.steps };
    for (const kind of ORDER_MAIL_KINDS) expect(typeof writers[kind], kind).toBe('function');
    for (const kind of SHOP_MAILS) expect(ORDER_MAIL_KINDS).toContain(kind);
  });

  it('the order imports nothing of the after-sale; the after-sale names no other feature', async () => {
    const { importGraph } = (await import(pathToFileURL(resolve('scripts/import-graph.mjs')).href)) as {
      importGraph: () => { edges: Array<{ from: string; to: string }> };
    };
    const { edges } = importGraph();
    const orderSide = /^src\/(worker|shared)\/orders\//;
    const afterSale = /^src\/(worker|shared)\/after-sale\//;
    expect(edges.filter((e) => orderSide.test(e.from) && afterSale.test(e.to))).toEqual([]);
    expect(edges.filter((e) => afterSale.test(e.from) && /^src\/worker\/(referrals|reviews|recovery|newsletter)\//.test(e.to))).toEqual([]);
  });

  it('only the ledger store moves the ledger stamp', () => {
    const movers = filesUnder('src').filter((f) => /ledgerStamp|ledger_stamp/.test(readFileSync(f, 'utf8')));
    // The orders table declares the column; only the ledger store writes it.
    expect(movers.toSorted()).toEqual(['src/worker/after-sale/accounts/ledger-store.ts', 'src/worker/orders/order-tables.ts']);
  });

  it('no route file is over 300 lines', () => {
    const long = filesUnder('src/worker/routes')
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 300);
    expect(long).toEqual([]);
  });
});
