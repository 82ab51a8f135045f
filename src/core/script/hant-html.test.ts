// The Traditional copy of a page (hant-html.ts, hant-flight.ts) with OpenCC's real tables:
// running text converted by phrase, with Taiwan's or Hong Kong's words; code, preformatted
// text, scripts, styles, attributes, URLs, `translate="no"` and the glossary's kept names
// untouched; links to Chinese pages kept in the variant; the inline RSC payload converted
// by the same rules, so hydration finds the same text.
import { Converter } from 'opencc-js/cn2t';
import { describe, expect, it } from 'vitest';
import { convertFlight, utf8Length } from './hant-flight';
import { convertHtml, type HantConversion } from './hant-html';
import { fromHantPath, hasHantVariant, toHantPath } from './hant-paths';
import { protectNames } from './hant-text';

const tw = Converter({ from: 'cn', to: 'twp' });
const hk = Converter({ from: 'cn', to: 'hk' });
const taiwan: HantConversion = { convertText: protectNames(tw, ['飞书']) };

describe('convertHtml', () => {
  it('converts running text by phrase, in Taiwan’s words', () => {
    expect(convertHtml('<p>软件的信息</p>', taiwan)).toBe('<p>軟體的資訊</p>');
    expect(convertHtml('<h1>鼠标和内存</h1>', taiwan)).toBe('<h1>滑鼠和記憶體</h1>');
  });

  it('uses Hong Kong’s words when the site chose them', () => {
    expect(convertHtml('<p>软件的信息</p>', { convertText: hk })).toBe('<p>軟件的信息</p>');
  });

  it('leaves code, preformatted text, scripts and styles as written', () => {
    const html = '<p>软件</p><pre><code class="language-js">// 软件 <span>信息</span>\nconst 信息 = 1;</code></pre><p>见<code>软件</code>和<kbd>信息</kbd></p><script>var a="软件<b>";</script><style>.x::after{content:"软件"}</style>';
    expect(convertHtml(html, taiwan)).toBe('<p>軟體</p><pre><code class="language-js">// 软件 <span>信息</span>\nconst 信息 = 1;</code></pre><p>見<code>软件</code>和<kbd>信息</kbd></p><script>var a="软件<b>";</script><style>.x::after{content:"软件"}</style>');
  });

  it('leaves attributes, and what is marked translate="no", as written', () => {
    expect(convertHtml('<img alt="软件" src="/images/软件.png"><a title="信息" href="https://example.com/软件">软件</a>', taiwan)).toBe('<img alt="软件" src="/images/软件.png"><a title="信息" href="https://example.com/软件">軟體</a>');
    expect(convertHtml('<span translate="no">简<b>软件</b></span>软件', taiwan)).toBe('<span translate="no">简<b>软件</b></span>軟體');
  });

  it('keeps the glossary’s do-not-translate names', () => {
    expect(convertHtml('<p>飞书的软件，发布</p>', taiwan)).toBe('<p>飞书的軟體，釋出</p>');
  });

  it('keeps the reader in the variant: Chinese links and forms point at it, others do not', () => {
    const html = '<a href="/zh/posts/hello?x=1#top">文</a><a href="/zh">首页</a><a href="/en/posts/hello">EN</a><a href="/zh/feed.xml">订阅</a><a href="/zh/studio">写作</a><a href="/zh/posts/a" hreflang="zh-Hans">简</a><a hreflang="zh" href="/zh/posts/b">文</a><form action="/zh/search"></form><link rel="canonical" href="https://site.example/zh/posts/hello">';
    expect(convertHtml(html, taiwan)).toBe('<a href="/zh/hant/posts/hello?x=1#top">文</a><a href="/zh/hant">首頁</a><a href="/en/posts/hello">EN</a><a href="/zh/feed.xml">訂閱</a><a href="/zh/studio">寫作</a><a href="/zh/posts/a" hreflang="zh-Hans">簡</a><a hreflang="zh" href="/zh/hant/posts/b">文</a><form action="/zh/hant/search"></form><link rel="canonical" href="https://site.example/zh/posts/hello">');
  });

  it('says lang="zh-Hant" on the document, leaves comments and declarations alone', () => {
    expect(convertHtml('<!DOCTYPE html><html lang="zh" style="--a:1"><!-- 软件 --><body>软件 < 信息</body></html>', taiwan)).toBe('<!DOCTYPE html><html lang="zh-Hant" style="--a:1"><!-- 软件 --><body>軟體 < 資訊</body></html>');
  });

  it('converts the page’s inline RSC payload by the same rules, in one chunk at the first one’s place', () => {
    const rows = '0:["$","html",null,{"lang":"zh","children":["$","body",null,{"children":[["$","h1",null,{"children":"软件"}],["$","$L1",null,{"href":"/zh/tags/x","label":"信息","children":"软件"}],["$","pre",null,{"children":["$","code",null,{"children":"软件"}]}],["$","div",null,{"dangerouslySetInnerHTML":{"__html":"<p>信息</p><code>信息</code>"}}]]}]}]\n';
    const chunks = [rows.slice(0, 40), rows.slice(40)];
    const html = `<html lang="zh"><body><h1>软件</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script>${chunks.map((c) => `<script>self.__next_f.push(${JSON.stringify([1, c])})</script>`).join('')}</body></html>`;
    const out = convertHtml(html, taiwan);
    const pushes = [...out.matchAll(/self\.__next_f\.push\((\[1,[\s\S]*?\])\)<\/script>/g)];
    expect(pushes).toHaveLength(1);
    const [, payload] = JSON.parse(pushes[0]![1]!) as [number, string];
    const row = JSON.parse(payload.slice(2)) as unknown;
    expect(row).toEqual(['$', 'html', null, { lang: 'zh-Hant', children: ['$', 'body', null, { children: [
      ['$', 'h1', null, { children: '軟體' }],
      ['$', '$L1', null, { href: '/zh/hant/tags/x', label: '資訊', children: '軟體' }],
      ['$', 'pre', null, { children: ['$', 'code', null, { children: '软件' }] }],
      ['$', 'div', null, { dangerouslySetInnerHTML: { __html: '<p>資訊</p><code>信息</code>' } }],
    ] }] }]);
    expect(out).toContain('<h1>軟體</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push(');
  });
});

describe('convertFlight', () => {
  it('recounts a text row’s bytes after conversion (内存 becomes 記憶體, one character more)', () => {
    const text = '<p>内存</p>';
    const payload = `1:T${utf8Length(text).toString(16)},${text}2:["$","p",null,{"children":"$1"}]\n`;
    const converted = '<p>記憶體</p>';
    expect(convertFlight(payload, taiwan, convertHtml)).toBe(`1:T${utf8Length(converted).toString(16)},${converted}2:["$","p",null,{"children":"$1"}]\n`);
  });

  it('passes rows without Chinese text or links byte for byte, and a row it cannot read as it was', () => {
    const payload = ':HL["/_next/static/a.css","style"]\n2:I[123,["a.js"],"default"]\n3:{"a":1,  "b":2}\n4:["$","p",null,{"children":"软件"\n';
    expect(convertFlight(payload, taiwan, convertHtml)).toBe(payload);
  });
});

describe('variant paths', () => {
  it('maps Chinese reading pages to /zh/hant and back; not the Studio, files or English pages', () => {
    expect(toHantPath('/zh')).toBe('/zh/hant');
    expect(toHantPath('/zh/search?q=软件')).toBe('/zh/hant/search?q=软件');
    expect(fromHantPath('/zh/hant/posts/a?b=1')).toBe('/zh/posts/a?b=1');
    expect(fromHantPath('/zh/hant')).toBe('/zh');
    expect(toHantPath('/zh/hant/posts/a')).toBe('/zh/hant/posts/a');
    expect(hasHantVariant('/zh/studio/posts')).toBe(false);
    expect(hasHantVariant('/zh/feed.xml')).toBe(false);
    expect(hasHantVariant('/en/posts/a')).toBe(false);
    expect(hasHantVariant('/zhx')).toBe(false);
  });
});
