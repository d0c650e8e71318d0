import { z } from 'zod';
import { LOGIN_LIMITS } from './login.ts';

/** Messages are locale keys (docs/product.md §5). */
const requiredText = (max = 200) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.max_length');

/** POST auth/login; the login page checks the same rules without zod (domain/schemas/login.ts). */
export const loginSchema = z.object({
  username: requiredText(LOGIN_LIMITS.username),
  password: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(LOGIN_LIMITS.password, 'validation.max_length'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ username: requiredText(100) });

export const PASSWORD_MIN = 8;
export const newPassword = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN, 'validation.min_length')
  .max(200);

export const resetPasswordSchema = z
  .object({
    token: requiredText(200),
    password: newPassword,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.same',
  });

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    password: newPassword,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.same',
  });
