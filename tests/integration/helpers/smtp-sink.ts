// A minimal SMTP server on loopback for tests of the SMTP path: it speaks just enough of
// RFC 5321 for nodemailer (no TLS, no auth), keeps each accepted message's raw bytes, and
// can refuse recipients with a permanent 550 or put them off with a temporary 450.
import { createServer, type Server } from 'node:net';

export interface SmtpSink {
  url: string;
  messages: Array<{ from: string; to: string[]; raw: string }>;
  refuse: Set<string>;
  /** Recipients answered 450 (mailbox busy: try later). */
  defer: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const refuse = new Set<string>();
  const defer = new Set<string>();
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push({ from, to, raw: buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.') });
          buffer = buffer.slice(end + 5);
          inData = false;
          say('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 sink');
        else if (verb === 'MAIL') {
          from = /<(.*)>/.exec(line)?.[1] ?? '';
          to = [];
          say('250 ok');
        } else if (verb === 'RCPT') {
          const rcpt = /<(.*)>/.exec(line)?.[1] ?? '';
          if (refuse.has(rcpt)) say('550 5.1.1 no such user');
          else if (defer.has(rcpt)) say('450 4.2.1 mailbox busy, try later');
          else {
            to.push(rcpt);
            say('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') say('250 ok');
        else say('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refuse,
    defer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
