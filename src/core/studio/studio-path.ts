// Where the Studio lives under each language: /zh/studio, /en/studio (the folder
// src/app/[locale]/studio). Whatever must tell the Studio from the reading side by its
// address (robots.txt, the server entry's compression) asks here.
export const studioSegment = 'studio';

export function studioPath(locale: string): string {
  return `/${locale}/${studioSegment}`;
}
