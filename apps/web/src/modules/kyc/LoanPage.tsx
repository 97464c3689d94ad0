import { Alert, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../identity/session';
import { WithKycTexts } from './kyc-i18n';
import { VerificationSection } from './VerificationSection';

/**
 * /loan (SPEC §2: "Loans: KYC flow, apply, …"). No loan product is offered yet (issue 17's
 * lending part is still to come), so the page says so plainly and offers what works today: the
 * identity verification that loans will rely on. No product, rate or limit is shown before one
 * exists.
 */
export default function LoanPage() {
  return (
    <WithKycTexts>
      <Loans />
    </WithKycTexts>
  );
}

function Loans() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('kyc.loan.title')}
      </Title>
      <Stack gap="lg">
        <Alert color="blue" variant="light" title={t('kyc.loan.notYetTitle')} data-testid="loan-not-yet">
          {t('kyc.loan.notYet')}
        </Alert>
        {token ? (
          <VerificationSection startOpen={false} />
        ) : (
          <Card withBorder padding="lg">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('kyc.loan.signIn')}</Text>
              <Button component={Link} to="/pass/login" state={{ from: '/loan' }}>
                {t('kyc.loan.signInAction')}
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
