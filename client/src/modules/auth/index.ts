/**
 * Public surface of the auth module (docs/architecture.md §2: modules meet at index.ts). The login page is the
 * first load; the password recovery pages are their own small chunk.
 */
export { LoginPage } from './login-page.tsx';
// Loaders, not components: the route table wraps them in its own lazy page (a lazy component
// resolving to another lazy component is React error #306).
export const loadForgotPasswordPage = () => import('./forgot-password-page.tsx');
export const loadResetPasswordPage = () => import('./reset-password-page.tsx');
export { PasswordInput } from './password-input.tsx';
export { safeRedirect } from './auth-api.ts';
