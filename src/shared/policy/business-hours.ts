import { shopInfo } from './shop-info.ts';

/**
 * The shop's hours (kept in its own time, shopInfo.timeZone) as a clock in another time zone reads
 * them on a given day: Vilnius is two hours ahead of Leeds all year (both change their clocks on the
 * same night), but the offsets are read from the platform's time zone data, never assumed.
 */

/** A zone's offset from UTC in minutes at an instant, e.g. 60 for London in summer. */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** "09:00" in the shop's time as a clock in `timeZone` shows it on the day of `at`, e.g. "11:00". */
export function shopClockIn(time: string, timeZone: string, at: Date): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const shift = offsetMinutes(timeZone, at) - offsetMinutes(shopInfo.timeZone, at);
  const minutes = (((h * 60 + m + shift) % 1440) + 1440) % 1440;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The zone's short name as people say it ("UK time", "Lithuanian time"). */
const ZONE_NAMES: Readonly<Record<string, string>> = { 'Europe/London': 'UK time', 'Europe/Vilnius': 'Lithuanian time' };
export const zoneName = (timeZone: string) => ZONE_NAMES[timeZone] ?? timeZone;

/** One office's week (as its clocks read this week, unless `at` says another day): each row's days and hours, e.g. "11:00 – 20:00" or "Closed". */
export function officeHours(timeZone: string, at = new Date()): Array<{ days: string; hours: string }> {
  return shopInfo.businessHours.map((row) => ({
    days: row.days,
    hours: row.opens && row.closes ? `${shopClockIn(row.opens, timeZone, at)} – ${shopClockIn(row.closes, timeZone, at)}` : 'Closed',
  }));
}

/** An address as Google Maps' search opens it (the Maps URLs API: no key, no script in the page). */
export const mapsUrl = (lines: readonly string[]) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lines.join(', '))}`;
