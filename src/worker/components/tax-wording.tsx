import { policyPricesBasis, policyPricesNote } from '#shared/policy/text.ts';
import { regionalTaxSentence } from '#shared/offers/tax.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/** Whether Stripe Tax is on for this deployment (STRIPE_TAX=on): what the pages say about tax follows it. */
export function useTaxOn(): boolean {
  return useRequestInfo().settings.STRIPE_TAX === 'on';
}

/** 'in GBP (£) and exclude taxes' or '… include UK VAT', as the deployment charges. */
export function PolicyPricesBasis() {
  const taxOn = useTaxOn();
  const regional = regionalTaxSentence(taxOn);
  return (
    <>
      {policyPricesBasis(taxOn)}
      {regional && `. ${regional.replace(/\.$/, '')}`}
    </>
  );
}

export function PolicyPricesNote() {
  return <>{policyPricesNote(useTaxOn())}</>;
}
