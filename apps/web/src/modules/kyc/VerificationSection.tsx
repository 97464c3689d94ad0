import { Alert, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { KycFlow } from './KycFlow';
import { KycStatusCard } from './KycStatusCard';
import { useKycRecord } from './kyc.api';
import { draftFromRecord, kycView } from './kyc-logic';

type Props = {
  /** Show the form at once when the status allows a submission (the verification page), or behind a button (/loan). */
  startOpen: boolean;
  /** The level of the section's headings under the page's h1. */
  titleOrder?: 2 | 3;
};

/**
 * The verification as a page section: the status and, when a submission is allowed (never
 * verified, or not passed), the stepper. Once sent, the form gives way to the pending status,
 * which takes the focus, with a confirmation read out.
 */
export function VerificationSection({ startOpen, titleOrder = 2 }: Props) {
  const { t } = useTranslation();
  const record = useKycRecord();
  const [isFlowOpen, setFlowOpen] = useState(startOpen);
  const [wasOpenedByButton, setOpenedByButton] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const statusHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justSent) statusHeading.current?.focus();
  }, [justSent]);

  return (
    <QueryState query={record}>
      {(data) => {
        const view = kycView(data);
        const showsFlow = view.canSubmit && isFlowOpen;
        return (
          <Stack gap="lg">
            {justSent && (
              <Alert color="teal" role="status" data-testid="kyc-sent">
                {t('kyc.flow.sent')}
              </Alert>
            )}
            <KycStatusCard
              record={data}
              titleOrder={titleOrder}
              headingRef={statusHeading}
              onStart={
                showsFlow
                  ? undefined
                  : () => {
                      setJustSent(false);
                      setOpenedByButton(true);
                      setFlowOpen(true);
                    }
              }
            />
            {showsFlow && (
              <KycFlow
                // A new refusal (another decision) starts a new form from its details.
                key={data.decidedAt ?? 'first'}
                initial={draftFromRecord(data)}
                titleOrder={titleOrder}
                focusOnOpen={wasOpenedByButton}
                onSubmitted={() => {
                  setFlowOpen(false);
                  setJustSent(true);
                }}
                onCancel={startOpen ? undefined : () => setFlowOpen(false)}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
