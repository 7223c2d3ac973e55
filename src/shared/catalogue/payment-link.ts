import type { Region } from '../region';
import { plainName } from './names';
import { paymentLinks, ukPaymentLinks } from './payment-links';

type LinkMap = Readonly<Record<string, string>>;

/**
 * Spec point 7: a link is found by the name without emoji, exactly, then case-insensitively, then
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

/** Origins of every payment link: the CSP's form-action must allow them (the no-JS checkout redirects there). */
export function paymentLinkOrigins(maps: LinkMap[] = [paymentLinks, ukPaymentLinks]): string[] {
  return [...new Set(maps.flatMap((m) => Object.values(m).map((url) => new URL(url).origin)))];
}
