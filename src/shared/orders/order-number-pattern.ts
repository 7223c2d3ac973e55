/** An order number as the shop makes them (SP-7K2M-9QX4, Crockford's letters; a long form on a clash), as pattern text. */
export const ORDER_NUMBER_TEXT = 'SP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4})?';
/** An order number, whole. */
export const ORDER_NUMBER = new RegExp(`^${ORDER_NUMBER_TEXT}$`);
