// A type as the reference writes it (`array of Post`), each schema name a link to its entry.
import type { TypeToken } from '@/core/openapi/reference-model';
import css from './api-reference.module.css';

export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

export function TypeText({ tokens }: { tokens: TypeToken[] }) {
  return (
    <code className={css.type}>
      {tokens.map((token, i) => ('ref' in token ? <a key={i} href={`#${schemaAnchor(token.ref)}`}>{token.ref}</a> : <span key={i}>{token.text}</span>))}
    </code>
  );
}
