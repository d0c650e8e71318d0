import { Badge, HStack, Progress, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BimFileState, BimModelState, QualityStage } from '#domain/quality';
import type { BimModelFile } from '#domain/quality-responses';
import { formatNumber } from '../../../shared/format.ts';

const T = 'quality_ui.models';

const MODEL_STATE_COLORS: Record<BimModelState, string> = {
  sin_archivos: 'gray',
  en_optimizacion: 'orange',
  listo: 'green',
  error: 'red',
};
const FILE_STATE_COLORS: Record<BimFileState, string> = {
  en_cola: 'gray',
  procesando: 'orange',
  listo: 'green',
  error: 'red',
};

export const stageLabel = (t: TFunction, stage: QualityStage) => t(`${T}.stages.${stage}`);

/** A model's state: 'en optimización' while any file is queued or processing (domain/quality.ts modelStateOf). */
export function ModelStateTag({ state }: { state: BimModelState }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={MODEL_STATE_COLORS[state]} variant="subtle" data-testid="model-state" data-state={state}>
      {t(`${T}.states.${state}`)}
    </Badge>
  );
}

/** A file's state with its live progress bar while it is being processed. */
export function FileStateTag({ file }: { file: BimModelFile }) {
  const { t } = useTranslation();
  const busy = file.state === 'en_cola' || file.state === 'procesando';
  const percent = Math.round(Math.max(0, Math.min(1, file.progress)) * 100);
  return (
    <HStack gap="2" minW="0" flexWrap="wrap" data-testid="file-state" data-state={file.state}>
      <Badge colorPalette={FILE_STATE_COLORS[file.state]} variant="subtle">
        {t(`${T}.file_states.${file.state}`)}
      </Badge>
      {busy ? (
        <HStack gap="2" flex="1" minW="120px">
          <Progress.Root
            value={percent}
            size="xs"
            flex="1"
            colorPalette="orange"
            aria-label={t(`${T}.progress_label`, { name: file.file.name })}
            data-testid="file-progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text textStyle="xs" color="fg.muted" minW="3ch">
            {t(`${T}.percent`, { value: formatNumber(percent, { precision: 0 }) })}
          </Text>
        </HStack>
      ) : null}
    </HStack>
  );
}

/** The server's error key (quality.errors.*) in the user's language, or a generic failure when it is unknown. */
export const fileErrorText = (t: TFunction, key: string | null) =>
  key ? t(key, { defaultValue: t(`${T}.error_unknown`) }) : '';

/** 12,3 s or 2,1 min */
export function formatDuration(t: TFunction, ms: number | null): string {
  if (ms == null) return '';
  if (ms < 60_000) return t(`${T}.seconds`, { value: formatNumber(ms / 1000, { precision: 1 }) });
  return t(`${T}.minutes`, { value: formatNumber(ms / 60_000, { precision: 1 }) });
}
