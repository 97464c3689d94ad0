import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that read codes. */
export async function startSmtpSink(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of the latest mail to an address (quoted-printable keeps digits intact). */
export function latestCodeFor(mails: ReceivedMail[], address: string): string | null {
  const mail = [...mails].reverse().find((m) => m.to.includes(address));
  const body =
    mail?.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n') ?? '';
  return /\b(\d{6})\b/.exec(body.replace(/=\r?\n/g, ''))?.[1] ?? null;
}
