import type { OnboardingChoice, TAppropriatenessRequest } from '@openbourse/contracts';
import { onboardingEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';

/** Per user, not per book: the keys carry the token only. */
const KEY = ['onboarding'] as const;

export function useOnboardingChoice() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, 'choice', token],
    queryFn: ({ signal }) => callApi(onboardingEndpoints.onboarding, { signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useChooseOnboarding() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (choice: OnboardingChoice) => callApi(onboardingEndpoints.chooseOnboarding, { body: { choice } }),
    onSuccess: (state) => queryClient.setQueryData([...KEY, 'choice', token], state),
  });
}

export function useAppropriateness(enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, 'appropriateness', token],
    queryFn: ({ signal }) => callApi(onboardingEndpoints.appropriateness, { signal }),
    enabled: enabled && token !== null,
    staleTime: 60_000,
  });
}

export function useAnswerAppropriateness() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (body: TAppropriatenessRequest) => callApi(onboardingEndpoints.answerAppropriateness, { body }),
    onSuccess: (state) => queryClient.setQueryData([...KEY, 'appropriateness', token], state),
  });
}
