import { Anchor, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WithKycTexts } from './kyc-i18n';
import { VerificationSection } from './VerificationSection';

/** /profile/verification: the status and the form (issue 17), reached from the profile. */
export default function VerificationPage() {
  return (
    <Container size="md" py="xl">
      {/* The link's words are the KYC texts' own: read inside, once they are in (read by this
          component they were translated before they loaded, and the raw key showed). */}
      <WithKycTexts>
        <Verification />
      </WithKycTexts>
    </Container>
  );
}

function Verification() {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap={4} mb="lg">
        <Anchor component={Link} to="/profile" size="sm" w="fit-content">
          {t('kyc.status.backToProfile')}
        </Anchor>
        <Title order={1}>{t('profile.kyc')}</Title>
      </Stack>
      <VerificationSection startOpen />
    </>
  );
}
