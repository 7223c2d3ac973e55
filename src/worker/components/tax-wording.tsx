import { policyPricesBasis, policyPricesNote } from '#shared/policy/text.ts';
import { regionalTaxSentence } from '#shared/offers/tax.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { currencyByRegion } from '#shared/region/region.ts';

/** Whether Stripe Tax is on for this deployment (STRIPE_TAX=on): what the pages say about tax follows it. */
export function useTaxOn(): boolean {
  return useRequestInfo().settings.STRIPE_TAX === 'on';
}

/** The currency the visitor's prices are in (their market or region): a policy page quotes its figures in it. */
const usePageCurrency = () => currencyByRegion[useRequestInfo().region.region];

/** 'in EUR (€) and exclude taxes' or '… include VAT', in the visitor's currency, as the deployment charges. */
export function PolicyPricesBasis() {
  const taxOn = useTaxOn();
  const regional = regionalTaxSentence(taxOn);
  return (
    <>
      {policyPricesBasis(taxOn, usePageCurrency())}
      {regional && `. ${regional.replace(/\.$/, '')}`}
    </>
  );
}

export function PolicyPricesNote() {
  return <>{policyPricesNote(useTaxOn(), usePageCurrency())}</>;
}
