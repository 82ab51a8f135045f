// The tags Hexo and Jekyll write into Markdown (`{% … %}`, Liquid's syntax), made plain
// Markdown where Duet has a counterpart: Hexo's `asset_img` / `asset_path` / `asset_link`
// (files of the post's asset folder), `{% raw %}`, Jekyll's `{% highlight lang %}` and
// Hexo's `{% codeblock %}` as fenced code, `{% link page.md %}` as the page's path, and the site
// variables that prefix image paths (`{{ site.baseurl }}`, `| relative_url`). Any other tag
// is kept as it was written and named, so the report says what a reader will still see.
// Code (fenced, or between raw tags) is left as it is.

export interface LiquidBody {
  markdown: string;
  /** Tag names kept as text. */
  kept: string[];
}

const fence = /^ {0,3}(`{3,}|~{3,})/;

export function convertLiquidTags(markdown: string): LiquidBody {
  const kept: string[] = [];
  const out: string[] = [];
  let open: string | null = null;
  let raw = false;
  let tagBlock = false;
  for (const line of markdown.split('\n')) {
    const marker = fence.exec(line)?.[1];
    if (tagBlock) {
      // A block opened by a tag ends at its end tag, not at a fence.
      if (/^\s*\{%-?\s*(endhighlight|endcodeblock)\s*-?%\}\s*$/.test(line)) {
        out.push('```');
        tagBlock = false;
      } else out.push(line);
      continue;
    }
    if (open) {
      if (marker && marker[0] === open[0] && marker.length >= open.length && line.trim() === marker) open = null;
      out.push(line);
      continue;
    }
    if (raw) {
      const end = /\{%-?\s*endraw\s*-?%\}/.exec(line);
      if (!end) {
        out.push(line);
        continue;
      }
      raw = false;
      out.push(line.slice(0, end.index) + convertLine(line.slice(end.index + end[0].length), kept));
      continue;
    }
    if (marker) {
      open = marker;
      out.push(line);
      continue;
    }
    const block = /^\s*\{%-?\s*(highlight|codeblock)\b([^%]*)-?%\}\s*$/.exec(line);
    if (block) {
      out.push(`\`\`\`${codeLanguage(block[1]!, block[2]!)}`);
      tagBlock = true;
      continue;
    }
    const start = /\{%-?\s*raw\s*-?%\}/.exec(line);
    if (start) {
      const rest = line.slice(start.index + start[0].length);
      const end = /\{%-?\s*endraw\s*-?%\}/.exec(rest);
      if (end) out.push(convertLine(line.slice(0, start.index), kept) + rest.slice(0, end.index) + convertLine(rest.slice(end.index + end[0].length), kept));
      else {
        raw = true;
        out.push(convertLine(line.slice(0, start.index), kept) + rest);
      }
      continue;
    }
    out.push(convertLine(line, kept));
  }
  return { markdown: out.join('\n'), kept: [...new Set(kept)] };
}

function codeLanguage(tag: string, args: string): string {
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (tag === 'highlight') return words[0] ?? '';
  return words.find((w) => w.startsWith('lang:'))?.slice(5) ?? '';
}

function convertLine(line: string, kept: string[]): string {
  return line
    .replace(/\{\{-?\s*(?:site\.baseurl|site\.url|base_path)\s*-?\}\}/g, '')
    .replace(/\{\{-?\s*["']([^"']+)["']\s*\|\s*(?:relative_url|absolute_url|prepend:\s*site\.baseurl)\s*-?\}\}/g, '$1')
    .replace(/\{%-?\s*(\w+)\s*([^%]*?)\s*-?%\}/g, (whole, name: string, args: string) => {
      const words = splitArgs(args);
      switch (name) {
        case 'asset_img': {
          const [file, ...title] = words;
          if (!file) break;
          const alt = title.join(' ').replace(/^(['"])(.*)\1$/, '$2').split("'")[0]!.trim();
          return `![${alt}](${destination(file)})`;
        }
        case 'asset_path':
          if (words[0]) return words[0];
          break;
        case 'asset_link':
          if (words[0]) return `[${words.slice(1).join(' ') || words[0]}](${destination(words[0])})`;
          break;
        case 'link':
          // A page's path is its address; a post's (`_posts/…`) is not, so that one is kept.
          if (words[0] && !words[0].startsWith('_')) return `/${words[0].replace(/^\/+/, '').replace(/\.(md|markdown)$/, '')}`;
          break;
      }
      kept.push(name);
      return whole;
    });
}

/** A link destination with spaces in it, written so Markdown reads it whole. */
function destination(path: string): string {
  return /[\s()]/.test(path) ? `<${path}>` : path;
}

function splitArgs(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}
