import type { Category, CategoryId } from './types.ts';

/** Every category a product file may name (content/products/*.md `category`). */
export const CATEGORY_IDS = ['pistols', 'rifles', 'knives', 'bundles', 'targets'] as const satisfies readonly CategoryId[];

// 'targets' is intentionally absent: it is a list filter handled elsewhere.
export const categories: readonly Category[] = [
  { id: 'pistols', name: 'Pistol Trainers' },
  { id: 'rifles', name: 'Rifle Trainers' },
  { id: 'knives', name: 'Training Knives' },
  { id: 'bundles', name: 'Training Bundles' },
];
