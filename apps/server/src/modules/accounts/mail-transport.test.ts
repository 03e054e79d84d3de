import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { createMailTransport } from './mail.service.ts';

/**
 * The SMTP transport loads nodemailer with its first mail (ADR 0016): this sends two mails through
 * it to a minimal SMTP server on localhost and reads what arrived.
 */
let server: Server;
let port = 0;
const received: string[] = [];

function speakSmtp(socket: Socket) {
  let buffered = '';
  let inData = false;
  let message = '';
  socket.write('220 localhost ESMTP test\r\n');
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push(message);
          message = '';
          socket.write('250 queued\r\n');
        } else message += `${line}\n`;
      } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 localhost\r\n');
      else if (/^DATA/i.test(line)) {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
}

beforeAll(async () => {
  server = createServer(speakSmtp);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  server.close();
});

describe('the SMTP mail transport', () => {
  it('sends through SMTP_HOST, loading its library with the first mail', async () => {
    const config = readConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'Crossmart <no-reply@crossmart.test>',
    });
    const transport = createMailTransport(config);
    if (!transport) throw new Error('no transport with SMTP_HOST set');
    await transport.send({ to: 'buyer@example.com', subject: 'First', text: 'Hello once' });
    await transport.send({ to: 'buyer@example.com', subject: 'Second', text: 'Hello twice' });
    expect(received).toHaveLength(2);
    expect(received[0]).toMatch(/^Subject: First$/m);
    expect(received[0]).toContain('Hello once');
    expect(received[1]).toMatch(/^Subject: Second$/m);
    expect(received[1]).toMatch(/^To: buyer@example\.com$/m);
  });
});
