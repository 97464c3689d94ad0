import { Button, Group, Table } from '@mantine/core';
import type { TBalance } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from './AmountText';

/** The assets a live user can deposit and withdraw from the balance page (#15). */
const MOVABLE_ASSETS = new Set(['USDT', 'USDC']);

/**
 * A book's balances per asset (available, held, total) at each asset's display precision, the
 * exact amount in the tooltip; with `withActions`, deposit and withdraw beside the movable assets.
 * The balance page and the positions dock's Account tab both show it.
 */
export function BalancesTable({
  rows,
  withActions = false,
  labelledBy,
  caption,
  testId,
}: {
  rows: readonly TBalance[];
  withActions?: boolean;
  labelledBy?: string;
  caption?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-labelledby={labelledBy} striped data-testid={testId}>
        {caption && <Table.Caption className="ob-visually-hidden">{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ledger.asset')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ledger.available')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ledger.held')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ledger.total')}
            </Table.Th>
            {withActions && (
              <Table.Th scope="col" ta="end">
                {t('money.actions')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.asset}>
              <Table.Th scope="row">{row.asset}</Table.Th>
              <Table.Td ta="end">
                <AmountText value={row.available} decimals={row.decimals} asset={row.asset} />
              </Table.Td>
              <Table.Td ta="end">
                <AmountText value={row.held} decimals={row.decimals} asset={row.asset} />
              </Table.Td>
              <Table.Td ta="end" fw={600}>
                <AmountText value={row.total} decimals={row.decimals} asset={row.asset} />
              </Table.Td>
              {withActions && (
                <Table.Td ta="end">
                  {MOVABLE_ASSETS.has(row.asset) && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        component={Link}
                        to={`/deposit?asset=${row.asset}`}
                        size="compact-sm"
                        aria-label={t('money.depositAsset', { asset: row.asset })}
                        data-testid={`deposit-${row.asset}`}
                      >
                        {t('money.deposit')}
                      </Button>
                      <Button
                        component={Link}
                        to={`/withdraw?asset=${row.asset}`}
                        size="compact-sm"
                        variant="default"
                        aria-label={t('money.withdrawAsset', { asset: row.asset })}
                        data-testid={`withdraw-${row.asset}`}
                      >
                        {t('money.withdraw')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
