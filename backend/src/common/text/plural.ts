/** "1 slot", "2 slots": a count with its noun, for messages and audit summaries. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
