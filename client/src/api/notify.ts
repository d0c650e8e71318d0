import { TOAST_DURATION_MS } from '#domain/limits';
import { i18n } from '../shared/i18n.ts';
import type { ErrorToastMeta } from './toaster.tsx';

/**
 * docs/product.md §8 feedback shared by every call: failed responses raise a toast (bottom-left, 8000 ms),
 * a success that carries warnings opens a persistent dialog. Both are module-level stores so the
 * API clients (plain functions) can raise them; <ApiFeedback/> renders them. The toaster itself
 * (Chakra/zag) is a separate chunk fetched with the first toast, keeping it out of the first load.
 */
export type ToastKind = 'error' | 'warning' | 'success';
/** `action`: one button on the toast (an undo); clicking it closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastRequest = { type: ToastKind; title: string; errors: string[]; status?: number; action?: ToastAction };

type ToasterModule = typeof import('./toaster.tsx');
let toasterModule: Promise<ToasterModule> | undefined;
export const loadToaster = (): Promise<ToasterModule> => (toasterModule ??= import('./toaster.tsx'));

const feedbackListeners = new Set<() => void>();
let isToasterWanted = false;
/** Whether a toast was ever requested (the <ApiFeedback/> host mounts the toaster from then on). */
export const toasterWanted = {
  get: () => isToasterWanted,
  subscribe(listener: () => void) {
    feedbackListeners.add(listener);
    return () => {
      feedbackListeners.delete(listener);
    };
  },
};

export function showToast(request: ToastRequest) {
  if (!isToasterWanted) {
    isToasterWanted = true;
    feedbackListeners.forEach((l) => l());
  }
  void loadToaster().then((m) =>
    m.toaster.create({
      type: request.type,
      title: request.title,
      duration: TOAST_DURATION_MS,
      closable: true,
      action: request.action,
      meta: { errors: request.errors, status: request.status } satisfies ErrorToastMeta,
    }),
  );
}

export function showErrorToast(status: number, message: string | undefined | null, errors: readonly unknown[] = []) {
  const title = message?.trim() || i18n.t('common.error_default');
  showToast({
    // 422 is a validation warning (orange, warning icon); everything else is an error (red, error icon).
    type: status === 422 ? 'warning' : 'error',
    title,
    // A bullet that only repeats the title (errors: [message]) says nothing more.
    errors: errors.filter((e): e is string => typeof e === 'string' && e.trim().length > 0 && e.trim() !== title),
    status,
  });
}

/** A success, with lines under it (`details`) and one action, such as "Deshacer" after a move. */
export function showSuccessToast(message: string, extra: { details?: string[]; action?: ToastAction } = {}) {
  showToast({ type: 'success', title: message, errors: extra.details ?? [], action: extra.action });
}

export type WarningsNotice = { id: number; title: string; warnings: string[] };

let notices: WarningsNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const warningsDialog = {
  open(message: string | undefined | null, warnings: readonly unknown[]) {
    const list = warnings.map((w) => (typeof w === 'string' ? w : JSON.stringify(w)));
    notices = [...notices, { id: nextId++, title: message?.trim() || i18n.t('common.attention'), warnings: list }];
    emit();
  },
  dismiss(id: number) {
    notices = notices.filter((n) => n.id !== id);
    emit();
  },
  current: (): WarningsNotice | undefined => notices[0],
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  clear() {
    notices = [];
    emit();
  },
};
