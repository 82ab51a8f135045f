// The script that asks for the Chinese display face: run at the end of every page (and
// again after each client-side navigation, by DisplayFontLoader), it gathers the CJK
// characters of the text set in the display face, skips those already asked for, and
// adds one stylesheet naming the rest (server/fonts/display-font.ts). Text paints at once
// in the fallback; the few kilobytes of font swap in after. Without JavaScript, display
// text stays in the reader's own Chinese face.
import { maxPageCodePoints } from '@/server/fonts/display-font-limits';

/** The elements set in var(--font-display) by globals.css. */
export const displayTextSelector = 'h1,h2,h3,h4,.display,.site-header__brand,blockquote,.parallel__titles,.error-view__title';

export const displayFontScript = `(function(){var asked={};function load(){var fresh=[];document.querySelectorAll(${JSON.stringify(displayTextSelector)}).forEach(function(el){for(var ch of el.textContent||''){var cp=ch.codePointAt(0);if(cp>=0x2e80&&!asked[cp]){asked[cp]=1;fresh.push(cp);}}});if(!fresh.length)return;fresh.sort(function(a,b){return a-b;});fresh=fresh.slice(0,${maxPageCodePoints});var parts=[],prev=0;fresh.forEach(function(cp){parts.push((cp-prev).toString(36));prev=cp;});var link=document.createElement('link');link.rel='stylesheet';link.href='/fonts/serif-sc.css?c='+parts.join('.');document.head.appendChild(link);}window.__duetDisplayFont=load;load();})();`;
