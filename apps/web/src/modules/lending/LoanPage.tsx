import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TLoanSetting } from '@openbourse/contracts';
import { KYC_STATUS } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Loading, QueryState } from '../../shared/ui/QueryState';
import { useKycRecord } from '../kyc/kyc.api';
import { VerificationSection } from '../kyc/VerificationSection';
import { useLoanSession, useLoanSettings } from './lending.api';
import { verificationLevelOf } from './loan-math';
import { MyLoans } from './MyLoans';
import { ProductCard, type Viewer } from './ProductCard';
import { DemoNotice, LoanScreen, PageTitle, SignInToBorrow } from './parts';

/**
 * /loan (SPEC §2 "Loans: KYC flow, apply, loan detail, sign, repay, agreement download"): the
 * products offered, the borrower's loans and their identity verification. A visitor sees the
 * products and a way to sign in; a demo account that loans are for the live account only.
 */
export default function LoanPage() {
  return (
    <LoanScreen testId="loan-page">
      <Loans />
    </LoanScreen>
  );
}

function Loans() {
  const { t } = useTranslation();
  const { isSignedIn, isLive } = useLoanSession();
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>{t('lending.page.title')}</PageTitle>
        <Text c="dimmed" mt={-8}>
          {t('lending.page.intro')}
        </Text>
      </div>
      {!isSignedIn && <SignInToBorrow from="/loan" />}
      {isSignedIn && !isLive && <DemoNotice />}
      {isLive ? <BorrowerProducts /> : <Products viewer={{ kind: isSignedIn ? 'demo' : 'visitor' }} />}
      {isLive && (
        <Card withBorder padding="lg" component="section" aria-labelledby="my-loans-title">
          <Title order={2} size="h3" id="my-loans-title" mb="sm">
            {t('lending.page.myLoans.title')}
          </Title>
          <MyLoans />
        </Card>
      )}
      {isLive && <VerificationSection startOpen={false} />}
    </Stack>
  );
}

/** The products with the limits of the borrower's own verification level. */
function BorrowerProducts() {
  const record = useKycRecord();
  // The limits shown are the borrower's own: wait for the verification (a failed read counts as unverified).
  if (record.isPending) return <Loading />;
  const status = record.data?.status;
  return (
    <Products
      viewer={{
        kind: 'borrower',
        level: verificationLevelOf(status),
        isPending: status === KYC_STATUS.pending,
      }}
    />
  );
}

function Products({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const settings = useLoanSettings();
  return (
    <Stack gap="sm" component="section" aria-labelledby="loan-products-title" data-testid="loan-products">
      <Title order={2} size="h3" id="loan-products-title">
        {t('lending.page.products.title')}
      </Title>
      <QueryState query={settings}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="loan-products-empty">
              {t('lending.page.products.empty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {data.items.map((setting: TLoanSetting) => (
                <ProductCard key={setting.id} setting={setting} viewer={viewer} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Stack>
  );
}
