// The real CAT tools the XLIFF suite runs against (Debian packages translate-toolkit and
// omegat): which are installed, and a way to run one that fails the test with its output.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const commands = ['xliff2po', 'po2xliff', 'pofilter', 'omegat'] as const;

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** translate-toolkit 3.8 has no tmx2po: its TMX reader is its Python library's. */
function hasTmxReader(): boolean {
  return spawnSync('/usr/bin/python3', ['-c', 'import translate.storage.tmx'], { stdio: 'ignore' }).status === 0;
}

export function missingCatTools(): string[] {
  const missing: string[] = commands.filter((c) => !onPath(c));
  if (!hasTmxReader()) missing.push('python3 translate.storage.tmx');
  return missing;
}

export function run(command: string, args: string[], options: { cwd?: string; timeout?: number } = {}): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeout ?? 120_000, cwd: options.cwd });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** TMX units as translate-toolkit's reader sees them: [source, target] per unit. */
export function readTmxWithToolkit(file: string): [string, string][] {
  const script = 'import json,sys\nfrom translate.storage import tmx\nf=tmx.tmxfile.parsefile(sys.argv[1])\nprint(json.dumps([[u.source,u.target] for u in f.units]))';
  return JSON.parse(run('/usr/bin/python3', ['-c', script, file])) as [string, string][];
}

/**
 * An OmegaT project translating zh-CN → en, paragraph by paragraph (Duet's units are
 * blocks), with the memories in tm/auto so exact matches are filled in, and external TMX
 * read with their inline tags (level 2) so tagged segments match. Several source files
 * are translated in one run (OmegaT's start costs seconds).
 */
export function makeOmegatProject(dir: string, files: { name: string; xliff: string }[], memories: { name: string; tmx: string }[]): { project: string; config: string } {
  const project = join(dir, 'project');
  const config = join(dir, 'omegat-config');
  for (const d of ['source', 'target', 'tm/auto', 'omegat', 'glossary', 'dictionary']) mkdirSync(join(project, d), { recursive: true });
  mkdirSync(config, { recursive: true });
  for (const { name, xliff } of files) writeFileSync(join(project, 'source', name), xliff);
  for (const { name, tmx } of memories) writeFileSync(join(project, 'tm', 'auto', name), tmx);
  writeFileSync(
    join(project, 'omegat.project'),
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat>
    <project version="1.0">
        <source_dir>__DEFAULT__</source_dir>
        <target_dir>__DEFAULT__</target_dir>
        <tm_dir>__DEFAULT__</tm_dir>
        <glossary_dir>__DEFAULT__</glossary_dir>
        <glossary_file>__DEFAULT__</glossary_file>
        <dictionary_dir>__DEFAULT__</dictionary_dir>
        <source_lang>zh-CN</source_lang>
        <target_lang>en</target_lang>
        <sentence_seg>false</sentence_seg>
        <support_default_translations>true</support_default_translations>
        <remove_tags>false</remove_tags>
    </project>
</omegat>
`,
  );
  writeFileSync(
    join(config, 'omegat.prefs'),
    `<?xml version="1.0" encoding="UTF-8" ?>
<omegat>
<preference version="1.0">
<ext_tmx_show_level2>true</ext_tmx_show_level2>
<ext_tmx_use_slash>true</ext_tmx_use_slash>
</preference>
</omegat>
`,
  );
  return { project, config };
}
