import type { ExportFormat } from '../../../contract/autobiography.ts';

export const EXPORT_TYPES: Record<ExportFormat, { extension: string; mimeType: string }> = {
  markdown: { extension: 'md', mimeType: 'text/markdown; charset=utf-8' },
  epub: { extension: 'epub', mimeType: 'application/epub+zip' },
  pdf: { extension: 'pdf', mimeType: 'application/pdf' },
};

/**
 * `Content-Disposition: attachment` with a safe name: an ASCII one from the title
 * (letters folded, anything else a dash) and the exact title in `filename*`.
 */
export function attachmentHeader(title: string, format: ExportFormat): string {
  const { extension } = EXPORT_TYPES[format];
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'autobiography';
  const exact = title.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').trim().slice(0, 120) || 'autobiography';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${exact}.${extension}`)}`;
}
