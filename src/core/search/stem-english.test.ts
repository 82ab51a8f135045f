import { describe, expect, it } from 'vitest';
import { stemEnglish } from './stem-english';

describe('stemEnglish', () => {
  // Each group must share one stem: the words a reader expects to find each other.
  it.each<[string, string[]]>([
    ['translat', ['translation', 'translations', 'translate', 'translated', 'translating', 'translates']],
    ['publish', ['publish', 'publishes', 'published', 'publishing']],
    ['languag', ['language', 'languages']],
    ['writ', ['write', 'writes', 'writing']],
    ['studi', ['study', 'studies', 'studied']],
    ['run', ['run', 'runs', 'running']],
    ['stop', ['stop', 'stops', 'stopped', 'stopping']],
    ['deploy', ['deploy', 'deploys', 'deployed', 'deploying']],
    ['font', ['font', 'fonts']],
    ['typ', ['type', 'types', 'typed', 'typing']],
    ['box', ['box', 'boxes']],
    ['slow', ['slow', 'slowly']],
    ['creat', ['create', 'created', 'creating', 'creation', 'creations']],
    ['host', ['host', 'hosts', 'hosted', 'hosting']],
    ['poem', ['poem', 'poems']],
  ])('%s ← %j', (stem, words) => {
    for (const word of words) expect(stemEnglish(word), word).toBe(stem);
  });

  it.each<[string, string]>([
    // Left alone: short words, digits, and endings that only look like inflections.
    ['js', 'js'],
    ['tea', 'tea'],
    ['was', 'was'],
    ['h264', 'h264'],
    ['2025', '2025'],
    ['class', 'class'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['this', 'this'],
    ['bring', 'bring'],
    ['thing', 'thing'],
    ['need', 'need'],
    ['only', 'onli'],
    ['free', 'free'],
    ['falling', 'fall'],
    ['passed', 'pass'],
    ['days', 'day'],
    ['typography', 'typographi'],
  ])('%s → %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });
});
