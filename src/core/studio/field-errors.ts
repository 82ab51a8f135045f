// A zod error as the Studio shows it: messages keyed by the dotted path of the field at
// fault (`names.zh.slug`, `navigation.2.href`), so a form can put each message beside its
// field. The same shape as the API's `fields` (server/api/respond.ts fieldsOf), with two
// differences a form needs: an unknown key is named by its own path instead of the
// object's, and a message is listed once per field.
import type { z } from 'zod';
import type { FieldErrors } from '@/core/errors/app-error';

/** The key of an issue that concerns the whole input rather than one field. */
export const wholeInputKey = '_';

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? path.map(String).join('.') : wholeInputKey;
    const messages = (fields[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'Unknown field: leave it out.');
    } else {
      add(issue.path, issue.message);
    }
  }
  return fields;
}
