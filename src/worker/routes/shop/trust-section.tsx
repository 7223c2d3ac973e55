import { ClaimSources } from '#worker/components/claim-sources.tsx';
import { certifications, returnsPolicy, WARRANTY_MONTHS } from '#shared/policy/figures.ts';
import { claimText, returnWindowText, warrantyText } from '#shared/policy/text.ts';
import { site } from '#shared/site/brand.ts';

const trustCards = [
  {
    title: 'Trusted by Professionals',
    text: `Used by ${claimText.armedForces} of a national armed forces, and by police and civilian instructors.`,
  },
  { title: 'Certified Laser Safety', text: certifications.join('. ') + '.' },
  {
    title: `${returnsPolicy.windowDays}-Day Returns`,
    text: `Changed your mind? Return an item ${returnsPolicy.condition} within ${returnWindowText}.`,
  },
  {
    title: `${WARRANTY_MONTHS}-Month Warranty`,
    text: `Every trainer is covered against manufacturing defects for ${warrantyText}.`,
  },
] as const;

const badges = [
  { figure: claimText.shooters, label: 'shooters trained' },
  { figure: claimText.followers, label: 'followers' },
  { figure: claimText.likes, label: 'likes' },
  { figure: claimText.armedForces, label: 'of a national armed forces' },
] as const;

/** Why Trust: four trust cards and the badges (figures from the claims module). */
export function TrustSection() {
  return (
    <section aria-labelledby="trust-heading" className="bg-stone-900 py-16 text-stone-50">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-heading" className="text-center text-3xl font-bold tracking-tight">
          Why Trust {site.brand}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {trustCards.map((card) => (
            <li key={card.title} className="rounded-lg border border-stone-700 bg-stone-800 p-6">
              <h3 className="text-lg font-semibold">{card.title}</h3>
              <p className="mt-2 text-sm text-stone-300">{card.text}</p>
            </li>
          ))}
        </ul>
        <ul aria-label="In numbers" className="mt-10 grid grid-cols-2 gap-6 text-center md:grid-cols-4">
          {badges.map((badge) => (
            <li key={badge.label}>
              <p className="text-3xl font-black text-red-400">{badge.figure}</p>
              <p className="mt-1 text-sm text-stone-300">{badge.label}</p>
            </li>
          ))}
        </ul>
        <ClaimSources className="mx-auto mt-6 max-w-3xl text-center text-xs text-stone-400" />
        <ul aria-label="Certifications" className="mt-8 flex flex-wrap justify-center gap-3">
          {certifications.map((c) => (
            <li key={c} className="rounded-full border border-stone-600 px-4 py-1 text-sm text-stone-200">
              {c}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
