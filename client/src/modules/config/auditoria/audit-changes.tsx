import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '#domain/audit';

const shown = (value: unknown, empty: string) =>
  value === null || value === undefined || value === ''
    ? empty
    : typeof value === 'string'
      ? value
      : typeof value === 'boolean' || typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);

/** One line's before and after, field by field (docs/product.md §1 audit log): only what changed. */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) return <Text color="fg.muted">{t('config_ui.audit.no_changes')}</Text>;
  const empty = t('config_ui.audit.empty_value');
  const label = (field: string) => t(`config_ui.audit.fields.${field}`, { defaultValue: field });
  return (
    // No scroll box of its own: the audit table's scroll area holds it (one keyboard-reachable scroll region).
    <Table.Root size="sm" variant="outline">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('config_ui.audit.field')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('config_ui.audit.before')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('config_ui.audit.after')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {changes.map((c) => (
          <Table.Row key={c.field}>
            <Table.Cell fontWeight="medium">{label(c.field)}</Table.Cell>
            <Table.Cell>
              <Text as="del" color="fg.muted">
                {shown(c.before, empty)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Text as="ins" textDecoration="none">
                {shown(c.after, empty)}
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
