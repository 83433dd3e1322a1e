import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCaptureLogger } from '../../test/capture-logger.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { mailerContract } from './mailer.contract.ts';
import { createOutboxMailer } from './mailer-outbox.ts';
import { createSmtpMailer } from './mailer-smtp.ts';

const sender = { name: 'SignalRelay', address: 'no-reply@signalrelay.test' };
const from = `${sender.name} <${sender.address}>`;

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function readOutbox(dir: string) {
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))));
}

mailerContract('smtp', async () => {
  const receiver = await startSmtpReceiver();
  const mailer = createSmtpMailer(receiver.url, from);
  onTestFinished(async () => {
    await mailer.close();
    await receiver.close();
  });
  return { mailer, from: sender, delivered: async () => receiver.messages };
});

mailerContract('outbox', async () => {
  const dir = await tempDir();
  const mailer = createOutboxMailer(dir, from, createCaptureLogger().logger);
  onTestFinished(() => mailer.close());
  return { mailer, from: sender, delivered: () => readOutbox(dir) };
});

describe('smtp mailer', () => {
  it('authenticates with the credentials in SMTP_URL', async () => {
    const receiver = await startSmtpReceiver();
    const url = new URL(receiver.url);
    url.username = 'relay';
    url.password = 's3cret';
    const mailer = createSmtpMailer(url.toString(), from);
    onTestFinished(async () => {
      await mailer.close();
      await receiver.close();
    });
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' });
    const message = await receiver.waitForMessage((m) => m.subject === 's');
    expect(message.user).toBe('relay');
    expect(message.envelope).toEqual({ from: 'no-reply@signalrelay.test', to: ['a@example.com'] });
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:9', from);
    onTestFinished(() => mailer.close());
    await expect(
      mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
  });
});

describe('outbox mailer', () => {
  it('writes a .eml file and logs recipient, subject and the links of the text', async () => {
    const dir = await tempDir();
    const { logger, lines } = createCaptureLogger();
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), from, logger);
    await mailer.send({
      to: 'trader@example.com',
      subject: 'Reset your password',
      text: 'Reset: http://localhost:3000/reset-password?token=t1.\nHelp: https://example.com/help',
      html: '<p>Reset</p>',
    });
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^[\s\S]*\r\nSubject: Reset your password\r\n/);
    const line = lines.find((l) => l.subject === 'Reset your password');
    expect(line).toMatchObject({
      level: 30,
      to: 'trader@example.com',
      links: ['http://localhost:3000/reset-password?token=t1', 'https://example.com/help'],
    });
  });
});
