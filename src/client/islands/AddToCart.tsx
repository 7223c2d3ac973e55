import { AddToCartButton, type AddToCartProps } from '../components/add-to-cart-button';

/** The product page's Add to cart, beside Buy Now. */
export default function AddToCart(props: AddToCartProps) {
  return <AddToCartButton {...props} className="w-full sm:w-auto sm:min-w-48 sm:self-start" />;
}
