import type { AgreementMessages } from '../agreement-message-types.js';

/** Simplified Chinese. */
export const zh: AgreementMessages = {
  title: '借款协议',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: '：',
  percent: (n) => `${n}%`,
  days: (_count, n) => `${n} 天`,
  seconds: (_count, n) => `${n} 秒`,
  headings: {
    parties: '协议双方',
    loan: '借款',
    interest: '利息',
    repayment: '还款',
    overdue: '逾期还款',
    collateral: '抵押品',
    marginCall: '追加保证金通知',
    liquidation: '平仓',
    signature: '签署',
  },
  labels: {
    lender: '出借人',
    borrower: '借款人',
    userId: '用户 ID',
    identity: '身份',
    loanId: '借款编号',
    offeredAt: '条款提供时间',
    kind: '借款类型',
    asset: '资产',
    amount: '借款金额（本金）',
    term: '期限',
    dailyRate: '日利率',
    interestFreeDays: '免息天数',
    interest: '约定利息',
    totalRepayable: '应还总额',
    repaymentDate: '还款日',
    collateral: '抵押品',
    initialLtv: '初始 LTV',
    marginCallLtv: '追加保证金 LTV',
    liquidationLtv: '平仓 LTV',
    typedName: '借款人输入的姓名',
    signature: '签名',
    signedAt: '签署时间',
    termsHash: '条款的 SHA-256',
  },
  values: {
    verified: '已认证（身份已核实）',
    unverified: '未认证',
    unsecured: '信用借款（无抵押）',
    cryptoBacked: '加密资产抵押借款',
    dailyRate: (ratio, percent) => `${ratio}（每日 ${percent}）`,
    noInterestFreeDays: '无',
    repaymentAfterPayout: (days) => `借款发放后 ${days}`,
  },
  paragraphs: {
    parties:
      'OpenBourse（出借人）按照本协议的条款向借款人出借下列金额。借款人同意按本协议的约定偿还该金额及其产生的利息。',
    interestSimple: '利息按单利计算：借款发放后每满一整天，按日利率对尚未偿还的本金计收利息。未支付的利息永不计息。',
    interestFree: (_count, days) => `借款的前 ${days}不计利息。`,
    interestFromFirstDay: '利息自第一天起计收。',
    interestRounding: '利息按借款资产的精度向下取整，以借款人有利为准。',
    interestEarlyRepayment:
      '上述约定利息以全部本金保留至还款日为前提。提前还款会减少利息，因为利息仅按尚未偿还的部分逐日计算。',
    repaymentMethods: '借款人可从其可用余额还款，即时生效；也可提交还款申请，经 OpenBourse 审核后生效。',
    repaymentOrder: '每笔还款先偿还应付利息，再偿还本金。超过未偿金额的还款将被拒绝。',
    repaymentCollateralRelease: '所有欠款还清后，抵押品将释放至借款人的可用余额。',
    overdueSameRate:
      '如还款日后仍有未偿款项，借款将被标记为逾期，日利率继续对尚未偿还的本金计息，直至还清。不加收罚息，利息不计复利。',
    overdueMultipliedRate: (multiplier, rate) =>
      `如还款日后仍有未偿款项，借款将被标记为逾期，按日利率的 ${multiplier} 倍（每日 ${rate}）对尚未偿还的本金计息，直至还清。利息不计复利。`,
    collateralLocked: '抵押品在账本中为本借款锁定：它冻结在借款人的账户中，借款存续期间不得提取或使用。',
    ltvDefinition: '贷款价值比（LTV）是欠款总额（本金加利息）除以抵押品按市场价格计算的价值，以借款资产计价。',
    freshPrice: (age) =>
      `只有最新的市场价格才会影响借款：超过 ${age}的价格，或被市场标记为过时的价格，绝不会触发追加保证金通知或平仓。`,
    marginCall: ({ marginCallLtv, stepPoints, liquidationLtv }) =>
      `当 LTV 达到 ${marginCallLtv} 时，借款人会收到追加保证金通知，即一条警告通知。此后 LTV 每再上升 ${stepPoints} 个百分点，就会再发出一次通知，直至达到 ${liquidationLtv} 的平仓 LTV。追加保证金通知不会卖出任何资产；还款可降低 LTV。`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `当 LTV 达到 ${liquidationLtv} 时，抵押品将被平仓：按市场价格卖出刚好足够的抵押品，使借款回到 ${initialLtv} 的初始 LTV。所得款项先偿还应付利息，再偿还本金。`,
    liquidationFull: (dustShare) =>
      `如果无法做到这一点，或者这样做会使剩余债务低于平仓前债务的 ${dustShare}，或不再剩下任何抵押品，则改为结清全部债务：只卖出足以覆盖债务的抵押品，所得款项的任何盈余以及所有未卖出的抵押品都将退回借款人的可用余额。`,
    liquidationShortfall: {
      written_off:
        '如果抵押品的价值低于债务，将全部卖出，所得款项尽可能偿还债务，剩余债务予以核销：抵押品耗尽后，借款人不再就本借款承担任何欠款。',
    },
    signatureConsent: '借款人签署即确认已阅读并接受上述条款，并已输入本人姓名作为确认。',
    termsHashExplained: '下方的 SHA-256 是对本协议条款的规范文本计算得出的；条款的任何改动都会使其改变。',
  },
};
