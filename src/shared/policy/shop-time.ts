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
