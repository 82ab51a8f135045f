// KaTeX's stylesheet, for a page whose rendered text holds math and for no other: React
// hoists the link into <head>, once however many bodies ask for it, and the fonts it names
// are fetched only for the faces the page draws. Served by /fonts/katex (self-hosted).
import katexAssets from '@/generated/katex/manifest.json';

/** True when rendered HTML holds KaTeX output (rehype-math.ts). */
export function hasMath(html: string): boolean {
  return html.includes('class="katex"') || html.includes('class="katex-display"');
}

export function MathStylesheet({ html }: { html: string | readonly (string | null | undefined)[] }) {
  const texts = typeof html === 'string' ? [html] : html;
  if (!texts.some((text) => text && hasMath(text))) return null;
  return <link rel="stylesheet" href={katexAssets.css} precedence="katex" />;
}
