import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, wholeInputKey } from './field-errors';

const schema = z.strictObject({
  title: z.string().min(1, 'Must not be empty.'),
  links: z.array(z.strictObject({ href: z.string().min(1, 'Must not be empty.') })),
  names: z.strictObject({ zh: z.string().optional() }),
});

describe('fieldErrors', () => {
  it('keys messages by dotted path, naming unknown keys by their own path', () => {
    const error = schema.safeParse({ title: '', links: [{ href: 'a' }, { href: '' }], names: { fr: 'x' }, extra: 1 }).error!;
    expect(fieldErrors(error)).toEqual({
      title: ['Must not be empty.'],
      'links.1.href': ['Must not be empty.'],
      'names.fr': ['Unknown field: leave it out.'],
      extra: ['Unknown field: leave it out.'],
    });
  });

  it('puts a problem with the whole input under "_", and lists a message once', () => {
    expect(fieldErrors(schema.safeParse('nope').error!)).toEqual({ [wholeInputKey]: [expect.any(String)] });
    const twice = z.string().refine(() => false, 'Bad.').refine(() => false, 'Bad.');
    expect(fieldErrors(twice.safeParse('x').error!)).toEqual({ _: ['Bad.'] });
  });
});
