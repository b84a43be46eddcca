/**
 * A story's paragraphs: its text split at blank lines (a line of only spaces or tabs), empty
 * ones dropped. Paragraph i here is paragraph i of the server's `paragraphsOf`
 * (server/ai/paragraphs.ts): the voice's spans are numbered that way (contract/voice.ts).
 */
export function paragraphsOf(content: string): string[] {
  return content.split(/\n[ \t]*\n\s*/).filter((paragraph) => paragraph.trim() !== '');
}
