// The Studio is for staff: never indexed, never cached, rendered per request for the
// account signed in.
import type { Metadata } from 'next';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default function StudioLayout({ children }: LayoutProps<'/[locale]/studio'>) {
  return children;
}
