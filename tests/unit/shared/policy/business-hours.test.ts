import { describe, expect, it } from 'vitest';
import { mapsUrl, officeHours, shopClockIn } from '#shared/policy/business-hours.ts';

describe('the shop’s hours in another office’s time', () => {
  it('reads the offsets from the time zone data on that day, summer and winter', () => {
    expect(shopClockIn('09:00', 'Europe/Vilnius', new Date('2026-01-15T12:00:00Z'))).toBe('11:00');
    expect(shopClockIn('09:00', 'Europe/Vilnius', new Date('2026-07-15T12:00:00Z'))).toBe('11:00');
    expect(shopClockIn('09:00', 'Europe/London', new Date('2026-07-15T12:00:00Z'))).toBe('9:00');
    // New York moves its clocks three weeks before London: an hour less apart then.
    expect(shopClockIn('09:00', 'America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('4:00');
    expect(shopClockIn('09:00', 'America/New_York', new Date('2026-03-16T12:00:00Z'))).toBe('5:00');
    expect(shopClockIn('01:00', 'America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('20:00');
  });

  it('gives each row of the week, closed days as Closed', () => {
    expect(officeHours('Europe/Vilnius', new Date('2026-11-28T12:00:00Z'))).toEqual([
      { days: 'Monday – Friday', hours: '11:00 – 20:00' },
      { days: 'Saturday', hours: '12:00 – 18:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('opens an address in a maps search', () => {
    expect(mapsUrl(['Savanorių pr. 178', '03154 Vilnius'])).toBe(
      'https://www.google.com/maps/search/?api=1&query=Savanori%C5%B3%20pr.%20178%2C%2003154%20Vilnius',
    );
  });
});
