import type { Sku } from '@crossmart/contract';

/** Chosen value per spec name (spec picker state). */
export type Choice = Record<string, string>;

function matches(sku: Sku, choice: Choice): boolean {
  return Object.entries(choice).every(([name, value]) =>
    sku.specs.some((pair) => pair.name === name && pair.value === value),
  );
}

/** The SKU the choice designates once every spec name has a value (the only SKU without specs). */
export function chosenSku(skus: readonly Sku[], specNames: readonly string[], choice: Choice): Sku | undefined {
  if (specNames.some((name) => !choice[name])) return undefined;
  return skus.find((sku) => matches(sku, choice));
}

/**
 * Whether a value can still be chosen: some SKU in stock has it together with the other names'
 * current choices (so sold-out combinations show disabled).
 */
export function isAvailable(skus: readonly Sku[], choice: Choice, name: string, value: string): boolean {
  const trial: Choice = { ...choice, [name]: value };
  return skus.some((sku) => sku.stock > 0 && matches(sku, trial));
}

/** Lowest and highest price among the SKUs that fit the choice so far. */
export function priceRange(skus: readonly Sku[], choice: Choice): { min: number; max: number } {
  const fitting = skus.filter((sku) => matches(sku, choice));
  const prices = (fitting.length > 0 ? fitting : skus).map((sku) => sku.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
