'use client';
// After a client-side navigation the page script does not run again: this asks it to
// look at the new page's headings (display-font-script.ts).
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

export function DisplayFontLoader() {
  const pathname = usePathname();
  useEffect(() => {
    (window as Window & { __duetDisplayFont?: () => void }).__duetDisplayFont?.();
  }, [pathname]);
  return null;
}
