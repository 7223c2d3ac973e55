const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Dates use en-US long format: '2025-04-11' gives 'April 11, 2025'. Read as UTC so no time zone shifts the day. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO date: ${isoDate}`);
  return longDate.format(date);
}

const marketDates = {
  gb: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
  us: longDate,
} as const;

/** A day as the market writes it: '26 November 2026' in the UK and Europe (in English), 'November 26, 2026' in the US. */
export function formatMarketDate(isoDate: string, market: string | null): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO date: ${isoDate}`);
  return (market === 'us' ? marketDates.us : marketDates.gb).format(date);
}
