// A type as the reference writes it (`array of Post`), each schema name a link to its
// entry; and the document's descriptions, whose `backticks` mark code.
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

/** A description with its `code` spans set as code. */
export function InlineCode({ text }: { text?: string }) {
  if (!text) return null;
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
