import { Box, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cboxFolderPath } from '#domain/cbox';
import type { CboxCrumb } from '#domain/cbox-responses';
import { dropTargetProps } from './drag.ts';
import type { ItemRef } from './selection.ts';

const dropHighlight = {
  '&[data-drop-over]': { outline: '2px dashed', outlineColor: 'var(--chakra-colors-brand-solid)' },
};

/**
 * Where the open folder is: "Biblioteca" (the root), then each folder down to it. Every step but the last opens
 * that folder, and items dragged onto a step move there.
 */
export function CboxBreadcrumbs({
  trail,
  onMoveInto,
}: {
  trail: readonly CboxCrumb[];
  onMoveInto: (folderId: number | null, refs: ItemRef[]) => void;
}) {
  const { t } = useTranslation();
  const steps: { id: number | null; name: string }[] = [{ id: null, name: t('cbox_ui.explorer.root') }, ...trail];
  return (
    <nav aria-label={t('cbox_ui.explorer.breadcrumbs')} data-testid="cbox-breadcrumbs">
      <Flex as="ol" wrap="wrap" align="center" gap="1" listStyleType="none" textStyle="sm">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          return (
            <Flex
              as="li"
              key={step.id ?? 'root'}
              align="center"
              gap="1"
              minW="0"
              {...dropTargetProps(step.id, (refs) => onMoveInto(step.id, refs))}
              css={dropHighlight}
              borderRadius="sm"
            >
              {i > 0 ? (
                <Box as="span" color="fg.muted" aria-hidden="true" display="inline-flex">
                  <ChevronRight size={14} />
                </Box>
              ) : null}
              {last ? (
                <Box as="span" aria-current="page" fontWeight="semibold" truncate>
                  {step.name}
                </Box>
              ) : (
                <ChakraLink asChild color="fg.muted" truncate>
                  <Link to={cboxFolderPath(step.id)}>{step.name}</Link>
                </ChakraLink>
              )}
            </Flex>
          );
        })}
      </Flex>
    </nav>
  );
}
