import { type FakeOAuthProvider, startFakeOAuthProvider } from './fake-oauth-provider.ts';
import { type MailingTestApp, startMailingTestApp } from './mail-app.ts';

export type OAuthTestApp = MailingTestApp & { provider: FakeOAuthProvider };

/**
 * The mailing test app signing in through a fake Google/Facebook: the setup of the sign-in
 * tests. `close` stops the provider too.
 */
export async function startOAuthTestApp(): Promise<OAuthTestApp> {
  const provider = await startFakeOAuthProvider();
  const app = await startMailingTestApp(provider.config).catch(async (err) => {
    await provider.close();
    throw err;
  });
  return {
    ...app,
    provider,
    async close() {
      await app.close();
      await provider.close();
    },
  };
}
