import { serveApp } from '@loofi/tooling/serve';
import { expect, openDashboard, test, watchPolicyViolations } from './support/fixtures';

test('the policy header: no <base>, and script sinks take only what the one named policy made', async ({
  page,
}) => {
  const response = await page.goto('/auth');
  const policy = response!.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    policy.split('; ').map((entry) => {
      const [name = '', ...values] = entry.split(' ');
      return [name, values.join(' ')];
    }),
  );
  expect(directives.get('base-uri')).toBe("'none'");
  expect(directives.get('require-trusted-types-for')).toBe("'script'");
  expect(directives.get('trusted-types')).toBe('loofi');
  expect(directives.get('report-uri')).toBe('/__csp-reports');
});

test('with every remote loaded, a script sink refuses plain strings and any other origin', async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  await openDashboard(page);
  for (const tab of ['Music', 'Settings', 'Home']) {
    await page.getByRole('tab', { name: tab }).click();
  }
  await expect(page.getByRole('heading', { name: /^Good/ })).toBeVisible();
  expect(await violations(), 'the site itself never trips the policy').toEqual([]);

  const refused = await page.evaluate(() => {
    const attempt = (what: () => unknown) => {
      try {
        what();
        return 'allowed';
      } catch (error) {
        return error instanceof TypeError ? 'refused' : `threw ${String(error)}`;
      }
    };
    const factory = (
      window as unknown as {
        trustedTypes: {
          createPolicy(name: string, rules: object): { createScriptURL(url: string): unknown };
        };
      }
    ).trustedTypes;
    const script = () => document.createElement('script');
    return {
      foreignString: attempt(() => (script().src = 'https://evil.example/x.js')),
      ownString: attempt(() => (script().src = '/static/js/anything.js')),
      markup: attempt(() => (document.createElement('div').innerHTML = '<img src=x>')),
      // A runtime asking for the site's policy by name gets it, with its rules.
      foreignThroughPolicy: attempt(() =>
        factory
          .createPolicy('loofi', { createScriptURL: (url: string) => url })
          .createScriptURL('https://evil.example/x.js'),
      ),
      ownThroughPolicy: attempt(() =>
        factory
          .createPolicy('loofi', { createScriptURL: (url: string) => url })
          .createScriptURL('/static/js/anything.js'),
      ),
      anotherPolicy: attempt(() => factory.createPolicy('mine', {})),
    };
  });
  expect(refused).toEqual({
    foreignString: 'refused',
    ownString: 'refused',
    markup: 'refused',
    foreignThroughPolicy: 'refused',
    ownThroughPolicy: 'allowed',
    anotherPolicy: 'refused',
  });
  // Each refused sink was reported as a violation of the Trusted Types directive.
  await expect
    .poll(async () =>
      (await violations()).filter((line) => line.startsWith('require-trusted-types-for')),
    )
    .toHaveLength(3);
});

test('a violation is reported to the local server, which prints it at once', async ({ page }) => {
  const printed: string[] = [];
  const host = await serveApp('host', 0, undefined, { onReport: (line) => printed.push(line) });
  try {
    await page.goto(`${host.url}/auth`);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'http://example.invalid/pixel.png';
      document.body.append(image);
    });
    await expect
      .poll(() => printed)
      .toEqual([
        expect.stringMatching(
          /^csp-violation: img-src enforce http:\/\/example\.invalid\/pixel\.png on http:\/\/localhost:\d+\/auth/,
        ),
      ]);
  } finally {
    await host.close();
  }
});
