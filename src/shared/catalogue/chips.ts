/** Product-card feature chips (spec point 9): 3 shown, each cut to 20 characters plus '...', then '+N more'. */
export const CHIPS_SHOWN = 3;
export const CHIP_LENGTH = 20;

export function truncateChip(text: string): string {
  return text.length > CHIP_LENGTH ? `${text.slice(0, CHIP_LENGTH)}...` : text;
}

export function featureChips(features: readonly string[]): { chips: string[]; more: number } {
  return {
    chips: features.slice(0, CHIPS_SHOWN).map(truncateChip),
    more: Math.max(0, features.length - CHIPS_SHOWN),
  };
}
