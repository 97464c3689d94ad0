import { Skeleton } from '@mantine/core';
import { QueryState } from '../../shared/ui/QueryState';
import { KycStatusCard } from './KycStatusCard';
import { useKycRecord } from './kyc.api';
import { useKycTexts } from './kyc-i18n';

/** The profile's verification section (its own chunk): the status, and the way to the form. */
export default function KycProfileCard() {
  const hasTexts = useKycTexts();
  const record = useKycRecord();
  if (!hasTexts) return <Skeleton height={120} />;
  return (
    <QueryState query={record}>{(data) => <KycStatusCard record={data} startTo="/profile/verification" />}</QueryState>
  );
}
