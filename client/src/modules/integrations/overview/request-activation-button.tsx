import { useTranslation } from 'react-i18next';
import { INTEGRATION_NAMES, type RequestTarget } from '#domain/integrations';
import { groupLabelKey } from '#domain/permission-catalogue';
import { showSuccessToast } from '../../../api/notify.ts';
import { useRequestActivation } from '../api/requests-api.ts';
import { ConfirmedButton } from './confirmed-button.tsx';

/** A module's name in the reader's language, or an integration's own name. */
export function useTargetName(target: RequestTarget): string {
  const { t } = useTranslation();
  return target.kind === 'module' ? t(groupLabelKey(target.module)) : INTEGRATION_NAMES[target.integration];
}

/**
 * Asks the provider to activate a module or set up an integration (docs/product.md §4), after a confirmation; the
 * server's message is the toast. Usable wherever a module offers its activation (e.g. Cbox's
 * biblioteca_solicitar_activacion).
 */
export function RequestActivationButton({ target, label }: { target: RequestTarget; label?: string }) {
  const { t } = useTranslation();
  const request = useRequestActivation();
  const name = useTargetName(target);
  const id = target.kind === 'module' ? target.module : target.integration;
  return (
    <ConfirmedButton
      label={label ?? t(`integrations_ui.requests.request_${target.kind}`)}
      title={t('integrations_ui.requests.confirm_title', { name })}
      body={t(`integrations_ui.requests.confirm_body_${target.kind}`, { name })}
      busy={request.isPending}
      variant="solid"
      testId={`request-${id}`}
      onConfirm={(done) =>
        request.mutate(
          { target },
          {
            onSuccess: (answer) => showSuccessToast(answer.message ?? t('integrations_ui.requests.sent')),
            onSettled: done,
          },
        )
      }
    />
  );
}
