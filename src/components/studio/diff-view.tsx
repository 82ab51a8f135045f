// A text diff as the editor shows it: changed lines only (with their words marked), so a
// translator sees at a glance what moved in the source.
import type { DiffLine, Segment } from '@/core/content/text-diff';
import styles from './editor.module.css';

function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'added' ? (
          <ins key={i}>{segment.text}</ins>
        ) : segment.kind === 'removed' ? (
          <del key={i}>{segment.text}</del>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}

const maxShown = 200;

/**
 * `side` 'after' shows the new text only, every line of it, with what differs marked (a
 * conflict shows each version whole); otherwise only changed lines, old above new.
 */
export function DiffView({ lines, side, label }: { lines: DiffLine[]; side?: 'after'; label?: string }) {
  const changed = (side === 'after' ? lines.filter((line) => line.after) : lines.filter((line) => line.kind !== 'same')).slice(0, maxShown);
  if (changed.length === 0) return null;
  return (
    // Scrollable, so it takes focus: keyboard users scroll it with the arrow keys.
    <div className={styles.diff} tabIndex={0} role="region" aria-label={label}>
      {changed.map((line, i) => (
        <div key={i} className={styles.diffLine} data-kind={line.kind}>
          {line.before && side !== 'after' && (
            <div className={styles.diffBefore}>
              <Segments segments={line.before} />
            </div>
          )}
          {line.after && (
            <div className={styles.diffAfter}>
              <Segments segments={line.after} />
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
