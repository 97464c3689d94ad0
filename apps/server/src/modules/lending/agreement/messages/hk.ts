import type { AgreementMessages } from '../agreement-message-types.js';

/** Traditional Chinese, as written in Hong Kong. */
export const hk: AgreementMessages = {
  title: '貸款協議',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: '：',
  percent: (n) => `${n}%`,
  days: (_count, n) => `${n} 天`,
  seconds: (_count, n) => `${n} 秒`,
  headings: {
    parties: '協議雙方',
    loan: '貸款',
    interest: '利息',
    repayment: '還款',
    overdue: '逾期還款',
    collateral: '抵押品',
    marginCall: '追加保證金通知',
    liquidation: '平倉',
    signature: '簽署',
  },
  labels: {
    lender: '貸款人',
    borrower: '借款人',
    userId: '用戶 ID',
    identity: '身份',
    loanId: '貸款編號',
    offeredAt: '條款提供時間',
    kind: '貸款類型',
    asset: '資產',
    amount: '貸款金額（本金）',
    term: '年期',
    dailyRate: '日利率',
    interestFreeDays: '免息日數',
    interest: '約定利息',
    totalRepayable: '應還總額',
    repaymentDate: '還款日',
    collateral: '抵押品',
    initialLtv: '初始 LTV',
    marginCallLtv: '追加保證金 LTV',
    liquidationLtv: '平倉 LTV',
    typedName: '借款人輸入的姓名',
    signature: '簽名',
    signedAt: '簽署時間',
    termsHash: '條款的 SHA-256',
  },
  values: {
    verified: '已認證（身份已核實）',
    unverified: '未認證',
    unsecured: '無抵押貸款',
    cryptoBacked: '加密資產抵押貸款',
    dailyRate: (ratio, percent) => `${ratio}（每日 ${percent}）`,
    noInterestFreeDays: '無',
    repaymentAfterPayout: (days) => `貸款發放後 ${days}`,
  },
  paragraphs: {
    parties:
      'OpenBourse（貸款人）按照本協議的條款向借款人貸出下列金額。借款人同意按本協議的約定償還該金額及其產生的利息。',
    interestSimple: '利息以單利計算：貸款發放後每滿一整天，按日利率就尚未償還的本金計收利息。未支付的利息永不計息。',
    interestFree: (_count, days) => `貸款的首 ${days}不計利息。`,
    interestFromFirstDay: '利息由第一天起計收。',
    interestRounding: '利息按貸款資產的精度向下捨入，以借款人有利為準。',
    interestEarlyRepayment:
      '上述約定利息以全部本金保留至還款日為前提。提早還款會減少利息，因為利息只按尚未償還的部分逐日計算。',
    repaymentMethods: '借款人可從其可用結餘還款，即時生效；亦可提交還款申請，經 OpenBourse 審核後生效。',
    repaymentOrder: '每筆還款先償還應付利息，再償還本金。超過未償金額的還款將被拒絕。',
    repaymentCollateralRelease: '所有欠款還清後，抵押品將發還至借款人的可用結餘。',
    overdueSameRate:
      '如還款日後仍有未償款項，貸款將被標示為逾期，日利率繼續就尚未償還的本金計息，直至還清。不加收罰息，利息不計複利。',
    overdueMultipliedRate: (multiplier, rate) =>
      `如還款日後仍有未償款項，貸款將被標示為逾期，按日利率的 ${multiplier} 倍（每日 ${rate}）就尚未償還的本金計息，直至還清。利息不計複利。`,
    collateralLocked: '抵押品在賬簿中為本貸款鎖定：它凍結於借款人的賬戶內，貸款存續期間不得提取或使用。',
    ltvDefinition: '貸款價值比（LTV）是欠款總額（本金加利息）除以抵押品按市場價格計算的價值，以貸款資產計價。',
    freshPrice: (age) =>
      `只有最新的市場價格才會影響貸款：超過 ${age}的價格，或被市場標示為過時的價格，絕不會觸發追加保證金通知或平倉。`,
    marginCall: ({ marginCallLtv, stepPoints, liquidationLtv }) =>
      `當 LTV 達到 ${marginCallLtv} 時，借款人會收到追加保證金通知，即一則警告通知。此後 LTV 每再上升 ${stepPoints} 個百分點，便會再發出一次通知，直至達到 ${liquidationLtv} 的平倉 LTV。追加保證金通知不會賣出任何資產；還款可降低 LTV。`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `當 LTV 達到 ${liquidationLtv} 時，抵押品將被平倉：按市場價格賣出剛好足夠的抵押品，使貸款回到 ${initialLtv} 的初始 LTV。所得款項先償還應付利息，再償還本金。`,
    liquidationFull: (dustShare) =>
      `如無法做到這一點，或這樣做會令剩餘債務低於平倉前債務的 ${dustShare}，或不再剩下任何抵押品，則改為清償全部債務：只賣出足以覆蓋債務的抵押品，所得款項的任何盈餘以及所有未賣出的抵押品均會退回借款人的可用結餘。`,
    liquidationShortfall: {
      written_off:
        '如抵押品的價值低於債務，將全部賣出，所得款項盡量償還債務，餘下債務予以撇銷：抵押品耗盡後，借款人不再就本貸款承擔任何欠款。',
    },
    signatureConsent: '借款人簽署即確認已閱讀並接受上述條款，並已輸入本人姓名作為確認。',
    termsHashExplained: '下方的 SHA-256 是就本協議條款的規範文本計算所得；條款的任何改動都會令其改變。',
  },
};
