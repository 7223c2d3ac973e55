import type { Category } from './types';

// 'targets' is intentionally absent: it is a list filter handled elsewhere.
export const categories: readonly Category[] = [
  { id: 'pistols', name: 'Pistol Trainers' },
  { id: 'rifles', name: 'Rifle Trainers' },
  { id: 'knives', name: 'Training Knives' },
  { id: 'bundles', name: 'Training Bundles' },
];
