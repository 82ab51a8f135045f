import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/locales';
import { isValidSlug, slugify, slugPattern } from './slugify';

describe('slugify', () => {
  it.each<[string, Locale, string]>([
    ['为什么要用两种语言出版', 'zh', 'weishenme-yao-yong-liangzhong-yuyan-chuban'],
    ['Next.js 部署指南', 'zh', 'next-js-bushu-zhinan'],
    ['Why Self-Host?', 'en', 'why-self-host'],
    ['  Hello,   World!  ', 'en', 'hello-world'],
    ['Café crème brûlée', 'en', 'cafe-creme-brulee'],
    ['Straße & Æsir', 'en', 'strasse-aesir'],
    ['Ｆｕｌｌ－ｗｉｄｔｈ　１２３', 'en', 'full-width-123'],
    ['Vue3教程', 'zh', 'vue3-jiaocheng'],
    ['《静夜思》的五种译法', 'zh', 'jingye-si-de-wuzhong-yifa'],
    ['绿茶与路', 'zh', 'lvcha-yu-lu'],
    ['2024年：回顾', 'zh', '2024-nian-huigu'],
    ['C++ & Rust', 'en', 'c-rust'],
    ['', 'en', 'untitled'],
    ['！？……', 'zh', 'untitled'],
    ['🎉🎉', 'en', 'untitled'],
    ['Привет', 'en', 'untitled'],
  ])('%j (%s) → %s', (title, locale, expected) => {
    expect(slugify(title, locale)).toBe(expected);
  });

  it('cuts long titles at a hyphen, at most 80 characters', () => {
    const title = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const slug = slugify(title, 'en');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(title.toLowerCase().replace(/ /g, '-').startsWith(slug + '-')).toBe(true);
  });

  it('cuts a single overlong word hard', () => {
    expect(slugify('a'.repeat(200), 'en')).toBe('a'.repeat(80));
  });

  it('keeps a long Chinese title to whole syllables', () => {
    const slug = slugify('我们为什么要用两种语言出版一本杂志并且坚持自己托管所有的内容和服务器', 'zh');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
  });

  it('always produces a valid slug', () => {
    for (const title of ['为什么要用两种语言出版', 'Next.js 部署指南', '---', 'a—b–c', 'x'.repeat(500)]) {
      expect(isValidSlug(slugify(title, 'zh'))).toBe(true);
    }
  });
});

describe('isValidSlug', () => {
  it.each([
    ['bilingual', true],
    ['next-js-bu-shu', true],
    ['双语', true],
    ['双语-出版', true],
    ['2024', true],
    ['café', true],
    ['a'.repeat(120), true],
    ['双'.repeat(120), true],
    ['', false],
    ['a'.repeat(121), false],
    ['Upper', false],
    ['-lead', false],
    ['trail-', false],
    ['dou--ble', false],
    ['has space', false],
    ['under_score', false],
    ['dot.js', false],
    ['a/b', false],
    ['%E5%8F%8C', false],
  ])('%j → %s', (slug, expected) => {
    expect(isValidSlug(slug)).toBe(expected);
    if (slug.length > 0 && slug.length <= 120) expect(slugPattern.test(slug)).toBe(expected);
  });
});
