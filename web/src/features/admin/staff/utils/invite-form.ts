import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { formProblem, type FormProblem } from '@/lib/api-errors';
import { STAFF_ROLES } from '@/lib/staff-roles';
import type { InviteInput } from '../api/invite-staff';
import { SIGN_IN_METHODS } from './staff-labels';

/** What the invitation form holds; a role is chosen, never defaulted (what a person may do is a decision). */
export type InviteValues = { email: string; role: string; signIn: string };

/** The form's fields in page order (the first invalid one gets focus). */
export const INVITE_FIELDS = ['email', 'role', 'signIn'] as const satisfies readonly (keyof InviteValues)[];
export type InviteField = (typeof INVITE_FIELDS)[number];

/** The domain part of an address, lower-cased ('' without one). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/**
 * The checks the gateway makes that can be made here too: an address, a
 * role, a way to sign in, and a Google account on the company's domain
 * (`staffDomain`, when known).
 */
export function inviteSchema(staffDomain: string) {
  return z
    .object({
      email: z
        .string()
        .trim()
        .min(1, 'Enter the person’s e-mail address.')
        .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter an e-mail address like ana@example.com.'),
      role: z.string().refine((v) => (STAFF_ROLES as readonly string[]).includes(v), 'Choose a role.'),
      signIn: z.string().refine((v) => SIGN_IN_METHODS.some((m) => m.value === v), 'Choose how they sign in.'),
    })
    .superRefine((values, ctx) => {
      const domain = staffDomain.toLowerCase();
      if (values.signIn === 'google' && domain && values.email.includes('@') && domainOf(values.email) !== domain) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['email'],
          message: `A Google account must be an @${domain} address. For any other address, choose Password.`,
        });
      }
    });
}

/** The request body for the values. */
export function inviteInput(values: InviteValues): InviteInput {
  return { username: values.email.trim(), role: values.role, signIn: values.signIn };
}

/** The request's field names, as a 400's details name them, and the form's. */
const REQUEST_FIELDS: Readonly<Record<string, InviteField>> = { username: 'email', role: 'role', signIn: 'signIn', sign_in: 'signIn' };

/**
 * Where a refused invitation's reason goes: a per-field problem under its
 * field; an address already on the staff (409) under the e-mail; anything
 * else above the buttons. Null when the server sent no words of its own.
 */
export function inviteProblem(err: unknown): FormProblem<InviteField> | null {
  const problem = formProblem(err, REQUEST_FIELDS);
  if (problem && problem.field === null && err instanceof ApiError && err.status === 409) return { ...problem, field: 'email' };
  return problem;
}
