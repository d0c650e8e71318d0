import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '#domain/audit';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
type T = (key: string) => string;
/** A stored value as a reader says it: yes/no for flags, JSON for structures, the text otherwise. */
const shown = (value: unknown, t: T) =>
  typeof value === 'boolean'
    ? t(value ? 'config_ui.yes' : 'config_ui.no')
    : typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * One line's before and after, field by field (docs/product.md §1 audit log): only what changed, the old value
 * struck through (a deletion) and the new one marked as inserted, so a screen reader says which is which.
 */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) return <Text color="fg.muted">{t('config_ui.audit.no_changes')}</Text>;
  const label = (field: string) => t(`config_ui.audit.fields.${field}`, { defaultValue: field });
  return (
    <Stack as="dl" gap="1" m="0">
      {changes.map((c) => (
        <Box key={c.field} display="flex" flexWrap="wrap" columnGap="2">
          <Text as="dt" fontWeight="medium">
            {label(c.field)}:
          </Text>
          <Text as="dd" m="0" display="flex" flexWrap="wrap" columnGap="1.5">
            {isEmpty(c.before) ? null : (
              <Text as="del" color="fg.muted">
                {shown(c.before, t)}
              </Text>
            )}
            {isEmpty(c.before) || isEmpty(c.after) ? null : <span aria-hidden="true">→</span>}
            {isEmpty(c.after) ? (
              isEmpty(c.before) ? (
                t('config_ui.audit.empty_value')
              ) : null
            ) : (
              <Text as="ins" textDecoration="none" color="fg">
                {shown(c.after, t)}
              </Text>
            )}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
