import { ClaimSources } from '#worker/components/claim-sources.tsx';
import type { ReactNode } from 'react';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { claimText } from '#shared/policy/text.ts';
import { site } from '#shared/site/brand.ts';
import { awards, mission, team, testimonials, values } from './about-content.ts';
import { staticHead } from '#worker/render/head.ts';
import { ShopOrAskLinks } from '#worker/components/shop-or-ask-links.tsx';

const stats = [
  { value: claimText.shooters, label: 'shooters train with our equipment' },
  { value: claimText.armedForces, label: 'of a national armed forces use our systems' },
  { value: claimText.followers, label: 'followers across our social channels' },
  { value: claimText.likes, label: 'likes from the training community' },
] as const;

function AboutSection(props: { id: string; title: string; className?: string; children: ReactNode }) {
  const { id, title, className, children } = props;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0])
    .join('');
}

export function Page() {
  return (
    <>
      <section className="bg-stone-900 text-stone-100">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-5xl">About {site.brand}</h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-stone-300">{site.tagline}</p>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-16">
        <AboutSection id="about-mission" title="Our Mission">
          <p className="mt-4 max-w-3xl text-lg leading-8 text-stone-700">{mission}</p>
          {/* Value then label reads as one phrase: '1,200+ shooters train with our equipment'. */}
          <ul className="mt-10 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
            {stats.map((s) => (
              <li key={s.label} className="rounded-lg border border-stone-200 bg-white p-4">
                <span className="block text-3xl font-bold text-red-700">{s.value}</span>{' '}
                <span className="mt-1 block text-sm text-stone-700">{s.label}</span>
              </li>
            ))}
          </ul>
          <ClaimSources className="mt-4 text-xs text-stone-600" />
        </AboutSection>

        <AboutSection id="about-values" title="Our Values">
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {values.map((v) => (
              <li key={v.title} className="rounded-lg border border-stone-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-stone-900">{v.title}</h3>
                <p className="mt-2 leading-7 text-stone-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </AboutSection>

        <AboutSection id="about-team" title="Meet the Team">
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {team.map((m) => (
              <li key={m.name} className="rounded-lg border border-stone-200 bg-white p-6">
                <span
                  aria-hidden="true"
                  className="flex size-14 items-center justify-center rounded-full bg-stone-800 text-lg font-bold text-white"
                >
                  {initials(m.name)}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-stone-900">{m.name}</h3>
                <p className="text-sm font-medium text-red-700">{m.role}</p>
                <p className="mt-3 text-sm leading-6 text-stone-700">{m.bio}</p>
              </li>
            ))}
          </ul>
        </AboutSection>

        <AboutSection id="about-testimonials" title="What Our Customers Say">
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-6">
                  <blockquote className="flex-1 leading-7 text-stone-800">
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-stone-900">{t.name}</span>
                    <span className="text-stone-600">, {t.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </AboutSection>

        <AboutSection id="about-awards" title="Awards and Recognition">
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {awards.map((a) => (
              <li key={a.title} className="rounded-lg border-l-4 border-red-700 bg-white p-6 shadow-sm">
                <p className="text-sm font-semibold text-stone-600">{a.year}</p>
                <h3 className="mt-1 text-lg font-semibold text-stone-900">{a.title}</h3>
                <p className="mt-2 text-sm leading-6 text-stone-700">{a.detail}</p>
              </li>
            ))}
          </ul>
        </AboutSection>

        <AboutSection id="about-cta" title="Start training smarter" className="rounded-lg bg-stone-100 p-8 text-center">
          <p className="mx-auto mt-3 max-w-2xl text-stone-700">
            Browse our laser pistols, rifles, targets and bundles, or ask our team which set-up suits your training.
          </p>
          <ShopOrAskLinks shopLabel="Shop Products" className="mt-6" />
        </AboutSection>
      </div>
    </>
  );
}

export const head = staticHead({
  path: '/about',
  title: 'About Us',
  description: `${site.brand}: laser and dry-fire training systems for military, law enforcement and civilian shooters. Our mission, values, team and awards.`,
  jsonLd: (page) => webPageJsonLd(page, { type: 'AboutPage' }),
});
