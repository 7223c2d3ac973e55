/** The server's clock, read in one place: seconds (Stripe's and the holds' unit) and ISO text (the tables'). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const nowIso = (): string => new Date().toISOString();
