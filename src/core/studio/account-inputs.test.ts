import { describe, expect, it } from 'vitest';
import { acceptInviteInput, changePasswordInput, createUserInput, inviteInput, loginInput, setupOwnerInput } from './account-inputs';
import { fieldErrors } from './field-errors';

const fieldsAtFault = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? [] : Object.keys(fieldErrors(result.error!));

describe('setupOwnerInput', () => {
  it('takes a name, an email and a password of 10 to 256 characters, kept as typed', () => {
    const input = { name: '林悦', email: 'lin@example.com', password: '  ten chars ' };
    expect(setupOwnerInput.parse(input)).toEqual(input);
    expect(fieldsAtFault(setupOwnerInput.safeParse({ ...input, password: '123456789' }))).toEqual(['password']);
    expect(fieldsAtFault(setupOwnerInput.safeParse({ ...input, password: 'x'.repeat(257) }))).toEqual(['password']);
    expect(fieldsAtFault(setupOwnerInput.safeParse({ ...input, name: 'x'.repeat(81) }))).toEqual(['name']);
    expect(fieldsAtFault(setupOwnerInput.safeParse({ ...input, name: '   ' }))).toEqual(['name']);
    expect(fieldsAtFault(setupOwnerInput.safeParse({ ...input, role: 'owner' }))).toEqual(['role']);
  });

  it('counts a password in characters: ten Han characters are enough', () => {
    expect(setupOwnerInput.safeParse({ name: 'A', email: 'a@example.com', password: '密码密码密码密码密码' }).success).toBe(true);
  });
});

describe('loginInput', () => {
  it('takes any non-empty password', () => {
    expect(loginInput.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(fieldsAtFault(loginInput.safeParse({ email: 'a@example.com', password: '' }))).toEqual(['password']);
    expect(fieldsAtFault(loginInput.safeParse({ email: 'nobody', password: 'x' }))).toEqual(['email']);
  });
});

describe('createUserInput and inviteInput', () => {
  it('let a user be created with any role, but never invite an owner', () => {
    expect(createUserInput.safeParse({ email: 'a@example.com', role: 'owner' }).success).toBe(true);
    expect(inviteInput.safeParse({ email: 'a@example.com', role: 'translator' }).success).toBe(true);
    const owner = inviteInput.safeParse({ email: 'a@example.com', role: 'owner' });
    expect(fieldErrors(owner.error!).role).toEqual([expect.stringContaining('cannot make an owner')]);
    expect(fieldsAtFault(createUserInput.safeParse({ email: 'a@example.com', role: 'root' }))).toEqual(['role']);
  });
});

describe('acceptInviteInput', () => {
  it('takes a url-safe token of 32 to 128 characters', () => {
    const input = { token: 'abcDEF012_-'.repeat(4), name: 'Tom', password: 'a long password' };
    expect(acceptInviteInput.safeParse(input).success).toBe(true);
    expect(fieldsAtFault(acceptInviteInput.safeParse({ ...input, token: 'a+b/'.repeat(10) }))).toEqual(['token']);
  });
});

describe('changePasswordInput', () => {
  it('needs a new password of 10 characters that differs from the current one', () => {
    expect(changePasswordInput.safeParse({ currentPassword: 'old', newPassword: 'new password' }).success).toBe(true);
    expect(fieldsAtFault(changePasswordInput.safeParse({ currentPassword: 'old', newPassword: 'short' }))).toEqual(['newPassword']);
    expect(fieldsAtFault(changePasswordInput.safeParse({ currentPassword: 'same password', newPassword: 'same password' }))).toEqual([
      'newPassword',
    ]);
  });
});
