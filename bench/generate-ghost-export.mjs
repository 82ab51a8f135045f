// Writes a Ghost 5 JSON export of N posts, half of them Chinese, with tags, two authors
// and HTML bodies of a few KB (headings, lists, links, code, an image), to time imports:
//
//   node bench/generate-ghost-export.mjs /tmp/ghost-1000.json 1000
//   /usr/bin/time -f '%e s, %M KB peak' npx tsx src/cli/duet.ts import /tmp/ghost-1000.json
import { createWriteStream } from 'node:fs';

const [file = '/tmp/ghost-export.json', countArg = '1000'] = process.argv.slice(2);
const count = Number(countArg);
const out = createWriteStream(file);
const write = (text) => new Promise((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));

const zhParagraph = '茶叶在水中慢慢展开，屋子里安静下来。泡一杯茶的那几分钟，是一天里唯一不用赶着去做别的事的时间。';
const enParagraph = 'The leaves open slowly in the water, and the room goes quiet. Those few minutes are the only part of the day that does not hurry on to something else.';
function body(i, zh) {
  const p = zh ? zhParagraph : enParagraph;
  return [
    `<p>${p} ${i}</p>`,
    `<h2>${zh ? '第一节' : 'First part'}</h2>`,
    `<p>${p.repeat(3)} <a href="https://example.com/${i}">${zh ? '链接' : 'a link'}</a>, <strong>${zh ? '重点' : 'bold'}</strong> <em>${zh ? '强调' : 'emphasis'}</em>.</p>`,
    '<ul><li>one</li><li>two</li><li>three</li></ul>',
    `<figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2024/01/p${i}.jpg" alt="${zh ? '图' : 'picture'} ${i}"><figcaption>${zh ? '图注' : 'Caption'}</figcaption></figure>`,
    '<pre><code class="language-js">const cup = brew(tea, { minutes: 3 });\n</code></pre>',
    `<p>${p.repeat(4)}</p>`,
  ].join('');
}

await write('{"db":[{"meta":{"exported_on":1700000000000,"version":"5.75.0"},"data":{');
await write('"tags":[{"id":"t1","name":"Tea","slug":"tea","visibility":"public"},{"id":"t2","name":"#zh","slug":"hash-zh","visibility":"internal"},{"id":"t3","name":"Essays","slug":"essays","visibility":"public"}],');
await write('"users":[{"id":"u1","name":"Ana","slug":"ana","email":"ana@example.com","bio":"Writes about tea."},{"id":"u2","name":"李明","slug":"li-ming","email":"li@example.com","bio":"写茶。"}],');
await write('"posts":[');
for (let i = 0; i < count; i += 1) {
  const zh = i % 2 === 0;
  const post = {
    id: `p${i}`,
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: zh ? `茶与时间 第 ${i} 篇` : `Tea and time, part ${i}`,
    slug: zh ? `cha-yu-shijian-${i}` : `tea-and-time-${i}`,
    html: body(i, zh),
    status: i % 10 === 9 ? 'draft' : 'published',
    visibility: 'public',
    type: 'post',
    featured: i % 50 === 0,
    created_at: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
    updated_at: new Date(Date.UTC(2020, 0, 2) + i * 86_400_000).toISOString(),
    published_at: i % 10 === 9 ? null : new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
    custom_excerpt: null,
    feature_image: null,
  };
  await write(`${i ? ',' : ''}${JSON.stringify(post)}`);
}
await write('],"posts_tags":[');
for (let i = 0; i < count; i += 1) {
  const rows = [{ post_id: `p${i}`, tag_id: 't1' }, ...(i % 2 === 0 ? [{ post_id: `p${i}`, tag_id: 't2' }] : []), ...(i % 3 === 0 ? [{ post_id: `p${i}`, tag_id: 't3' }] : [])];
  await write(`${i ? ',' : ''}${rows.map((r) => JSON.stringify(r)).join(',')}`);
}
await write('],"posts_authors":[');
for (let i = 0; i < count; i += 1) await write(`${i ? ',' : ''}${JSON.stringify({ post_id: `p${i}`, author_id: i % 2 === 0 ? 'u2' : 'u1', sort_order: 0 })}`);
await write('],"posts_meta":[]}}]}\n');
out.end();
await new Promise((resolve) => out.on('finish', resolve));
console.log(`wrote ${count} posts to ${file}`);
