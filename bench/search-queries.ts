// The judged query set for search: what a reader of the demo magazine might type, in
// the page's language, and the demo pieces (folder names in demo/posts) that must come
// back. Written from the articles' subjects, not from the index, and kept honest: a
// query is judged by what the reader wants, even where the text says it differently
// (双语 for the article titled 为什么要用两种语言出版).
// Used by bench/search-quality.ts (recall@10, MRR) and bench/search-speed.ts (latency).
import type { Locale } from '../src/core/locales';

export interface JudgedQuery {
  query: string;
  /** The page language the query is typed on (the search runs in that language). */
  locale: Locale;
  /** Demo post keys that must be among the results. */
  relevant: string[];
  /** The reader ticked "both languages" (the piece exists only in the other one). */
  bothLanguages?: boolean;
}

export const judgedQueries: JudgedQuery[] = [
  // Chinese
  { query: '双语', locale: 'zh', relevant: ['bilingual-publishing', 'about'] },
  { query: '双语出版', locale: 'zh', relevant: ['bilingual-publishing'] },
  { query: '为什么用两种语言出版', locale: 'zh', relevant: ['bilingual-publishing'] },
  { query: '中文搜索', locale: 'zh', relevant: ['how-chinese-search-works'] },
  { query: '分词', locale: 'zh', relevant: ['how-chinese-search-works'] },
  { query: '静夜思', locale: 'zh', relevant: ['translating-a-tang-poem'] },
  { query: '李白', locale: 'zh', relevant: ['translating-a-tang-poem'] },
  { query: '翻译唐诗', locale: 'zh', relevant: ['translating-a-tang-poem'] },
  { query: '春节', locale: 'zh', relevant: ['chunjie-suibi'] },
  { query: '除夕 腊八', locale: 'zh', relevant: ['chunjie-suibi'] },
  { query: '苏州河', locale: 'zh', relevant: ['city-walk-shanghai'] },
  { query: '上海 外滩', locale: 'zh', relevant: ['city-walk-shanghai'] },
  { query: '泡茶', locale: 'zh', relevant: ['tea-and-time'] },
  { query: '茶', locale: 'zh', relevant: ['tea-and-time'] },
  { query: '活字印刷', locale: 'zh', relevant: ['ink-and-pixels'] },
  { query: '网页字体', locale: 'zh', relevant: ['ink-and-pixels'] },
  { query: '毕昇', locale: 'zh', relevant: ['ink-and-pixels'] },
  { query: '中英文混排', locale: 'zh', relevant: ['cjk-spacing'] },
  { query: '空格 标点', locale: 'zh', relevant: ['cjk-spacing'] },
  { query: '阅读时间', locale: 'zh', relevant: ['reading-time'] },
  { query: '自己托管', locale: 'zh', relevant: ['why-self-host'] },
  { query: '备份', locale: 'zh', relevant: ['why-self-host', 'self-hosted-nextjs'] },
  { query: '反向代理', locale: 'zh', relevant: ['self-hosted-nextjs'] },
  { query: '关于双声', locale: 'zh', relevant: ['about'] },
  { query: '中文搜尋', locale: 'zh', relevant: ['how-chinese-search-works'] },
  // Mixed Chinese and Latin
  { query: 'Next.js 部署', locale: 'zh', relevant: ['self-hosted-nextjs'] },
  { query: 'unicode-range 字体', locale: 'zh', relevant: ['ink-and-pixels'] },
  { query: 'GeoCities 关闭', locale: 'zh', relevant: ['why-self-host'] },
  { query: 'Caddy 证书', locale: 'zh', relevant: ['self-hosted-nextjs'] },
  // English
  { query: 'bilingual', locale: 'en', relevant: ['bilingual-publishing', 'about', 'workshop-notes'] },
  { query: 'why publish in two languages', locale: 'en', relevant: ['bilingual-publishing'] },
  { query: 'translations', locale: 'en', relevant: ['translating-a-tang-poem', 'bilingual-publishing'] },
  { query: 'translating poetry', locale: 'en', relevant: ['translating-a-tang-poem'] },
  { query: 'Li Bai', locale: 'en', relevant: ['translating-a-tang-poem'] },
  { query: 'quiet night thoughts', locale: 'en', relevant: ['translating-a-tang-poem'] },
  { query: 'Chinese search', locale: 'en', relevant: ['how-chinese-search-works'] },
  { query: 'word segmentation', locale: 'en', relevant: ['how-chinese-search-works'] },
  { query: 'Suzhou Creek', locale: 'en', relevant: ['city-walk-shanghai'] },
  { query: 'walking in Shanghai', locale: 'en', relevant: ['city-walk-shanghai'] },
  { query: 'tea', locale: 'en', relevant: ['tea-and-time'] },
  { query: 'brewing tea', locale: 'en', relevant: ['tea-and-time'] },
  { query: 'movable type', locale: 'en', relevant: ['ink-and-pixels'] },
  { query: 'web fonts', locale: 'en', relevant: ['ink-and-pixels'] },
  { query: 'mixing Chinese and English', locale: 'en', relevant: ['cjk-spacing'] },
  { query: 'punctuation and line breaks', locale: 'en', relevant: ['cjk-spacing'] },
  { query: 'reading time', locale: 'en', relevant: ['reading-time'] },
  { query: 'how many minutes to read', locale: 'en', relevant: ['reading-time'] },
  { query: 'self-hosting', locale: 'en', relevant: ['why-self-host', 'self-hosted-nextjs'] },
  { query: 'backups', locale: 'en', relevant: ['why-self-host', 'self-hosted-nextjs'] },
  { query: 'deploying Next.js', locale: 'en', relevant: ['self-hosted-nextjs'] },
  { query: 'reverse proxy', locale: 'en', relevant: ['self-hosted-nextjs'] },
  { query: 'workshop', locale: 'en', relevant: ['workshop-notes'] },
  { query: 'about Duet magazine', locale: 'en', relevant: ['about'] },
  { query: 'Spring Festival', locale: 'en', relevant: ['chunjie-suibi'], bothLanguages: true },
];
