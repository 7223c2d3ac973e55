import type { Region } from '../region/region';
import { plainName } from './product';

// Hosted payment links, keyed by product name without the leading emoji (trimmed).
// PLACEHOLDERS: these test URLs are not real. The shop operator replaces them with
// the real hosted payment links before going live.
// 'BLUE GUN 1911' and 'BLUE GUN G17' have no catalogue product; they are kept on purpose.

export const paymentLinks: Readonly<Record<string, string>> = {
  'G-Series Laser Training Pistol': 'https://buy.stripe.com/test_UMaBFu8wmQZwQK5cp',
  'AR-Style Laser Training Rifle': 'https://buy.stripe.com/test_0esAkA9iNkS22ehd5cDhe',
  'Reactive Laser Target System': 'https://buy.stripe.com/test_EIRtzOix254k8LWTvEh',
  'Essential Laser Training Pistol': 'https://buy.stripe.com/test_DCgeSMe77ahd2Zx',
  'Bolt-Action Laser Training Rifle': 'https://buy.stripe.com/test_0DIsNz5nLIsbvH',
  'Pump-Action Laser Training Shotgun': 'https://buy.stripe.com/test_CaCJEk99NxKCrB22t4tYZ',
  '1911 Laser Training Pistol': 'https://buy.stripe.com/test_4jXQDJIBv5A60efTFDDg',
  'Compact Carry Laser Trainer': 'https://buy.stripe.com/test_U4CG49AgBZNAikWlridQHoX',
  'Recoil-Simulating Laser Training Pistol': 'https://buy.stripe.com/test_JUFrraFWG37i2E',
  'Marking Edge Training Knife': 'https://buy.stripe.com/test_osY0dDCgNDxJAZAMNH1FR',
  'Shock Feedback Training Knife': 'https://buy.stripe.com/test_24JHSlvzuvUDKE3rw60pyOj',
  'Pistol & Targets Starter Bundle': 'https://buy.stripe.com/test_qVb4R0w2PweJAJHzg4B5x5z',
  'Pro Pistol Training Bundle': 'https://buy.stripe.com/test_MRUOARioz1wK9rEgADH9SYK',
  'Instructor Training Bundle': 'https://buy.stripe.com/test_jzfCMOxeHP6vYzU',
  'Rifle & Targets Bundle': 'https://buy.stripe.com/test_IpfeyXQ374IRJJF9oE',
  'BLUE GUN 1911': 'https://buy.stripe.com/test_GE4tadgGS3gQPITS5Qxa',
  'BLUE GUN G17': 'https://buy.stripe.com/test_3kScZRzeXXsi0Y5AVgdnE',
};

// UK-specific links (GBP checkout); only a subset of products has one.
export const ukPaymentLinks: Readonly<Record<string, string>> = {
  'G-Series Laser Training Pistol': 'https://buy.stripe.com/test_dx36ie8w3awyJiCp4VyP',
  'AR-Style Laser Training Rifle': 'https://buy.stripe.com/test_yOJWnND2QtfKxGUm',
  'Reactive Laser Target System': 'https://buy.stripe.com/test_XwUIFR3fswVQtGPl7EGfx',
  '1911 Laser Training Pistol': 'https://buy.stripe.com/test_qkaoTxQxOR6Ffn9',
  'Recoil-Simulating Laser Training Pistol': 'https://buy.stripe.com/test_nZ0gcAJwRnHpqk18kjLQYA',
  'Marking Edge Training Knife': 'https://buy.stripe.com/test_Go7Cjz1FIUqHuFMqHMEyCsyc',
  'Pistol & Targets Starter Bundle': 'https://buy.stripe.com/test_cxvZw1tO1MQBAPsZJL',
  'Pro Pistol Training Bundle': 'https://buy.stripe.com/test_eHUMD13hltOHcgDr81v',
  'BLUE GUN 1911': 'https://buy.stripe.com/test_X7HMK777NH9PKYAiEwelpEK',
  'BLUE GUN G17': 'https://buy.stripe.com/test_HlBdZCdgwZ9m0Ha9USN',
};

type LinkMap = Readonly<Record<string, string>>;

/**
 * A link is found by the name without emoji, exactly, then case-insensitively, then
 * partially (the key contains the name or the name contains the key, ignoring case).
 */
export function findPaymentLink(map: LinkMap, name: string): string | null {
  const wanted = plainName(name);
  if (!wanted) return null;
  if (Object.hasOwn(map, wanted)) return map[wanted] ?? null;
  const lower = wanted.toLowerCase();
  const keys = Object.keys(map);
  const key =
    keys.find((k) => k.toLowerCase() === lower) ??
    keys.find((k) => {
      const candidate = k.toLowerCase();
      return candidate.includes(lower) || lower.includes(candidate);
    });
  return key === undefined ? null : (map[key] ?? null);
}

/** UK visitors use the UK map first, then the standard one; everyone else the standard one. */
export function resolvePaymentLink(
  name: string,
  region: Region,
  maps: { standard: LinkMap; uk: LinkMap } = { standard: paymentLinks, uk: ukPaymentLinks },
): string | null {
  return (region === 'UK' ? findPaymentLink(maps.uk, name) : null) ?? findPaymentLink(maps.standard, name);
}

/** Every payment link that sells this product (standard and UK): all of them stop when it sells out. */
export function productPaymentLinks(name: string, maps: LinkMap[] = [paymentLinks, ukPaymentLinks]): string[] {
  return [...new Set(maps.flatMap((m) => findPaymentLink(m, name) ?? []))];
}

/** Origins of every payment link: the CSP's form-action must allow them (the no-JS checkout redirects there). */
export function paymentLinkOrigins(maps: LinkMap[] = [paymentLinks, ukPaymentLinks]): string[] {
  return [...new Set(maps.flatMap((m) => Object.values(m).map((url) => new URL(url).origin)))];
}

/**
 * The payment provider's checkout session id on /thank-you (the purchase's transaction id). Only
 * Stripe's shape is accepted (cs_test_a1B2c3, cs_live_…), so junk never reaches analytics or Stripe.
 */
export function parseSessionId(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  return text && /^cs_(live|test)_[A-Za-z0-9_]{1,200}$/.test(text) ? text : null;
}
