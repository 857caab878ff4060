/** Contract fraction bounds (docs/product.md#working-patterns): 0.05 to 1, two decimals. */
export const MIN_FTE = 0.05;
export const MAX_FTE = 1;
