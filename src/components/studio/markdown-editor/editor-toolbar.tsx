'use client';
// The formatting bar above the text: one tab stop for the whole bar, arrow keys move
// between its buttons (the WAI-ARIA toolbar pattern), and each button names its shortcut.
import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import * as format from './format';
import styles from './markdown-editor.module.css';

export type ToolbarAction = { kind: 'format'; make: (state: EditorState) => TransactionSpec } | { kind: 'media' } | { kind: 'upload' };

interface Props {
  controls: string;
  disabled: boolean;
  onAction: (action: ToolbarAction) => void;
}

/** Line icons drawn in the text colour (no emoji font is assumed). */
const svg = (path: string) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);
const icons = {
  h2: svg('M3 6v12M11 6v12M3 12h8M15 10a2.5 2.5 0 1 1 5 0c0 2.5-5 4.5-5 8h5'),
  h3: svg('M3 6v12M11 6v12M3 12h8M15 7h5l-3 4a3 3 0 1 1-2.6 4.5'),
  bold: svg('M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z'),
  italic: svg('M10 5h8M6 19h8M15 5 9 19'),
  code: svg('M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14'),
  bullet: svg('M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01'),
  ordered: svg('M10 6h10M10 12h10M10 18h10M4 5l1.5-1v6M3.5 10h3.5M3.5 15a1.5 1.5 0 1 1 2.5 1.2L3.5 20H7'),
  quote: svg('M5 18c-1.2 0-2-1-2-2.6C3 12 5 8.5 8.5 7M14 18c-1.2 0-2-1-2-2.6C12 12 14 8.5 17.5 7M3.5 14h4v4h-4zM12.5 14h4v4h-4z'),
  codeBlock: svg('M9 4C7 4 7 6 7 8s-1 4-3 4c2 0 3 2 3 4s0 4 2 4M15 4c2 0 2 2 2 4s1 4 3 4c-2 0-3 2-3 4s0 4-2 4'),
  table: svg('M4 5h16v14H4zM4 10h16M4 15h16M10 5v14'),
  footnote: svg('M4 18l6-8M4 10l6 8M15 5l1.5-1v6M14.5 10h3.5'),
  divider: svg('M3 12h18M7 8h10M7 16h10'),
  link: svg('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'),
  image: svg('M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5h.01'),
  upload: svg('M12 16V4M7 9l5-5 5 5M4 20h16'),
};

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const keys = (shortcut: string) => shortcut.replace('Mod', mac ? '⌘' : 'Ctrl').replace('Alt', mac ? '⌥' : 'Alt');

export function EditorToolbar({ controls, disabled, onAction }: Props) {
  const t = useTranslations('studio.writer');
  const bar = useRef<HTMLDivElement>(null);
  const f = (make: (state: EditorState) => TransactionSpec): ToolbarAction => ({ kind: 'format', make });
  const groups: Array<Array<{ name: string; label: string; shortcut?: string; icon: ReactNode; action: ToolbarAction }>> = [
    [
      { name: 'h2', label: t('heading2'), shortcut: 'Mod+Alt+2', icon: icons.h2, action: f((s) => format.setHeading(s, 2)) },
      { name: 'h3', label: t('heading3'), shortcut: 'Mod+Alt+3', icon: icons.h3, action: f((s) => format.setHeading(s, 3)) },
    ],
    [
      { name: 'bold', label: t('bold'), shortcut: 'Mod+B', icon: icons.bold, action: f((s) => format.toggleInline(s, '**')) },
      { name: 'italic', label: t('italic'), shortcut: 'Mod+I', icon: icons.italic, action: f((s) => format.toggleInline(s, '_')) },
      { name: 'link', label: t('link'), shortcut: 'Mod+K', icon: icons.link, action: f((s) => format.insertLink(s)) },
      { name: 'code', label: t('inlineCode'), shortcut: 'Mod+E', icon: icons.code, action: f((s) => format.toggleInline(s, '`')) },
    ],
    [
      { name: 'bullet', label: t('bulletList'), shortcut: 'Mod+Shift+8', icon: icons.bullet, action: f((s) => format.toggleLines(s, 'bullet')) },
      { name: 'ordered', label: t('orderedList'), shortcut: 'Mod+Shift+7', icon: icons.ordered, action: f((s) => format.toggleLines(s, 'ordered')) },
      { name: 'quote', label: t('quote'), shortcut: 'Mod+Shift+9', icon: icons.quote, action: f((s) => format.toggleLines(s, 'quote')) },
    ],
    [
      { name: 'codeBlock', label: t('codeBlock'), shortcut: 'Mod+Alt+C', icon: icons.codeBlock, action: f((s) => format.insertCodeBlock(s)) },
      { name: 'table', label: t('table'), icon: icons.table, action: f((s) => format.insertTable(s, [t('tableColumn', { n: 1 }), t('tableColumn', { n: 2 })], '…')) },
      { name: 'footnote', label: t('footnote'), shortcut: 'Mod+Alt+F', icon: icons.footnote, action: f(format.insertFootnote) },
      { name: 'divider', label: t('divider'), icon: icons.divider, action: f(format.insertDivider) },
    ],
    [
      { name: 'media', label: t('insertMedia'), icon: icons.image, action: { kind: 'media' } },
      { name: 'upload', label: t('uploadFile'), icon: icons.upload, action: { kind: 'upload' } },
    ],
  ];

  // Roving focus: the bar is one tab stop; arrows, Home and End move within it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length]!;
    buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  };

  return (
    <div ref={bar} role="toolbar" aria-label={t('toolbar')} aria-controls={controls} className={styles.toolbar} onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        <div key={g} className={styles.group}>
          {group.map((button, i) => {
            const tabIndex = g === 0 && i === 0 ? 0 : -1;
            const title = button.shortcut ? `${button.label} (${keys(button.shortcut)})` : button.label;
            return (
              <button
                key={button.name}
                type="button"
                className={styles.tool}
                data-tool={button.name}
                aria-label={button.label}
                aria-keyshortcuts={button.shortcut?.replace('Mod', mac ? 'Meta' : 'Control')}
                title={title}
                tabIndex={tabIndex}
                disabled={disabled}
                // Keeps the caret (and the selection) in the text while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onAction(button.action)}
              >
                <span aria-hidden="true">{button.icon}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
