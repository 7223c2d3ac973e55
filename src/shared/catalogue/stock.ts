/** Stock status rules (spec point 4). The status is free text: anything unrecognised is shown neutral. */
export type Availability = 'InStock' | 'LimitedAvailability' | 'OutOfStock';
export type StockTone = 'in' | 'low' | 'out' | 'other';

/** Structured-data availability: In Stock, Low Stock, anything else OutOfStock. */
export function availability(stock: string): Availability {
  if (stock === 'In Stock') return 'InStock';
  if (stock === 'Low Stock') return 'LimitedAvailability';
  return 'OutOfStock';
}

/** Colour family of the status badge: green, amber, red, grey. */
export function stockTone(stock: string): StockTone {
  if (stock === 'In Stock') return 'in';
  if (stock === 'Low Stock') return 'low';
  if (stock === 'Out of Stock') return 'out';
  return 'other';
}

/** Only Out of Stock disables Buy; every other status leads to checkout. */
export function isPurchasable(stock: string): boolean {
  return stock !== 'Out of Stock';
}

/** 'Ships in 1-3 business days' is promised only for In Stock. */
export function shipsSoon(stock: string): boolean {
  return stock === 'In Stock';
}
