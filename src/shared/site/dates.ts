import { MARKETS } from '#shared/market/market.ts';
import { site } from './brand.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day as the page's market writes it, long form: '27 November 2026' in the UK and Europe, 'November
 * 27, 2026' in the US; on an address without a market, the shop's own locale (en-GB, as <html lang>
 * says). Read as UTC, so no time zone shifts the day. Every date the shop shows goes through here.
 */
export function formatMarketDate(isoDate: string, market: string | null): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO date: ${isoDate}`);
  const locale = MARKETS.find((m) => m.prefix === market)?.locale ?? site.locale;
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(date);
}
