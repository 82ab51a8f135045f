// The Studio's account inputs: the first-run owner, signing in, adding and inviting
// people, accepting an invitation and changing a password.
import { z } from 'zod';
import { roles } from '@/core/auth/permissions';
import { emailField, inviteTokenField, passwordField } from './fields';
import { lineText } from './text-field';

export const minPasswordLength = 10;

const personName = lineText(80);
const roleField = z.enum(roles, { error: `Must be one of: ${roles.join(', ')}.` });
const invitableRoles = roles.filter((role) => role !== 'owner') as Exclude<(typeof roles)[number], 'owner'>[];

/** First run: the one owner account (there is no default password). */
export const setupOwnerInput = z.strictObject({
  name: personName,
  email: emailField,
  password: passwordField(minPasswordLength),
});
export type SetupOwnerInput = z.infer<typeof setupOwnerInput>;

/** Any non-empty password may be tried: accounts made before a rule changed must still sign in. */
export const loginInput = z.strictObject({
  email: emailField,
  password: passwordField(1),
});
export type LoginInput = z.infer<typeof loginInput>;

/** An owner or admin adding an account directly (also the CLI's create-user). */
export const createUserInput = z.strictObject({
  email: emailField,
  role: roleField,
  name: personName.optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** An invitation never makes an owner: owners are made by the first run or by another owner. */
export const inviteInput = z.strictObject({
  email: emailField,
  role: z.enum(invitableRoles, { error: `Must be one of: ${invitableRoles.join(', ')} (an invitation cannot make an owner).` }),
  name: personName.optional(),
});
export type InviteInput = z.infer<typeof inviteInput>;

export const acceptInviteInput = z.strictObject({
  token: inviteTokenField,
  name: personName,
  password: passwordField(minPasswordLength),
});
export type AcceptInviteInput = z.infer<typeof acceptInviteInput>;

export const changePasswordInput = z
  .strictObject({
    currentPassword: passwordField(1),
    newPassword: passwordField(minPasswordLength),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: 'Must differ from the current password.',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
