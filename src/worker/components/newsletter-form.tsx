import NewsletterSignUp from '#ui/islands/NewsletterSignUp.tsx';
import { Island } from '#worker/render/island.tsx';

/**
 * The Digest's sign-up where pages offer it (the sign-up page, every article): a plain form that
 * works without JavaScript, hydrated on the first interaction to answer in place.
 */
export function NewsletterForm(props: { email?: string; problem?: string; heading?: string }) {
  return <Island name="NewsletterSignUp" component={NewsletterSignUp} props={props} hydrate="interaction" />;
}
