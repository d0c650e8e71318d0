import type { UserRow } from '#domain/users-responses';
import type { Translate } from '../../../lib/i18n.ts';
import type { SheetColumn } from '../../../lib/spreadsheet.ts';

/** Columns of the user export (docs/product.md §7 exports), in the caller's language. */
/** The users export's columns (docs/product.md, User administration). */
export function userColumns(t: Translate): SheetColumn<UserRow>[] {
  return [
    { header: t('config_users.import.columns.username'), width: 20, value: (r) => r.username },
    { header: t('config_users.import.columns.first_name'), width: 20, value: (r) => r.first_name },
    { header: t('config_users.import.columns.last_name'), width: 24, value: (r) => r.last_name },
    { header: t('config_users.import.columns.email'), width: 30, value: (r) => r.email ?? '' },
    { header: t('config_users.import.columns.position'), width: 24, value: (r) => r.position?.name ?? '' },
    { header: t('config_users.import.columns.profile'), width: 24, value: (r) => r.profile?.name ?? '' },
    {
      header: t('config_users.import.columns.projects'),
      width: 40,
      value: (r) => (r.all_projects ? t('config_users.all_projects') : r.projects.map((p) => p.name).join(', ')),
    },
    {
      header: t('config_users.export.state'),
      width: 16,
      value: (r) => t(`machines.user.states.cuenta.${r.state.cuenta}`),
    },
    {
      header: t('config_users.export.email_verified'),
      width: 16,
      value: (r) => t(`machines.user.states.correo.${r.state.correo}`),
    },
    {
      header: t('config_users.export.signature'),
      width: 16,
      value: (r) => (r.signature_path ? t(`machines.user.states.firma.${r.state.firma}`) : ''),
    },
  ];
}
