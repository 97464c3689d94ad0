import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../ui/AdminPage';
import { FeeScheduleTab } from './FeeScheduleTab';
import { InstrumentsTab } from './InstrumentsTab';
import { InviteRewardsTab } from './InviteRewardsTab';
import { LoansTab } from './LoansTab';
import { OptionsTab } from './OptionsTab';
import { PaymentsTab } from './PaymentsTab';
import { PlansTab } from './PlansTab';
import { SavingsTab } from './SavingsTab';
import { TradingHoursTab } from './TradingHoursTab';

const TABS = ['instruments', 'fees', 'hours', 'payments', 'loans', 'savings', 'plans', 'options', 'invites'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/**
 * Products and settings (#14) at /admin/settings: instruments, the trading fee schedule,
 * trading-hours closures (TradingHoursTab, with its own texts), the payments settings of each
 * asset, the loan products (LoansTab), the savings products (SavingsTab), the smart plan
 * products (PlansTab), the options products with their expiries (OptionsTab) and the invite
 * programme's rewards and budget (InviteRewardsTab), each with its
 * own texts, one tab each. The tab is in the address (`?tab=fees`), so a link opens it and the
 * browser's back button returns to the previous one.
 */
export default function SettingsArea() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'instruments';
  return (
    <AdminPage title={t('admin.settings.title')} description={t('admin.settings.description')}>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isTab(next)) setParams(next === 'instruments' ? {} : { tab: next });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('admin.settings.tabs.label')}>
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {/* The trading-hours tab's texts are its own (locales/hours.*.json). */}
              {id === 'hours' ||
              id === 'loans' ||
              id === 'savings' ||
              id === 'plans' ||
              id === 'options' ||
              id === 'invites'
                ? t(`admin.${id}.tab`)
                : t(`admin.settings.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="instruments" pt="md">
          <InstrumentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="fees" pt="md">
          <FeeScheduleTab />
        </Tabs.Panel>
        <Tabs.Panel value="hours" pt="md">
          <TradingHoursTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="loans" pt="md">
          <LoansTab />
        </Tabs.Panel>
        <Tabs.Panel value="savings" pt="md">
          <SavingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="plans" pt="md">
          <PlansTab />
        </Tabs.Panel>
        <Tabs.Panel value="options" pt="md">
          <OptionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="invites" pt="md">
          <InviteRewardsTab />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
