const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** An email's HTML document around `body` (already HTML), in the style every email of the app has. */
export function emailDocument(body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f1f1f">\n${body}\n</body></html>`;
}

/** Lines of plain text as escaped HTML paragraphs. */
export function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
}
