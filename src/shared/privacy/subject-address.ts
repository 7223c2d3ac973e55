/** An address as the shop keeps them: one "@" with something either side, no spaces, at most 254 characters. */
const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** The address a privacy request is about (the command line's and the back office's), trimmed; null when it is not one. */
export function readSubjectAddress(value: string | undefined): string | null {
  const address = value?.trim() ?? '';
  return address.length <= 254 && ADDRESS.test(address) ? address : null;
}
