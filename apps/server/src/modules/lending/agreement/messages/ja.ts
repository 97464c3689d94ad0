import type { AgreementMessages } from '../agreement-message-types.js';

export const ja: AgreementMessages = {
  title: '金銭消費貸借契約書',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: '：',
  percent: (n) => `${n}%`,
  days: (_count, n) => `${n}日`,
  seconds: (_count, n) => `${n}秒`,
  headings: {
    parties: '当事者',
    loan: 'ローンの内容',
    interest: '利息',
    repayment: '返済',
    overdue: '返済の遅延',
    collateral: '担保',
    marginCall: 'マージンコール',
    liquidation: '強制決済',
    signature: '署名',
  },
  labels: {
    lender: '貸主',
    borrower: '借主',
    userId: 'ユーザーID',
    identity: '本人確認',
    loanId: 'ローン番号',
    offeredAt: '条件の提示日時',
    kind: 'ローンの種類',
    asset: '資産',
    amount: '貸付金額（元本）',
    term: '期間',
    dailyRate: '日利',
    interestFreeDays: '無利息期間',
    interest: '約定利息',
    totalRepayable: '返済総額',
    repaymentDate: '返済期日',
    collateral: '担保',
    initialLtv: '当初LTV',
    marginCallLtv: 'マージンコールLTV',
    liquidationLtv: '強制決済LTV',
    typedName: '借主が入力した氏名',
    signature: '署名',
    signedAt: '署名日時',
    termsHash: '契約条件のSHA-256',
  },
  values: {
    verified: '確認済み（本人確認完了）',
    unverified: '未確認',
    unsecured: '無担保',
    cryptoBacked: '暗号資産担保',
    dailyRate: (ratio, percent) => `${ratio}（1日あたり${percent}）`,
    noInterestFreeDays: 'なし',
    repaymentAfterPayout: (days) => `ローン実行日から${days}後`,
  },
  paragraphs: {
    parties:
      'OpenBourse（貸主）は、本契約の条件に従い、下記の金額を借主に貸し付けます。借主は、本契約の定めるところにより、これを利息とともに返済することに同意します。',
    interestSimple:
      '利息は単利です。ローン実行後、丸一日が経過するごとに、未返済の元本に対して日利が課されます。未払いの利息に利息が付くことはありません。',
    interestFree: (_count, days) => `ローンの最初の${days}間は利息がかかりません。`,
    interestFromFirstDay: '利息は初日から発生します。',
    interestRounding: '利息は、借主に有利となるよう、ローン資産の精度で切り捨てられます。',
    interestEarlyRepayment:
      '上記の約定利息は、元本全額を返済期日まで借り続けることを前提としています。利息は未返済の額に対してのみ日ごとに発生するため、早期に返済すると利息は少なくなります。',
    repaymentMethods:
      '借主は、利用可能残高から返済する（直ちに反映されます）か、返済申請を提出する（OpenBourseの審査を経て反映されます）ことができます。',
    repaymentOrder: '各返済は、まず未払いの利息に、次に元本に充当されます。未返済額を超える返済は受け付けられません。',
    repaymentCollateralRelease: '債務をすべて返済すると、担保は借主の利用可能残高に解放されます。',
    overdueSameRate:
      '返済期日を過ぎても未返済額がある場合、ローンは延滞として扱われ、返済されるまで未返済の元本に対して日利が引き続き発生します。遅延損害金の上乗せはなく、利息が複利で計算されることもありません。',
    overdueMultipliedRate: (multiplier, rate) =>
      `返済期日を過ぎても未返済額がある場合、ローンは延滞として扱われ、返済されるまで未返済の元本に対して日利の${multiplier}倍（1日あたり${rate}）が発生します。利息が複利で計算されることはありません。`,
    collateralLocked:
      '担保は本ローンのために台帳上でロックされます。担保は借主の口座で拘束され、ローンの継続中は出金も利用もできません。',
    ltvDefinition:
      '担保掛目（LTV）とは、債務額（元本と利息）を、ローン資産建てで市場価格により評価した担保の価値で割ったものです。',
    freshPrice: (age) =>
      `ローンに影響するのは最新の市場価格のみです。${age}より古い価格や、市場が古いと判定した価格によって、マージンコールや強制決済が行われることはありません。`,
    marginCall: ({ marginCallLtv, stepPoints, liquidationLtv }) =>
      `LTVが${marginCallLtv}に達すると、借主にマージンコール（警告の通知）が送られます。その後もLTVが${stepPoints}ポイント上昇するごとに、強制決済LTVの${liquidationLtv}に達するまで通知が繰り返されます。マージンコールによって資産が売却されることはありません。返済するとLTVは下がります。`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `LTVが${liquidationLtv}に達すると担保は強制決済されます。ローンを当初LTVの${initialLtv}に戻すのに必要な分だけ、担保が市場価格で売却されます。売却代金は、まず未払いの利息に、次に元本に充当されます。`,
    liquidationFull: (dustShare) =>
      `それができない場合、または強制決済前の債務の${dustShare}未満の債務しか残らないか担保が残らない場合は、代わりに債務全額を決済します。債務を賄うのに必要な担保のみを売却し、売却代金の余剰と売却されなかった担保はすべて借主の利用可能残高に返還されます。`,
    liquidationShortfall: {
      written_off:
        '担保の価値が債務を下回る場合、担保はすべて売却され、売却代金で可能な限り債務を決済し、残りの債務は償却されます。担保がなくなった後、借主が本ローンについて負う債務はありません。',
    },
    signatureConsent:
      '借主は、署名することにより、本契約の条件を読み、これに同意したことを確認し、確認として氏名を入力しました。',
    termsHashExplained:
      '下記のSHA-256は本契約の条件の正規化テキストから算出されたもので、条件が少しでも変われば値も変わります。',
  },
};
