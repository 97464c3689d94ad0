import { Card, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { MyOptionsOnInstrument } from './MyOptions';
import { type BuyChoice, OptionsChain } from './OptionsChain';
import { OptionTicket } from './OptionTicket';
import { useOptionsChain } from './options.api';
import { WithOptionsTexts } from './options-i18n';
import './options.css';

/**
 * The options of one instrument, on its page (issue 19; loaded in its own chunk): the chain,
 * read again every few seconds while the section is on screen, the ticket an ask opens, and the
 * user's open options on the instrument. An instrument without options shows nothing.
 */
export default function OptionsSection({ code, precision }: { code: string; precision?: number }) {
  return (
    <WithOptionsTexts fallback={null}>
      <Section code={code} precision={precision} />
    </WithOptionsTexts>
  );
}

function Section({ code, precision }: { code: string; precision?: number }) {
  const { t } = useTranslation();
  const { ref, inViewport } = useInViewport();
  const chain = useOptionsChain(code, { live: inViewport });
  const { token } = useSession();
  const [buying, setBuying] = useState<(BuyChoice & { key: number }) | null>(null);
  const data = chain.data;
  return (
    // Without options the section takes no room (not even the page's gap between sections).
    <div ref={ref} data-testid="options-section" style={data && !data.listed ? { display: 'none' } : undefined}>
      {chain.isPending ? (
        <Card withBorder padding="lg" role="status" aria-busy="true">
          <VisuallyHidden>{t('options.chain.loading')}</VisuallyHidden>
          <Skeleton height={22} width="40%" mb="md" />
          <Skeleton height={16} mb={8} />
          <Skeleton height={16} mb={8} />
          <Skeleton height={16} width="70%" />
        </Card>
      ) : chain.isError && !data ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="options-title">
          <Title order={2} size="h4" id="options-title" mb="sm">
            {t('options.chain.title', { code })}
          </Title>
          <LoadFailed error={chain.error} onRetry={() => void chain.refetch()} />
        </Card>
      ) : data?.listed ? (
        <Stack gap="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="options-title">
            <Title order={2} size="h4" id="options-title" mb="sm">
              {t('options.chain.title', { code })}
            </Title>
            <OptionsChain
              chain={data}
              precision={precision}
              onBuy={(choice) => setBuying({ ...choice, key: Date.now() })}
            />
          </Card>
          {token && (
            <Card withBorder padding="lg" component="section" aria-labelledby="options-mine-title">
              <Title order={2} size="h4" id="options-mine-title" mb="sm">
                {t('options.mine.titleOn', { code })}
              </Title>
              <MyOptionsOnInstrument code={code} />
            </Card>
          )}
          {buying && (
            <OptionTicket
              key={buying.key}
              chain={data}
              choice={{ quote: buying.quote, expiry: buying.expiry }}
              onClose={() => setBuying(null)}
            />
          )}
        </Stack>
      ) : null}
    </div>
  );
}
