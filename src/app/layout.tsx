// The real document lives in [locale]/layout.tsx (it knows <html lang>). This
// pass-through root lets [locale]/not-found.tsx render inside the localized layout.
import type { ReactNode } from 'react';

export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
