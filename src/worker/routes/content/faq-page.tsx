import { faqPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { staticHead } from '#worker/render/head.ts';
import { faqItems, faqSections, type FaqSection } from './faq-content.ts';
import { useHref } from '#ui/state/market-context.ts';

/** Native exclusive accordion: details elements sharing a name open one at a time, with no JavaScript. */
const ACCORDION_NAME = 'faq-sections';

function FaqAccordionSection({ section, open }: { section: FaqSection; open: boolean }) {
  return (
    <details name={ACCORDION_NAME} open={open} id={section.id} className="group rounded-lg border border-stone-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-5 py-4 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 [&::-webkit-details-marker]:hidden">
        <h2 className="text-xl font-semibold text-stone-900">{section.title}</h2>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="20"
          height="20"
          className="shrink-0 text-stone-600 transition-transform group-open:rotate-180"
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="space-y-6 border-t border-stone-200 px-5 py-5">
        {section.items.map((item) => (
          <div key={item.question}>
            <h3 className="font-semibold text-stone-900">{item.question}</h3>
            <p className="mt-2 leading-7 text-stone-700">{item.answer}</p>
          </div>
        ))}
      </div>
    </details>
  );
}

export function Page() {
  const to = useHref();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-4 text-lg leading-8 text-stone-700">
        Answers about our laser trainers, orders and shipping, returns and technical support. Select a topic to open it.
      </p>
      <div className="mt-10 space-y-4">
        {faqSections.map((section, i) => (
          <FaqAccordionSection key={section.id} section={section} open={i === 0} />
        ))}
      </div>
      <section aria-labelledby="faq-contact" className="mt-12 rounded-lg bg-stone-900 px-6 py-8 text-stone-100">
        <h2 id="faq-contact" className="text-2xl font-bold text-white">
          Still have questions?
        </h2>
        <p className="mt-3 text-stone-300">Our support team is happy to help.</p>
        <dl className="mt-6 flex flex-wrap gap-x-10 gap-y-4">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-stone-400">E-mail</dt>
            <dd className="mt-1">
              <a href={`mailto:${shopInfo.email}`} className="break-words text-white underline hover:text-red-300">
                {shopInfo.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-stone-400">Phone</dt>
            <dd className="mt-1">
              <a href={`tel:${shopInfo.phone.replaceAll(' ', '')}`} className="text-white underline hover:text-red-300">
                {shopInfo.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-stone-400">Hours</dt>
            <dd className="mt-1">{shopInfo.supportHours}</dd>
          </div>
        </dl>
        <p className="mt-6">
          <a href={to('/contact')} className="btn btn-primary">
            Contact Us
          </a>
        </p>
      </section>
    </div>
  );
}

export const head = staticHead({
  path: '/faq',
  title: 'Frequently Asked Questions',
  description:
    'Answers about laser training guns, app compatibility, battery life, delivery times, payment, returns, warranty and technical support.',
  jsonLd: (page) => faqPageJsonLd(page, faqItems),
});
