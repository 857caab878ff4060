const formats = new Map<number, Intl.NumberFormat>();

/**
 * A number in en-GB with at most `maxDecimals` decimal places, none when they would be zeros:
 * 2.5, 3, 1,024. Each formatter is made on first use, not when a module loads: a page's first
 * Intl object costs 10-15 ms of a phone's main thread (ICU's locale data), and modules are
 * evaluated on pages that never format a number (file-size.ts was merged into the landing
 * page's chunk).
 */
export function formatDecimal(value: number, maxDecimals = 1): string {
  let format = formats.get(maxDecimals);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: maxDecimals });
    formats.set(maxDecimals, format);
  }
  return format.format(value);
}
