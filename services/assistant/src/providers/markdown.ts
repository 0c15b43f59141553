/** Text from members or staff placed into Markdown as text: every character Markdown or HTML could act on is escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (character) => `\\${character}`).replace(/\s+/g, ' ');
}

/** A link target of the member site: relative paths from search are already encoded; parentheses would end it. */
export function markdownUrl(url: string): string {
  return url.replace(/[()\s<>]/g, (character) => encodeURIComponent(character));
}
