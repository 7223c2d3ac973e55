import { BuyButton, type BuyButtonProps } from '../components/buy-button';

/** The product page's Buy Now (or disabled Out of Stock) button. */
export default function BuyNow(props: BuyButtonProps) {
  return <BuyButton {...props} className="w-full sm:w-auto sm:min-w-48 sm:self-start" />;
}
