'use client';
// Asking before a step readers will notice (publishing over a live text, taking it off
// the site, throwing changes away): a modal <dialog>, which the browser makes keyboard-
// and screen-reader-friendly (focus moves in and back, Escape cancels).
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Labels {
  confirm: string;
  cancel: string;
  /** What the step will do, shown under the question (an update's diff). */
  detail?: ReactNode;
  /** The step takes something away (revoking, removing): its button says so. */
  isDanger?: boolean;
}

interface Question extends Labels {
  message: string;
  resolve: (answer: boolean) => void;
}

/** Returns the dialog to render and `ask`, which resolves true when confirmed. */
export function useConfirm(): [ReactNode, (message: string, labels: Labels) => Promise<boolean>] {
  const dialog = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (message: string, labels: Labels) =>
      new Promise<boolean>((resolve) => {
        setQuestion({ message, ...labels, resolve });
        // After the render that puts the text in.
        setTimeout(() => dialog.current?.showModal(), 0);
      }),
    [],
  );
  const answer = (value: boolean) => {
    dialog.current?.close();
    question?.resolve(value);
    setQuestion(null);
  };
  const element = (
    <dialog ref={dialog} className={styles.confirm} onCancel={() => answer(false)} aria-labelledby={messageId}>
      <p id={messageId}>{question?.message}</p>
      {question?.detail}
      <div className={styles.actions}>
        {/* A step that takes something away starts on Cancel: Enter alone does not revoke. */}
        <button type="button" className={controls.secondary} onClick={() => answer(false)} autoFocus={question?.isDanger}>
          {question?.cancel}
        </button>
        <button type="button" className={question?.isDanger ? controls.danger : controls.primary} onClick={() => answer(true)} autoFocus={!question?.isDanger}>
          {question?.confirm}
        </button>
      </div>
    </dialog>
  );
  return [element, ask];
}
