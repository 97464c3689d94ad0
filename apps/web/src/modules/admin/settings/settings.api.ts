import type {
  OptionsExpiryStatus,
  TAdminFeeScheduleUpdateRequest,
  TAdminInstrumentUpdateRequest,
  TInviteRewardSettingsRequest,
  TListOptionsExpiryRequest,
  TLoanSettingCreateRequest,
  TLoanSettingEnabledRequest,
  TLoanSettingUpdateRequest,
  TOptionsProductCreateRequest,
  TOptionsProductEnabledRequest,
  TOptionsProductUpdateRequest,
  TPaymentAssetUpdateRequest,
  TSavingsProductCreateRequest,
  TSavingsProductStatusRequest,
  TSavingsProductUpdateRequest,
  TSettleOptionsExpiryRequest,
  TSmartProductCreateRequest,
  TSmartProductEnabledRequest,
  TSmartProductUpdateRequest,
} from '@openbourse/contracts';
import {
  lendingAdminEndpoints,
  marketAdminEndpoints,
  optionsAdminEndpoints,
  paymentsAdminEndpoints,
  plansAdminEndpoints,
  referralAdminEndpoints,
  savingsAdminEndpoints,
} from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { useSession } from '../../identity/session';

/** Every read of this area sits under this key, so a change reads them all again. */
const SETTINGS_KEY = ['admin', 'settings'] as const;

export function useAdminInstruments() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'instruments', token],
    queryFn: ({ signal }) => callApi(marketAdminEndpoints.instruments, { signal }),
    enabled: token !== null,
  });
}

export function useFeeSchedule() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'fee-schedule', token],
    queryFn: ({ signal }) => callApi(marketAdminEndpoints.feeSchedule, { signal }),
    enabled: token !== null,
  });
}

export function usePaymentSettings() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'payments', token],
    queryFn: ({ signal }) => callApi(paymentsAdminEndpoints.paymentSettings, { signal }),
    enabled: token !== null,
  });
}

/**
 * A settings change, then every list of the area read again: an instrument's row carries its
 * class's fee rate, so a fee change shows there too; after a refusal too, since another operator
 * may have changed what the form started from.
 */
function useSettingsMutation<Variables>(send: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

export function useUpdateInstrument() {
  return useSettingsMutation(({ code, body }: { code: string; body: TAdminInstrumentUpdateRequest }) =>
    callApi(marketAdminEndpoints.updateInstrument, { params: { code }, body }),
  );
}

export function useUpdateFeeRate() {
  return useSettingsMutation(({ assetClass, body }: { assetClass: string; body: TAdminFeeScheduleUpdateRequest }) =>
    callApi(marketAdminEndpoints.updateFeeRate, { params: { assetClass }, body }),
  );
}

export function useUpdatePaymentSettings() {
  return useSettingsMutation(({ asset, body }: { asset: string; body: TPaymentAssetUpdateRequest }) =>
    callApi(paymentsAdminEndpoints.updatePaymentSettings, { params: { asset }, body }),
  );
}

export function useAdminLoanSettings() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'loans', token],
    queryFn: ({ signal }) => callApi(lendingAdminEndpoints.loanSettings, { signal }),
    enabled: token !== null,
  });
}

export function useCreateLoanSetting() {
  return useSettingsMutation((body: TLoanSettingCreateRequest) =>
    callApi(lendingAdminEndpoints.createLoanSetting, { body }),
  );
}

export function useUpdateLoanSetting() {
  return useSettingsMutation(({ id, body }: { id: string; body: TLoanSettingUpdateRequest }) =>
    callApi(lendingAdminEndpoints.updateLoanSetting, { params: { id }, body }),
  );
}

export function useSetLoanSettingEnabled() {
  return useSettingsMutation(({ id, body }: { id: string; body: TLoanSettingEnabledRequest }) =>
    callApi(lendingAdminEndpoints.setLoanSettingEnabled, { params: { id }, body }),
  );
}

export function useAdminSavingsProducts() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'savings', token],
    queryFn: ({ signal }) => callApi(savingsAdminEndpoints.savingsProducts, { signal }),
    enabled: token !== null,
  });
}

export function useCreateSavingsProduct() {
  return useSettingsMutation((body: TSavingsProductCreateRequest) =>
    callApi(savingsAdminEndpoints.createSavingsProduct, { body }),
  );
}

export function useUpdateSavingsProduct() {
  return useSettingsMutation(({ id, body }: { id: string; body: TSavingsProductUpdateRequest }) =>
    callApi(savingsAdminEndpoints.updateSavingsProduct, { params: { id }, body }),
  );
}

export function useSetSavingsProductStatus() {
  return useSettingsMutation(({ id, body }: { id: string; body: TSavingsProductStatusRequest }) =>
    callApi(savingsAdminEndpoints.setSavingsProductStatus, { params: { id }, body }),
  );
}
/** While a product's backtest waits or runs, the list is read again this often (it runs in the background). */
const BACKTEST_WATCH_MS = 3_000;

/** The plan products (issue 18), each with its backtest's state. */
export function useAdminSmartProducts() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'smart-products', token],
    queryFn: ({ signal }) => callApi(plansAdminEndpoints.smartProducts, { signal }),
    enabled: token !== null,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.backtestState === 'pending' || item.backtestState === 'running')
        ? BACKTEST_WATCH_MS
        : false,
  });
}

export function useCreateSmartProduct() {
  return useSettingsMutation((body: TSmartProductCreateRequest) =>
    callApi(plansAdminEndpoints.createSmartProduct, { body }),
  );
}

export function useUpdateSmartProduct() {
  return useSettingsMutation(({ id, body }: { id: string; body: TSmartProductUpdateRequest }) =>
    callApi(plansAdminEndpoints.updateSmartProduct, { params: { id }, body }),
  );
}

export function useSetSmartProductEnabled() {
  return useSettingsMutation(({ id, body }: { id: string; body: TSmartProductEnabledRequest }) =>
    callApi(plansAdminEndpoints.setSmartProductEnabled, { params: { id }, body }),
  );
}

/** "Backtest this product": run again now over the stored candles (in the background). */
export function useBacktestSmartProduct() {
  return useSettingsMutation((id: string) => callApi(plansAdminEndpoints.backtestSmartProduct, { params: { id } }));
}

/** The options products (issue 19), each with what its series have reserved now. */
export function useAdminOptionsProducts() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'options-products', token],
    queryFn: ({ signal }) => callApi(optionsAdminEndpoints.optionsProducts, { signal }),
    enabled: token !== null,
  });
}

export function useCreateOptionsProduct() {
  return useSettingsMutation((body: TOptionsProductCreateRequest) =>
    callApi(optionsAdminEndpoints.createOptionsProduct, { body }),
  );
}

export function useUpdateOptionsProduct() {
  return useSettingsMutation(({ id, body }: { id: string; body: TOptionsProductUpdateRequest }) =>
    callApi(optionsAdminEndpoints.updateOptionsProduct, { params: { id }, body }),
  );
}

export function useSetOptionsProductEnabled() {
  return useSettingsMutation(({ id, body }: { id: string; body: TOptionsProductEnabledRequest }) =>
    callApi(optionsAdminEndpoints.setOptionsProductEnabled, { params: { id }, body }),
  );
}

export function useListOptionsExpiry() {
  return useSettingsMutation(({ id, body }: { id: string; body: TListOptionsExpiryRequest }) =>
    callApi(optionsAdminEndpoints.listOptionsExpiry, { params: { id }, body }),
  );
}

/**
 * While the Options tab is open its expiries are read again this often: one waiting for an
 * operator's price appears by itself (the settlement runs in the background).
 */
const EXPIRIES_WATCH_MS = 30_000;

/** The options expiries, latest first (at most 200), of one status or all. */
export function useAdminOptionsExpiries(status: OptionsExpiryStatus | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'options-expiries', status, token],
    queryFn: ({ signal }) =>
      callApi(optionsAdminEndpoints.optionsExpiries, { query: status === null ? {} : { status }, signal }),
    enabled: token !== null,
    refetchInterval: EXPIRIES_WATCH_MS,
  });
}

export function useSettleOptionsExpiry() {
  return useSettingsMutation(({ id, body }: { id: string; body: TSettleOptionsExpiryRequest }) =>
    callApi(optionsAdminEndpoints.settleOptionsExpiry, { params: { id }, body }),
  );
}

/** The invite programme's rewards and budget (#20). */
export function useInviteRewards() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'invite-rewards', token],
    queryFn: ({ signal }) => callApi(referralAdminEndpoints.inviteRewards, { signal }),
    enabled: token !== null,
  });
}

export function useSetInviteRewards() {
  return useSettingsMutation((body: TInviteRewardSettingsRequest) =>
    callApi(referralAdminEndpoints.setInviteRewards, { body }),
  );
}
