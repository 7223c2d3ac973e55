/** What an owed mail's row says of it: both e-mails went, one of them, or neither ('pending' until first tried). */
export type DeliveryStatus = 'success' | 'partial' | 'failed';

/** The outcome once both e-mails' fates are known (a contact message's and an order's alike). */
export function deliveryStatus(notified: boolean, confirmed: boolean): DeliveryStatus {
  return notified && confirmed ? 'success' : notified || confirmed ? 'partial' : 'failed';
}
