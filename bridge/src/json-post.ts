import http from 'node:http';
import https from 'node:https';

/** What came back: the status, the Retry-After header, the body as text. */
export interface JsonReply {
  status: number;
  statusMessage: string;
  retryAfter: string | undefined;
  text: string;
}

/**
 * POSTs JSON over node:http(s) through keep-alive agents: the long-poll's connection is reused
 * from one poll to the next. Not `fetch`: undici builds web streams, a tee and abort signals
 * for each request, and a poll the server holds for seconds carried them all into the old
 * generation; with a hundred long-poll EAs in one process (the bench) that garbage drove most
 * of its full collections, each a pause for every signal arriving meanwhile.
 */
export function createJsonPoster() {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  return {
    /** Rejects with `signal`'s reason when it aborts, as `fetch` does. */
    post(url: string, body: string, signal: AbortSignal): Promise<JsonReply> {
      const target = new URL(url);
      const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
      const client = protocol === 'https:' ? https : http;
      return new Promise<JsonReply>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        const request = client.request(
          target,
          {
            method: 'POST',
            agent: agents[protocol],
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                statusMessage: response.statusMessage ?? '',
                retryAfter: response.headers['retry-after'],
                text,
              }),
            );
          },
        );
        const onAbort = () => {
          reject(signal.reason);
          request.destroy();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        request.on('close', () => signal.removeEventListener('abort', onAbort));
        request.on('error', reject);
        request.end(body);
      });
    },
    /** Closes the kept-alive connections. */
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
