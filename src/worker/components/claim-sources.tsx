import { claimSources } from '#shared/policy/figures.ts';
import { claimText } from '#shared/policy/text.ts';

/** Whose figures the trust claims are, under wherever they are shown (home's trust section, About). */
export function ClaimSources({ className }: { className: string }) {
  return (
    <p className={className} data-claim-sources="">
      Where the figures come from: {claimText.armedForces} is {claimSources.armedForces}; {claimText.shooters} shooters are{' '}
      {claimSources.shooters}; the {claimSources.social}.
    </p>
  );
}
