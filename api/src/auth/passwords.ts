import argon2 from 'argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@directory/core';

/** The password README documents for a first start; production refuses to run while an admin still has it. */
export const DEFAULT_ADMIN_PASSWORD = 'admin-demo-password';

/** Admin passwords are stored as argon2id hashes only (the same parameters for every way of setting one). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}

/** What is wrong with a new password, as a sentence, or null when it may be used. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `The new password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The new password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password === DEFAULT_ADMIN_PASSWORD)
    return 'The new password is the documented demo password: choose a password of your own.';
  return null;
}
