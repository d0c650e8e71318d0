import { useEffect } from 'react';
import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { BasicInfoSection } from './basic-info-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SignatureSection } from './signature-section.tsx';

/** /config/cuenta (docs/product.md §2): basic info, password, signature, settings, language. */
export function CuentaPage() {
  const { t } = useTranslation();
  const { data: user, refetch } = useAuthUser();
  const [search] = useSearchParams();
  // The e-mail verification link lands here with its outcome (?email_verificado=1|0).
  const verified = search.get('email_verificado');
  useEffect(() => {
    if (verified === '1') void refetch();
  }, [verified, refetch]);
  if (!user) return <PageSpinner />;

  return (
    <Stack gap="5" data-testid="cuenta-page">
      <PageHeader title={t('routes.config.cuenta.title')} subtitle={`${user.full_name} · ${user.grupo.desc_grupo}`} />
      {verified ? (
        <Alert.Root status={verified === '1' ? 'success' : 'error'}>
          <Alert.Indicator />
          <Alert.Title>{t(verified === '1' ? 'account.verify_done' : 'account.verify_invalid')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <BasicInfoSection key={`basic-${user.id}`} user={user} />
      <PasswordSection />
      <SignatureSection user={user} />
      <SettingsSection key={`settings-${user.id}`} user={user} />
      <LanguageSection />
    </Stack>
  );
}
