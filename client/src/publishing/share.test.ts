import { describe, expect, it } from 'vitest';
import { shareSnippet } from '../../../contract/publishing.ts';
import { SHARE_TARGETS, sharePopupFeatures, shareUrl } from './share.ts';

const story = { pageUrl: 'https://saaga.example/published/summer-1985', title: 'Summer & the lake', snippet: 'We rowed…' };

describe('shareUrl', () => {
  it('builds each service’s address from the page URL, encoded', () => {
    const url = encodeURIComponent(story.pageUrl);
    expect(shareUrl('twitter', story)).toBe(`https://twitter.com/intent/tweet?text=Summer%20%26%20the%20lake&url=${url}`);
    expect(shareUrl('facebook', story)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(shareUrl('linkedin', story)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
    expect(new URL(shareUrl('whatsapp', story)).searchParams.get('text')).toBe(`Summer & the lake\n${story.pageUrl}`);
  });

  it('e-mails the title as subject and the snippet with the link as body', () => {
    const mail = shareUrl('email', story);
    expect(mail.startsWith('mailto:?')).toBe(true);
    const params = new URLSearchParams(mail.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Summer & the lake');
    expect(params.get('body')).toBe(`We rowed…\n\n${story.pageUrl}`);
  });

  it('names every target once', () => {
    expect(new Set(SHARE_TARGETS.map((target) => new URL(shareUrl(target, story)).protocol + new URL(shareUrl(target, story)).host)).size).toBe(5);
  });
});

describe('shareSnippet', () => {
  it('keeps a short text whole, spaces folded', () => {
    expect(shareSnippet('  We rowed\n\nacross   the lake. ')).toBe('We rowed across the lake.');
  });

  it('cuts at 150 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(149) + ' b' + 'c'.repeat(50);
    expect(shareSnippet(long)).toBe(`${'a'.repeat(149)}…`);
    expect(shareSnippet('x'.repeat(150))).toBe('x'.repeat(150));
    expect(shareSnippet('x'.repeat(151))).toBe(`${'x'.repeat(150)}…`);
  });
});

describe('sharePopupFeatures', () => {
  it('opens 550×420, centred on the window', () => {
    expect(sharePopupFeatures({ width: 1200, height: 900, left: 100, top: 50 })).toBe('width=550,height=420,left=425,top=290');
  });

  it('never starts off the screen on a small window', () => {
    expect(sharePopupFeatures({ width: 390, height: 300 })).toBe('width=550,height=420,left=0,top=0');
  });
});
