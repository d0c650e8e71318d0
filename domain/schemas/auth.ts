import { z } from 'zod';

/** Shared by the login form and POST auth/login. Messages are locale keys (SPEC §5). */
const requiredText = (max = 200) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max);

export const loginSchema = z.object({
  username: requiredText(100),
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ username: requiredText(100) });

export const PASSWORD_MIN = 8;
const newPassword = z.string({ error: 'validation.required' }).min(PASSWORD_MIN, 'validation.min_length').max(200);

export const resetPasswordSchema = z.object({
  token: requiredText(200),
  password: newPassword,
  password_confirmation: z.string({ error: 'validation.required' }),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'validation.same' });

export const changePasswordSchema = z.object({
  current_password: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  password: newPassword,
  password_confirmation: z.string({ error: 'validation.required' }),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'validation.same' });
