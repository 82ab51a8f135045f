// A choice among the library's images, as radio buttons showing each picture: works
// without JavaScript, and a screen reader hears each image's name and size. Rendered by
// StudioForm for a field of type 'images'; the first choice is usually "none".
import styles from './image-choices.module.css';
import studio from './studio.module.css';

export interface ImageChoice {
  value: string;
  label: string;
  /** A small copy of the image; none for the "none" choice. */
  src?: string;
}

interface Props {
  id: string;
  name: string;
  legend: string;
  choices: ImageChoice[];
  value: string | undefined;
  hint?: string;
  errors?: string[];
  /** The paper the chosen image will stand on, when it is not the page's (a logo for dark mode). */
  paper?: 'dark';
}

export function ImageChoices({ id, name, legend, choices, value, hint, errors, paper }: Props) {
  const describedBy = [errors ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset role="radiogroup" className={styles.choices} data-paper={paper} aria-labelledby={`${id}-legend`} aria-describedby={describedBy} aria-invalid={errors ? true : undefined}>
      <legend id={`${id}-legend`} className={`${studio.label} ${styles.legend}`}>
        {legend}
      </legend>
      {hint && (
        <small id={`${id}-hint`} className={studio.hint}>
          {hint}
        </small>
      )}
      <div className={styles.grid}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" name={name} value={choice.value} defaultChecked={choice.value === (value ?? '')} />
            {choice.src ? <img src={choice.src} alt="" loading="lazy" /> : <span className={styles.none} aria-hidden="true" />}
            <span className={styles.label}>{choice.label}</span>
          </label>
        ))}
      </div>
      {errors && (
        <small id={`${id}-error`} className={studio.fieldError}>
          {errors.join(' ')}
        </small>
      )}
    </fieldset>
  );
}
