import type { ReactNode } from 'react';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { mapsUrl, officeHours, zoneName } from '#shared/policy/business-hours.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';

const linkClass = 'font-medium text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-red-700';

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-6">
      <h2 id={id} className="text-xl font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The right-hand column: how to reach the shop, when it answers (in each office's time), and WhatsApp (from shopInfo). */
export function ContactDetails() {
  return (
    <div className="space-y-6">
      <Block id="contact-info-heading" title="Contact Information">
        <dl className="mt-4 space-y-4 text-stone-700">
          <div>
            <dt className="text-sm font-semibold text-stone-900">Phone</dt>
            <dd>
              <a href={`tel:${shopInfo.phone.replace(/\s/g, '')}`} className={linkClass}>
                {shopInfo.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-stone-900">Email</dt>
            <dd>
              <a href={`mailto:${shopInfo.email}`} className={`${linkClass} break-all`}>
                {shopInfo.email}
              </a>
              <span className="block text-sm text-stone-600">{shopInfo.replyPromise}</span>
            </dd>
          </div>
        </dl>
      </Block>

      <Block id="contact-hours-heading" title="Business Hours">
        {/* One team answers: its hours as each office's clock reads them. */}
        {shopInfo.addresses.map((office) => (
          <div key={office.country} className="mt-4">
            <h3 className="text-sm font-semibold text-stone-900">
              {office.city} ({zoneName(office.timeZone)})
            </h3>
            <dl className="divide-y divide-stone-200 text-stone-700">
              {officeHours(office.timeZone).map((h) => (
                <div key={h.days} className="flex justify-between gap-4 py-2">
                  <dt>{h.days}</dt>
                  <dd className="font-medium text-stone-900">{h.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </Block>

      <Block id="contact-whatsapp-heading" title="Chat on WhatsApp">
        <p className="mt-2 text-stone-700">Prefer messaging? Chat with our team on WhatsApp.</p>
        <a
          href={shopInfo.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn mt-4 bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-700"
        >
          Chat with us on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Block>
    </div>
  );
}

/** Where the two offices are, each with a link that opens it in a maps app (no map is loaded into the page). */
export function FindUs() {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2">
      {shopInfo.addresses.map((office) => (
        <li key={office.country} className="rounded-lg border border-stone-200 bg-white p-6">
          <h3 className="font-semibold text-stone-900">
            {office.city}, {office.label}
          </h3>
          <PostalAddress lines={office.lines} className="mt-2 not-italic text-stone-700" />
          <a href={mapsUrl(office.lines)} target="_blank" rel="noopener noreferrer" className={`${linkClass} mt-3 inline-block`}>
            Open in Google Maps<span className="sr-only"> ({office.city}, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
