import type { Language } from '@openbourse/contracts';
import type { SupportContext } from './support.context.js';
import { insertCannedReply } from './support.repository.js';

type SeedReply = { key: string; texts: Record<Language, { title: string; text: string }> };

/**
 * The sandbox's example canned replies (SPEC §9; a production deployment seeds none), titled as
 * sandbox data in every language: a greeting, a request for a deposit's transaction hash, and a
 * closing line.
 */
export const SANDBOX_CANNED_REPLIES: readonly SeedReply[] = [
  {
    key: 'sandbox-greeting',
    texts: {
      en: {
        title: 'Sandbox · Greeting',
        text: 'Hello, thank you for contacting OpenBourse support. How can I help you today?',
      },
      zh: { title: '沙盒 · 问候', text: '您好，感谢您联系 OpenBourse 客服。请问今天有什么可以帮您？' },
      hk: { title: '沙盒 · 問候', text: '你好，感謝你聯絡 OpenBourse 客服。請問今天有甚麼可以幫你？' },
      ja: {
        title: 'サンドボックス · あいさつ',
        text: 'OpenBourse サポートへのお問い合わせありがとうございます。本日はどのようなご用件でしょうか？',
      },
      ko: {
        title: '샌드박스 · 인사',
        text: '안녕하세요, OpenBourse 고객지원에 문의해 주셔서 감사합니다. 무엇을 도와드릴까요?',
      },
      es: {
        title: 'Sandbox · Saludo',
        text: 'Hola, gracias por contactar con el soporte de OpenBourse. ¿En qué puedo ayudarle hoy?',
      },
      fr: {
        title: 'Sandbox · Salutation',
        text: 'Bonjour, merci d’avoir contacté le support OpenBourse. Comment puis-je vous aider aujourd’hui ?',
      },
      de: {
        title: 'Sandbox · Begrüßung',
        text: 'Hallo, danke, dass Sie sich an den OpenBourse-Support wenden. Wie kann ich Ihnen heute helfen?',
      },
      it: {
        title: 'Sandbox · Saluto',
        text: 'Salve, grazie per aver contattato l’assistenza OpenBourse. Come posso aiutarla oggi?',
      },
      ar: { title: 'بيئة تجريبية · تحية', text: 'مرحبًا، شكرًا لتواصلك مع دعم OpenBourse. كيف يمكنني مساعدتك اليوم؟' },
    },
  },
  {
    key: 'sandbox-deposit-hash',
    texts: {
      en: {
        title: 'Sandbox · Deposit not credited',
        text: 'Please send us the transaction hash of your deposit and the network you used, and we will check it right away.',
      },
      zh: { title: '沙盒 · 充值未到账', text: '请发送您充值的交易哈希及所用网络，我们会立即为您核查。' },
      hk: { title: '沙盒 · 存款未到賬', text: '請發送你存款的交易哈希及所用網絡，我們會立即為你核查。' },
      ja: {
        title: 'サンドボックス · 入金が反映されない',
        text: '入金のトランザクションハッシュとご利用のネットワークをお送りください。すぐに確認いたします。',
      },
      ko: {
        title: '샌드박스 · 입금 미반영',
        text: '입금 거래 해시와 사용하신 네트워크를 보내 주시면 바로 확인해 드리겠습니다.',
      },
      es: {
        title: 'Sandbox · Depósito no acreditado',
        text: 'Envíenos el hash de la transacción de su depósito y la red que utilizó, y lo revisaremos de inmediato.',
      },
      fr: {
        title: 'Sandbox · Dépôt non crédité',
        text: 'Envoyez-nous le hash de la transaction de votre dépôt et le réseau utilisé, nous le vérifierons tout de suite.',
      },
      de: {
        title: 'Sandbox · Einzahlung nicht gutgeschrieben',
        text: 'Bitte senden Sie uns den Transaktions-Hash Ihrer Einzahlung und das verwendete Netzwerk, wir prüfen es sofort.',
      },
      it: {
        title: 'Sandbox · Deposito non accreditato',
        text: 'Ci invii l’hash della transazione del suo deposito e la rete utilizzata, e lo verificheremo subito.',
      },
      ar: {
        title: 'بيئة تجريبية · إيداع لم يُضف',
        text: 'يرجى إرسال رمز المعاملة (hash) الخاص بإيداعك والشبكة التي استخدمتها، وسنتحقق منه فورًا.',
      },
    },
  },
  {
    key: 'sandbox-closing',
    texts: {
      en: {
        title: 'Sandbox · Closing',
        text: 'Is there anything else I can help you with? If not, I will close this conversation. Have a good day!',
      },
      zh: { title: '沙盒 · 结束语', text: '还有其他可以帮您的吗？如果没有，我将结束本次会话。祝您愉快！' },
      hk: { title: '沙盒 · 結束語', text: '還有其他可以幫你的嗎？如果沒有，我會結束這次對話。祝你愉快！' },
      ja: {
        title: 'サンドボックス · 締めのあいさつ',
        text: '他にお手伝いできることはございますか？なければ、この会話を終了いたします。良い一日をお過ごしください！',
      },
      ko: {
        title: '샌드박스 · 마무리',
        text: '더 도와드릴 일이 있을까요? 없으시면 이 대화를 종료하겠습니다. 좋은 하루 보내세요!',
      },
      es: {
        title: 'Sandbox · Cierre',
        text: '¿Hay algo más en lo que pueda ayudarle? Si no, cerraré esta conversación. ¡Que tenga un buen día!',
      },
      fr: {
        title: 'Sandbox · Clôture',
        text: 'Puis-je vous aider pour autre chose ? Sinon, je vais clore cette conversation. Bonne journée !',
      },
      de: {
        title: 'Sandbox · Abschluss',
        text: 'Kann ich Ihnen sonst noch helfen? Wenn nicht, schließe ich dieses Gespräch. Einen schönen Tag noch!',
      },
      it: {
        title: 'Sandbox · Chiusura',
        text: 'Posso aiutarla in altro? Altrimenti chiuderò questa conversazione. Buona giornata!',
      },
      ar: {
        title: 'بيئة تجريبية · ختام',
        text: 'هل هناك أي شيء آخر يمكنني مساعدتك به؟ إن لم يكن، فسأغلق هذه المحادثة. أتمنى لك يومًا سعيدًا!',
      },
    },
  },
];

/** Seeds the sandbox's canned replies (each language of each once); answers how many were added. */
export async function seedCannedReplies(ctx: SupportContext): Promise<number> {
  let added = 0;
  for (const reply of SANDBOX_CANNED_REPLIES) {
    for (const [language, { title, text }] of Object.entries(reply.texts) as Array<
      [Language, { title: string; text: string }]
    >) {
      const row = await insertCannedReply(ctx.db, {
        language,
        title,
        text,
        seedKey: `${reply.key}:${language}`,
        at: ctx.clock.now(),
      });
      if (row) added += 1;
    }
  }
  return added;
}
