import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

/** Arabic, right to left; digits stay Western (as amounts are shown across the product). */
export const ar: AgreementMessages = {
  title: 'اتفاقية قرض',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: ': ',
  percent: (n) => `${n}%`,
  days: (count, n) =>
    plural('ar', count, n, {
      zero: '{n} يوم',
      one: 'يوم واحد',
      two: 'يومان',
      few: '{n} أيام',
      many: '{n} يوما',
      other: '{n} يوم',
    }),
  seconds: (count, n) =>
    plural('ar', count, n, {
      zero: '{n} ثانية',
      one: 'ثانية واحدة',
      two: 'ثانيتين',
      few: '{n} ثوان',
      many: '{n} ثانية',
      other: '{n} ثانية',
    }),
  headings: {
    parties: 'الأطراف',
    loan: 'القرض',
    interest: 'الفائدة',
    repayment: 'السداد',
    overdue: 'التأخر في السداد',
    collateral: 'الضمان',
    marginCall: 'نداءات الهامش',
    liquidation: 'التصفية',
    signature: 'التوقيع',
  },
  labels: {
    lender: 'المقرض',
    borrower: 'المقترض',
    userId: 'معرف المستخدم',
    identity: 'الهوية',
    loanId: 'رقم القرض',
    offeredAt: 'تاريخ عرض الشروط',
    kind: 'نوع القرض',
    asset: 'الأصل',
    amount: 'مبلغ القرض (أصل الدين)',
    term: 'المدة',
    dailyRate: 'معدل الفائدة اليومي',
    interestFreeDays: 'أيام بلا فائدة',
    interest: 'الفائدة المتفق عليها',
    totalRepayable: 'إجمالي المبلغ الواجب سداده',
    repaymentDate: 'تاريخ السداد',
    collateral: 'الضمان',
    initialLtv: 'نسبة LTV الأولية',
    marginCallLtv: 'نسبة LTV لنداء الهامش',
    liquidationLtv: 'نسبة LTV للتصفية',
    typedName: 'الاسم الذي كتبه المقترض',
    signature: 'التوقيع',
    signedAt: 'تاريخ التوقيع',
    termsHash: 'بصمة SHA-256 للشروط',
  },
  values: {
    verified: 'موثق (تم التحقق من الهوية)',
    unverified: 'غير موثق',
    unsecured: 'بدون ضمان',
    cryptoBacked: 'مضمون بأصول مشفرة',
    dailyRate: (ratio, percent) => `${ratio} (${percent} يوميا)`,
    noInterestFreeDays: 'لا يوجد',
    repaymentAfterPayout: (days) => `بعد ${days} من صرف القرض`,
  },
  paragraphs: {
    parties:
      'تقرض OpenBourse (المقرض) المقترض المبلغ المبين أدناه وفق شروط هذه الاتفاقية. ويلتزم المقترض بسداده مع الفائدة المترتبة عليه على النحو المبين هنا.',
    interestSimple:
      'الفائدة بسيطة: في نهاية كل يوم كامل بعد صرف القرض يحتسب المعدل اليومي على أصل الدين المتبقي. ولا تترتب أي فائدة على الفائدة غير المدفوعة.',
    interestFree: (count, days) =>
      count === 1 ? 'لا تحتسب فائدة عن اليوم الأول من القرض.' : `لا تحتسب فائدة خلال أول ${days} من القرض.`,
    interestFromFirstDay: 'تحتسب الفائدة اعتبارا من اليوم الأول.',
    interestRounding: 'تقرب الفائدة إلى الأدنى وفق دقة أصل القرض، لصالح المقترض.',
    interestEarlyRepayment:
      'تفترض الفائدة المتفق عليها أعلاه الاحتفاظ بكامل أصل الدين حتى تاريخ السداد. والسداد المبكر يخفض الفائدة، لأنها تحتسب يوما بيوم على المبلغ المتبقي فقط.',
    repaymentMethods:
      'يسدد المقترض إما من رصيده المتاح، ويسري ذلك فورا، وإما بتقديم طلب سداد تراجعه OpenBourse قبل أن يسري.',
    repaymentOrder: 'تسدد كل دفعة الفائدة المستحقة أولا ثم أصل الدين. ويرفض أي سداد يتجاوز المبلغ المتبقي.',
    repaymentCollateralRelease: 'عند سداد كل المستحقات، يفرج عن الضمان إلى الرصيد المتاح للمقترض.',
    overdueSameRate:
      'إذا بقي أي مبلغ مستحق بعد تاريخ السداد، يصنف القرض متأخرا ويستمر احتساب المعدل اليومي على أصل الدين المتبقي حتى سداده. ولا تضاف أي فائدة جزائية ولا ترسمل الفائدة.',
    overdueMultipliedRate: (multiplier, rate) =>
      `إذا بقي أي مبلغ مستحق بعد تاريخ السداد، يصنف القرض متأخرا ويحتسب المعدل اليومي مضروبا في ${multiplier} (${rate} يوميا) على أصل الدين المتبقي حتى سداده. ولا ترسمل الفائدة.`,
    collateralLocked:
      'يجمد الضمان في دفتر الحسابات لصالح هذا القرض: فهو محتجز في حساب المقترض ولا يمكن سحبه أو استخدامه ما دام القرض قائما.',
    ltvDefinition:
      'نسبة القرض إلى القيمة (LTV) هي المبلغ المستحق (أصل الدين والفائدة) مقسوما على قيمة الضمان بسعر السوق، مقومة بأصل القرض.',
    freshPrice: (age) =>
      `لا يؤثر في القرض إلا سعر سوق حديث: فالسعر الذي مضى عليه أكثر من ${age}، أو الذي يصنفه السوق متقادما، لا يؤدي أبدا إلى نداء هامش ولا إلى تصفية.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `عندما تبلغ نسبة LTV ${marginCallLtv}، يتلقى المقترض نداء هامش، وهو إشعار تحذيري. ويتبعه نداء آخر كلما ارتفعت النسبة بمقدار ${plural(
        'ar',
        stepCount,
        stepPoints,
        {
          zero: '{n} نقطة مئوية',
          one: 'نقطة مئوية واحدة',
          two: 'نقطتين مئويتين',
          few: '{n} نقاط مئوية',
          many: '{n} نقطة مئوية',
          other: '{n} نقطة مئوية',
        },
      )} أخرى، حتى نسبة التصفية البالغة ${liquidationLtv}. ولا يباع شيء بنداء الهامش؛ والسداد يخفض نسبة LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `عندما تبلغ نسبة LTV ${liquidationLtv}، يصفى الضمان: أي يباع منه بسعر السوق القدر اللازم فقط لإعادة القرض إلى نسبة LTV الأولية البالغة ${initialLtv}. وتسدد العائدات الفائدة المستحقة أولا ثم أصل الدين.`,
    liquidationFull: (dustShare) =>
      `إذا تعذر ذلك، أو كان سيترك دينا أقل من ${dustShare} من الدين قبل التصفية أو لا يترك أي ضمان، يسدد الدين كله بدلا من ذلك: فلا يباع من الضمان إلا ما يلزم لتغطيته، ويعاد أي فائض من العائدات وكل الضمان غير المبيع إلى الرصيد المتاح للمقترض.`,
    liquidationShortfall: {
      written_off:
        'إذا كانت قيمة الضمان أقل من الدين، يباع كله وتسدد العائدات ما تستطيع ويشطب باقي الدين: فلا يبقى على المقترض أي دين عن هذا القرض بعد نفاد ضمانه.',
    },
    signatureConsent: 'بالتوقيع، يؤكد المقترض أنه قرأ هذه الشروط ويقبلها، وقد كتب اسمه تأكيدا لذلك.',
    termsHashExplained: 'تحتسب بصمة SHA-256 أدناه على نص موحد لشروط هذه الاتفاقية؛ وأي تغيير في الشروط يغيرها.',
  },
};
