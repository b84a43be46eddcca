import { describe, expect, it } from 'vitest';
import { chapterHtml } from './chapterHtml.ts';

describe('chapterHtml', () => {
  it('renders paragraphs and emphasis', () => {
    expect(chapterHtml('Kesällä *1965* uimme.\n\nÅke souti.')).toBe('<p>Kesällä <em>1965</em> uimme.</p>\n<p>Åke souti.</p>\n');
  });

  it('shows the model\'s HTML as text and makes no links or images', () => {
    const html = chapterHtml('<img src=x onerror=alert(1)> [click](javascript:alert(1)) ![pic](http://example.com/a.png) <script>x</script>');
    expect(html).not.toMatch(/<img|<a |<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
