import { carriersFor, OTHER_CARRIER } from '#shared/orders/carriers.ts';
import type { Currency } from '#shared/region/region.ts';
import { Choice, Field } from './admin-ui.tsx';

/**
 * A parcel's fields, for an order and for an exchange alike: the carrier from the market's list (or
 * another, named with its tracking page) and the tracking number; what was typed kept after a refusal.
 */
export function ParcelFields({ currency, typed }: { currency: Currency; typed: Record<string, string> }) {
  return (
    <>
      <Choice
        label="Carrier"
        name="carrier"
        choose="Choose the carrier"
        options={[
          ...carriersFor(currency).map((c) => ({ value: c.id, label: c.name })),
          { value: OTHER_CARRIER, label: 'Another carrier (name it below)' },
        ]}
        defaultValue={typed.carrier}
      />
      <Field label="Tracking number" name="tracking" required maxLength={64} defaultValue={typed.tracking} autoCapitalize="characters" />
      {/* Folded away (no script: a native disclosure) so the button stays in a phone's first screen. */}
      <details className="text-sm" open={Boolean(typed.other_carrier || typed.url)}>
        <summary className="cursor-pointer underline">Another carrier: its name and tracking page</summary>
        <div className="mt-2 flex flex-col gap-3">
          <Field label="Carrier’s name" name="other_carrier" maxLength={64} defaultValue={typed.other_carrier} />
          <Field label="Tracking page for this parcel" name="url" type="url" defaultValue={typed.url} placeholder="https://" />
        </div>
      </details>
    </>
  );
}

/** The parcel a form's fields name, as the shipping actions take it. */
export const parcelTyped = (fields: Record<string, string>) => ({
  carrier: fields.carrier ?? null,
  otherName: fields.other_carrier ?? null,
  tracking: fields.tracking ?? null,
  url: fields.url ?? null,
});
