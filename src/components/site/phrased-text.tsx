// A Chinese display text (a title, the site's name) set so a line breaks only between
// words: the server cuts it into phrases (core/typography/phrases.ts) and puts <wbr>
// between them; `.phrased` (globals.css) forbids every other break inside Chinese words.
// Text in another language is returned as it is.
import { Fragment } from 'react';
import { hasHan, splitPhrases } from '@/core/typography/phrases';

export function PhrasedText({ text, lang }: { text: string; lang: string }) {
  if (!lang.startsWith('zh') || !hasHan(text)) return text;
  return (
    <span className="phrased">
      {splitPhrases(text).map((phrase, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
