/** "1 slot", "2 slots" (or an irregular `pluralNoun`): a count with its noun, for messages and audit summaries. */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
