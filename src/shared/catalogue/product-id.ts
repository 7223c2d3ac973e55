/**
 * Spec point 5: the id in /product/{id} must parse as an integer. Only whole decimal numbers are
 * accepted ('1', '007'); '1.5', '1abc', '' and numbers beyond the safe range give null.
 */
export function parseProductId(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || !/^[+-]?\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
