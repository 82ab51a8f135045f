'use client';
// A button whose click makes the next render throw (diagnostics only).
import { useState } from 'react';

export function CrashOnClick({ label }: { label: string }) {
  const [crashed, setCrashed] = useState(false);
  if (crashed) throw new Error('Diagnostics: a client render error');
  return (
    <button type="button" className="button" onClick={() => setCrashed(true)}>
      {label}
    </button>
  );
}
