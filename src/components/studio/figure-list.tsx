// A row of counted figures at the head of a Studio screen (members by status, followers by
// language): a definition list of boxes, a label over a number, so screens count alike.
import styles from './figure-list.module.css';

export interface Figure {
  /** Stable name, also the box's `data-figure` (tests and styles find a figure by it). */
  key: string;
  label: string;
  value: number;
}

export function FigureList({ figures, format, columns }: { figures: readonly Figure[]; format: Intl.NumberFormat; columns: 3 | 4 }) {
  return (
    <dl className={styles.figures} data-columns={columns}>
      {figures.map((f) => (
        <div key={f.key} className={styles.figure} data-figure={f.key}>
          <dt>{f.label}</dt>
          <dd>{format.format(f.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
