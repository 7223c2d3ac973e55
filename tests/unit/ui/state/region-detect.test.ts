import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_TIMEOUT_MS } from '#shared/region/detection.ts';
import { position } from '#ui/state/region-detect.ts';

/** A browser's geolocation whose answer the test gives (or never gives: a permission prompt left open). */
function geolocation(answer?: (ok: PositionCallback, fail: PositionErrorCallback) => void): Geolocation {
  return {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => answer?.(ok, fail!),
    watchPosition: () => 0,
    clearWatch: () => {},
  } as Geolocation;
}

describe("the browser's position for region detection", () => {
  it('gives up within the 5 s even when the browser never answers (its own timeout waits for the permission prompt)', async () => {
    vi.useFakeTimers();
    try {
      const asked = position(geolocation());
      const outcome = asked.then(
        () => 'answered',
        (err: Error) => err.message,
      );
      await vi.advanceTimersByTimeAsync(GEOLOCATION_TIMEOUT_MS - 1);
      expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatch(/^no position in time/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers with the coordinates, or the browser’s refusal, when it comes', async () => {
    const coords = { latitude: 51.5, longitude: -0.12 } as GeolocationCoordinates;
    await expect(position(geolocation((ok) => ok({ coords } as GeolocationPosition)))).resolves.toEqual({
      latitude: 51.5,
      longitude: -0.12,
    });
    const denied = { code: 1, message: 'User denied Geolocation' } as GeolocationPositionError;
    await expect(position(geolocation((_ok, fail) => fail(denied)))).rejects.toBe(denied);
  });
});
