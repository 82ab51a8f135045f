// A list of links as the Studio's forms carry it: `Label | address`, one link per line
// (the site's navigation, the owner's profiles elsewhere). The server action reads it, the
// settings page writes it back, and the rows editor (components/studio/link-list-field.tsx)
// reads and writes the same text.

/** Lines typed as `Label | address`, one link per line (navigation, profiles elsewhere). */
export function parseLinkLines(value: string): Array<{ label: string; href: string }> {
  return value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.lastIndexOf('|');
      return at === -1 ? { label: line.trim(), href: '' } : { label: line.slice(0, at).trim(), href: line.slice(at + 1).trim() };
    });
}

/** Links as the form shows them again: the lines parseLinkLines reads. */
export function formatLinkLines(links: Array<{ label: string; href: string }>): string {
  return links.map((link) => `${link.label} | ${link.href}`).join('\n');
}
