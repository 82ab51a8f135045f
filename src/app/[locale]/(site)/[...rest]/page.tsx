// Any path under a locale that no other route claims: a real 404 with the error view.
import { notFound } from 'next/navigation';

export const dynamicParams = true;

export default function UnknownPage(): never {
  notFound();
}
