import type { Language } from '../../contract/languages.ts';
import type { Message } from './letter.ts';

/** A message with its HTML part: the text part stays whole for mail programs that show only text. */
export interface HtmlMessage extends Message {
  html: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML part of a letter (letter.ts), plain and short: its paragraphs as written, with one
 * big link (a button a thumb can hit) and an optional image (a story's cover, by its https
 * address), and a footer line with its link (how to stop these e-mails). Every value is escaped: a story's
 * title or a relative's question is text, never markup.
 */
export function htmlLetter(
  language: Language,
  message: Message,
  parts: { button?: { label: string; url: string }; image?: { url: string; alt: string }; footer?: string; footerLink?: { label: string; url: string } },
): HtmlMessage {
  const paragraphs = message.text.split('\n\n').map((block) => `<p style="margin:0 0 16px">${escape(block).replace(/\n/g, '<br>')}</p>`);
  const image = parts.image ? `<p style="margin:0 0 16px"><img src="${escape(parts.image.url)}" alt="${escape(parts.image.alt)}" width="400" style="max-width:100%;height:auto;border-radius:8px"></p>` : '';
  const button = parts.button
    ? `<p style="margin:24px 0"><a href="${escape(parts.button.url)}" style="display:inline-block;padding:16px 28px;background:#8a4b2a;color:#ffffff;text-decoration:none;border-radius:8px;font-size:18px;font-weight:bold">${escape(parts.button.label)}</a></p>`
    : '';
  const footerLink = parts.footerLink ? ` <a href="${escape(parts.footerLink.url)}" style="color:#666">${escape(parts.footerLink.label)}</a>` : '';
  const footer = parts.footer || footerLink ? `<p style="margin:32px 0 0;font-size:13px;color:#666">${escape(parts.footer ?? '')}${footerLink}</p>` : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(message.subject)}</title></head><body style="margin:0;padding:24px;font-family:Georgia,serif;font-size:17px;line-height:1.5;color:#222;background:#fbf8f3"><div style="max-width:560px;margin:0 auto">${image}${paragraphs.join('')}${button}${footer}</div></body></html>`;
  return { ...message, html };
}
