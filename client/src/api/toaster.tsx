import { Box, createToaster, List, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '#domain/limits';

/** What a toast carries beyond its title (api/notify.ts fills it): the errors as bullets, the HTTP status. */
export type ErrorToastMeta = { errors: string[]; status?: number };

/** docs/product.md §8/§9: toasts bottom-left ('bottom-start'), 8000 ms. */
export const toaster = createToaster({ placement: 'bottom-start', duration: TOAST_DURATION_MS, pauseOnPageIdle: true });

const ICONS = { warning: TriangleAlert, error: CircleX, success: CircleCheck } as const;

/** 422 orange with a warning icon, other failures red with an error icon; then the errors as bullets. */
export function ApiToaster() {
  const { t } = useTranslation();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const meta = toast.meta as ErrorToastMeta | undefined;
          const kind = (
            toast.type === 'warning' || toast.type === 'success' ? toast.type : 'error'
          ) as keyof typeof ICONS;
          const Icon = ICONS[kind];
          return (
            <Toast.Root width={{ md: 'sm' }} data-testid="api-toast" data-status={meta?.status}>
              <Box as="span" flexShrink={0} mt="0.5" data-icon={kind}>
                <Icon size={20} aria-hidden />
              </Box>
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
                {meta?.errors?.length ? (
                  <Toast.Description asChild>
                    <List.Root as="ul" ps="4" gap="0.5">
                      {meta.errors.map((e, i) => (
                        <List.Item key={i}>{e}</List.Item>
                      ))}
                    </List.Root>
                  </Toast.Description>
                ) : null}
              </Stack>
              {toast.action ? (
                <Toast.ActionTrigger data-testid="toast-action">{toast.action.label}</Toast.ActionTrigger>
              ) : null}
              {toast.closable ? <Toast.CloseTrigger aria-label={t('app.close')} /> : null}
            </Toast.Root>
          );
        }}
      </Toaster>
    </Portal>
  );
}
