import { Alert, Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TKycRecord } from '@openbourse/contracts';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolateLtr, useCalendarDay, useCountryName, useDateTime } from './kyc-format';
import { type KycView, kycView } from './kyc-logic';

const BADGE_COLOURS: Record<KycView['kind'], string> = {
  notVerified: 'gray',
  pending: 'yellow',
  verified: 'teal',
  notPassed: 'red',
};

type Props = {
  record: TKycRecord;
  titleOrder?: 2 | 3;
  /** Opens the form here (a button)… */
  onStart?: () => void;
  /** …or on another page (a link), when the status allows a submission. */
  startTo?: string;
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The verification status (SPEC §4 "KYC"): not verified with the way to start; pending review
 * with the 48 hours' deadline; verified; not passed with the reviewer's reason and "Submit
 * again". Below, what is held about the user (SPEC §9, issue 17), for them to see.
 */
export function KycStatusCard({ record, titleOrder = 2, onStart, startTo, headingRef }: Props) {
  const { t } = useTranslation();
  const view = kycView(record);
  const dateTime = useDateTime();
  const headingId = useId();
  const actionLabel = view.kind === 'notPassed' ? t('kyc.status.notPassed.action') : t('kyc.status.notVerified.action');
  const action = view.canSubmit ? (
    startTo ? (
      <Button component={Link} to={startTo} w="fit-content" data-testid="kyc-start">
        {actionLabel}
      </Button>
    ) : onStart ? (
      <Button onClick={onStart} w="fit-content" data-testid="kyc-start">
        {actionLabel}
      </Button>
    ) : null
  ) : null;

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="kyc-status"
      data-status={view.kind}
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={titleOrder} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
          {t('kyc.status.title')}
        </Title>
        <Badge color={BADGE_COLOURS[view.kind]} variant="light" size="lg" data-testid="kyc-status-badge">
          <span className="ob-visually-hidden">{t('kyc.status.label')}: </span>
          {t(`kyc.status.states.${view.kind}`)}
        </Badge>
      </Group>

      <Stack gap="sm">
        {view.kind === 'notVerified' && <Text size="sm">{t('kyc.status.notVerified.body')}</Text>}
        {view.kind === 'pending' && (
          <>
            <Text size="sm">{t('kyc.status.pending.body')}</Text>
            {view.submittedAt && view.reviewBy && (
              <Text size="sm" c="dimmed">
                {t('kyc.status.pending.submitted', {
                  time: dateTime(view.submittedAt),
                  deadline: dateTime(view.reviewBy),
                })}
              </Text>
            )}
          </>
        )}
        {view.kind === 'verified' && (
          <Text size="sm">
            {view.decidedAt
              ? t('kyc.status.verified.decided', { time: dateTime(view.decidedAt) })
              : t('kyc.status.verified.body')}
          </Text>
        )}
        {view.kind === 'notPassed' && (
          <>
            <Text size="sm">{t('kyc.status.notPassed.body')}</Text>
            <Alert color="red" variant="light" title={t('kyc.status.notPassed.reason')} data-testid="kyc-reason">
              {view.reasonText ?? t('kyc.status.notPassed.noReason')}
            </Alert>
            {view.decidedAt && (
              <Text size="sm" c="dimmed">
                {t('kyc.status.notPassed.decided', { time: dateTime(view.decidedAt) })}
              </Text>
            )}
            {view.purgeAfter && (
              <Text size="sm" c="dimmed">
                {t('kyc.status.notPassed.purgeAfter', { time: dateTime(view.purgeAfter) })}
              </Text>
            )}
            {view.purgedAt && (
              <Text size="sm" c="dimmed">
                {t('kyc.status.notPassed.purged')}
              </Text>
            )}
          </>
        )}
        {action}
        {record.submission && <HeldData submission={record.submission} />}
        <Text size="xs" c="dimmed">
          {t('kyc.status.privacy')}
        </Text>
      </Stack>
    </Card>
  );
}

/** What the platform holds about the user, decrypted for them alone (the server answers only the owner). */
function HeldData({ submission }: { submission: NonNullable<TKycRecord['submission']> }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const regionId = useId();
  const countryName = useCountryName();
  const day = useCalendarDay();
  const rows: Array<[string, string]> = [
    [t('kyc.status.held.name'), `${submission.firstName} ${submission.lastName}`],
    [t('kyc.flow.fields.sex'), t(`kyc.flow.fields.sexes.${submission.sex}`)],
    [t('kyc.flow.fields.birthdate'), day(submission.birthdate)],
    [t('kyc.flow.fields.country'), countryName(submission.country)],
    [t('kyc.flow.fields.address'), submission.address],
    [t('kyc.flow.fields.phone'), isolateLtr(`${submission.areaCode} ${submission.phone}`)],
    [t('kyc.flow.fields.documentType'), t(`kyc.flow.fields.documentTypes.${submission.documentType}`)],
    [t('kyc.status.held.photos'), t('kyc.status.held.photosValue')],
  ];
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        px={0}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={regionId}
        data-testid="kyc-held-toggle"
      >
        {isOpen ? t('kyc.status.held.hide') : t('kyc.status.held.show')}
      </Button>
      <Collapse expanded={isOpen}>
        <section id={regionId} aria-label={t('kyc.status.held.title')}>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0} data-testid="kyc-held">
            {rows.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </section>
      </Collapse>
    </Stack>
  );
}
