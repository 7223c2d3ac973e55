import { shopInfo } from '#shared/policy/shop-info.ts';

const format = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: shopInfo.timeZone,
  timeZoneName: 'short',
});

/** A moment as the shop's people read it: '26 Nov 2026, 18:21 GMT' in the shop's own time zone (the back office, the owner's mails). */
export function shopTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format.format(at);
}

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: shopInfo.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop's calendar day at a moment, as YYYY-MM-DD (in Leeds, not UTC: after midnight in summer it is already tomorrow there). */
export const shopDate = (at = Date.now()): string => isoDay.format(at);

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as the back office reads it: '28 Nov 2026' (a day, not a moment: no time zone moves it). */
export function shopDay(day: string): string {
  const at = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dayFormat.format(at);
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: shopInfo.timeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The shop's wall clock at `ms`: its date, weekday (0 Monday) and how far it runs ahead of UTC (ms). */
function wallClock(ms: number) {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  const [y, m, d] = [Number(p.year), Number(p.month), Number(p.day)];
  const asUtc = Date.UTC(y, m - 1, d, Number(p.hour), Number(p.minute), Number(p.second));
  return { y, m, d, weekday: WEEKDAYS.indexOf(p.weekday ?? ''), offset: asUtc - Math.floor(ms / 1000) * 1000 };
}

/** The instant the shop's day `daysBack` days before this one began (midnight in its time zone), as ISO. */
function shopMidnight(now: number, daysBack: number): string {
  const { y, m, d } = wallClock(now);
  const midnight = Date.UTC(y, m - 1, d - daysBack);
  // The offset at that midnight, not now's: a week may cross a clock change.
  return new Date(midnight - wallClock(midnight - wallClock(midnight).offset).offset).toISOString();
}

/** Where the shop's today and this week (from Monday) began, as ISO instants: what the back office counts sales from. */
export function shopPeriods(now = Date.now()): { today: string; week: string } {
  return { today: shopMidnight(now, 0), week: shopMidnight(now, wallClock(now).weekday) };
}

const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: shopInfo.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as a form's datetime-local value in the shop's time zone ('2026-12-02T09:30'). */
export function shopLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = Object.fromEntries(localParts.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The shop's zone's offset at a whole minute: what the wall clock there reads, less the UTC reading. */
const offsetAt = (at: number) => Date.parse(`${shopLocalInput(new Date(at).toISOString())}:00Z`) - at;

/**
 * A datetime-local value read in the shop's time zone, as an ISO moment (null when it is not one):
 * '2026-07-01T09:00' is 08:00Z in Leeds' summer. A value with its own zone (`Z`, `+01:00`) is taken as it says.
 */
export function fromShopLocal(value: string): string | null {
  const text = value.trim();
  if (/(Z|[+-]\d\d:\d\d)$/i.test(text)) {
    const at = Date.parse(text);
    return Number.isNaN(at) ? null : new Date(at).toISOString();
  }
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d))?$/.exec(text);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}
