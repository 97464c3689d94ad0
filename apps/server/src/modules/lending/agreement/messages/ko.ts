import type { AgreementMessages } from '../agreement-message-types.js';

export const ko: AgreementMessages = {
  title: '대출 계약서',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: ': ',
  percent: (n) => `${n}%`,
  days: (_count, n) => `${n}일`,
  seconds: (_count, n) => `${n}초`,
  headings: {
    parties: '계약 당사자',
    loan: '대출 내용',
    interest: '이자',
    repayment: '상환',
    overdue: '상환 지연',
    collateral: '담보',
    marginCall: '마진콜',
    liquidation: '청산',
    signature: '서명',
  },
  labels: {
    lender: '대출자',
    borrower: '차입자',
    userId: '사용자 ID',
    identity: '본인 확인',
    loanId: '대출 번호',
    offeredAt: '조건 제시 일시',
    kind: '대출 종류',
    asset: '자산',
    amount: '대출 금액(원금)',
    term: '기간',
    dailyRate: '일 이자율',
    interestFreeDays: '무이자 기간',
    interest: '약정 이자',
    totalRepayable: '총 상환액',
    repaymentDate: '상환일',
    collateral: '담보',
    initialLtv: '초기 LTV',
    marginCallLtv: '마진콜 LTV',
    liquidationLtv: '청산 LTV',
    typedName: '차입자가 입력한 이름',
    signature: '서명',
    signedAt: '서명 일시',
    termsHash: '계약 조건의 SHA-256',
  },
  values: {
    verified: '인증됨(본인 확인 완료)',
    unverified: '미인증',
    unsecured: '무담보',
    cryptoBacked: '암호화폐 담보',
    dailyRate: (ratio, percent) => `${ratio}(하루 ${percent})`,
    noInterestFreeDays: '없음',
    repaymentAfterPayout: (days) => `대출 실행 후 ${days}`,
  },
  paragraphs: {
    parties:
      'OpenBourse(대출자)는 본 계약의 조건에 따라 아래 금액을 차입자에게 대출합니다. 차입자는 본 계약에서 정한 바에 따라 이를 이자와 함께 상환하는 데 동의합니다.',
    interestSimple:
      '이자는 단리로 계산합니다. 대출 실행 후 하루가 온전히 지날 때마다 아직 상환되지 않은 원금에 일 이자율이 적용됩니다. 미납 이자에는 이자가 붙지 않습니다.',
    interestFree: (_count, days) => `대출의 처음 ${days} 동안은 이자가 부과되지 않습니다.`,
    interestFromFirstDay: '이자는 첫날부터 부과됩니다.',
    interestRounding: '이자는 차입자에게 유리하도록 대출 자산의 정밀도에 맞춰 내림 처리됩니다.',
    interestEarlyRepayment:
      '위의 약정 이자는 원금 전액을 상환일까지 유지하는 것을 전제로 합니다. 이자는 남아 있는 금액에 대해서만 매일 발생하므로, 조기에 상환하면 이자가 줄어듭니다.',
    repaymentMethods:
      '차입자는 사용 가능 잔액에서 상환하거나(즉시 반영), 상환 신청서를 제출할 수 있습니다(OpenBourse의 검토 후 반영).',
    repaymentOrder: '각 상환액은 먼저 미납 이자에, 그다음 원금에 충당됩니다. 남은 금액을 초과하는 상환은 거절됩니다.',
    repaymentCollateralRelease: '채무를 모두 상환하면 담보는 차입자의 사용 가능 잔액으로 해제됩니다.',
    overdueSameRate:
      '상환일 이후에도 남은 금액이 있으면 대출은 연체로 표시되며, 상환될 때까지 남은 원금에 일 이자율이 계속 적용됩니다. 연체 가산 이자는 없으며 이자는 복리로 계산되지 않습니다.',
    overdueMultipliedRate: (multiplier, rate) =>
      `상환일 이후에도 남은 금액이 있으면 대출은 연체로 표시되며, 상환될 때까지 남은 원금에 일 이자율의 ${multiplier}배(하루 ${rate})가 적용됩니다. 이자는 복리로 계산되지 않습니다.`,
    collateralLocked:
      '담보는 본 대출을 위해 원장에 잠깁니다. 담보는 차입자의 계정에 묶여 있으며 대출이 유지되는 동안 출금하거나 사용할 수 없습니다.',
    ltvDefinition:
      '담보인정비율(LTV)은 채무액(원금과 이자)을 대출 자산 기준의 시장 가격으로 평가한 담보 가치로 나눈 값입니다.',
    freshPrice: (age) =>
      `대출에는 최신 시장 가격만 반영됩니다. ${age}보다 오래된 가격이나 시장이 오래된 것으로 표시한 가격으로는 마진콜이나 청산이 발생하지 않습니다.`,
    marginCall: ({ marginCallLtv, stepPoints, liquidationLtv }) =>
      `LTV가 ${marginCallLtv}에 도달하면 차입자는 마진콜, 즉 경고 알림을 받습니다. 이후 LTV가 ${stepPoints}%포인트 더 오를 때마다 청산 LTV인 ${liquidationLtv}에 이를 때까지 알림이 다시 발송됩니다. 마진콜로 매도되는 자산은 없으며, 상환하면 LTV가 낮아집니다.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `LTV가 ${liquidationLtv}에 도달하면 담보가 청산됩니다. 대출을 초기 LTV인 ${initialLtv}로 되돌리는 데 필요한 만큼만 담보를 시장 가격으로 매도합니다. 매도 대금은 먼저 미납 이자에, 그다음 원금에 충당됩니다.`,
    liquidationFull: (dustShare) =>
      `그렇게 할 수 없거나, 청산 전 채무의 ${dustShare} 미만의 채무만 남거나 담보가 남지 않게 되는 경우에는 대신 채무 전액을 정산합니다. 채무를 충당하는 데 필요한 담보만 매도하며, 매도 대금의 잉여분과 매도되지 않은 담보는 모두 차입자의 사용 가능 잔액으로 반환됩니다.`,
    liquidationShortfall: {
      written_off:
        '담보 가치가 채무보다 적으면 담보를 전부 매도하여 그 대금으로 가능한 만큼 채무를 정산하고, 나머지 채무는 상각합니다. 담보가 소진된 후에는 차입자가 본 대출에 대해 더 부담하는 채무가 없습니다.',
    },
    signatureConsent:
      '차입자는 서명함으로써 본 계약 조건을 읽고 이에 동의함을 확인하며, 확인의 뜻으로 이름을 입력했습니다.',
    termsHashExplained:
      '아래의 SHA-256은 본 계약 조건의 정규화된 텍스트로부터 계산되며, 조건이 조금이라도 바뀌면 값도 바뀝니다.',
  },
};
