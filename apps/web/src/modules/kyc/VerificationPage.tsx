import { Anchor, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WithKycTexts } from './kyc-i18n';
import { VerificationSection } from './VerificationSection';

/** /profile/verification: the status and the form (issue 17), reached from the profile. */
export default function VerificationPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Anchor component={Link} to="/profile" size="sm" w="fit-content">
          {t('kyc.status.backToProfile')}
        </Anchor>
        <Title order={1}>{t('profile.kyc')}</Title>
      </Stack>
      <WithKycTexts>
        <VerificationSection startOpen />
      </WithKycTexts>
    </Container>
  );
}
