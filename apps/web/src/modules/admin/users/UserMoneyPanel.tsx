// Being built (issue 14) by the user-money helper, who replaces this file: a user's balances,
// statement, positions, balance adjustment and demo reset for the back office's user page.
export function UserMoneyPanel(_props: { userId: string }) {
  return null;
}
