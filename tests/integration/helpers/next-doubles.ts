// Stand-ins for the parts of Next a route handler needs when a test calls it outside a Next
// server. The data cache keeps what a read returns (as JSON, as Next's does) under its key
// parts and tags, until revalidateTag drops the tag: a test sees a cached answer stay the
// same until a publication revalidates it, as a reader would. Interface text comes from
// messages/*.json, as next-intl gives it to server code.
//
//   vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
//   vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';

const entries = new Map<string, { json: string; tags: readonly string[] }>();

export const nextCacheDouble = {
  unstable_cache<A extends unknown[], R>(read: (...args: A) => Promise<R>, keyParts: readonly string[] = [], options: { tags?: string[] } = {}) {
    return async (...args: A): Promise<R> => {
      const key = JSON.stringify([keyParts, args]);
      const hit = entries.get(key);
      if (hit) return JSON.parse(hit.json) as R;
      const value = await read(...args);
      entries.set(key, { json: JSON.stringify(value) ?? 'null', tags: options.tags ?? [] });
      return value;
    };
  },
  revalidateTag(tag: string): void {
    for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
  },
  revalidatePath(): void {},
};

/** Forgets every kept read (between the databases of one test file). */
export function clearCacheDouble(): void {
  entries.clear();
}

const messages: Record<string, unknown> = { en, zh };

function lookUp(locale: string, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[locale]);
  if (typeof value !== 'string') throw new Error(`No message ${key} in ${locale}`);
  return value;
}

export const nextIntlDouble = {
  async getTranslations({ locale, namespace }: { locale: string; namespace?: string }) {
    const t = (key: string, values: Record<string, string | number> = {}) =>
      lookUp(locale, namespace ? `${namespace}.${key}` : key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
    /** Whether a message exists, as next-intl's `t.has`. */
    const has = (key: string) => {
      try {
        lookUp(locale, namespace ? `${namespace}.${key}` : key);
        return true;
      } catch {
        return false;
      }
    };
    return Object.assign(t, { has });
  },
};
