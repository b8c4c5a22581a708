import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deploySteps } from './deploy-app';
import {
  deployedRemotesProblems,
  readDeployedRemotes,
  writeDeployedRemotes,
} from './deployed-remotes';

const DEPLOYED = {
  home: 'https://loofi-home.web.app/mf-manifest.json',
  music: 'https://loofi-music.web.app/mf-manifest.json',
  settings: 'https://loofi-settings.web.app/mf-manifest.json',
};

describe('deploySteps', () => {
  it("builds the one app, writes the hosting config, then deploys only that app's target", () => {
    expect(deploySteps('music')).toEqual([
      { kind: 'command', argv: ['pnpm', '--filter', '@loofi/music', 'build'] },
      { kind: 'command', argv: ['pnpm', 'hosting:config'] },
      {
        kind: 'command',
        argv: [
          'pnpm',
          '--filter',
          '@loofi/firebase',
          'exec',
          'firebase',
          'deploy',
          '--only',
          'hosting:music',
        ],
      },
    ]);
  });

  it("puts the deployed remotes.json over the host build's own before the hosting config", () => {
    expect(deploySteps('host', DEPLOYED).map((step) => step.kind)).toEqual([
      'command',
      'remotes',
      'command',
      'command',
    ]);
    expect(deploySteps('host', DEPLOYED)[1]).toEqual({ kind: 'remotes', manifest: DEPLOYED });
  });

  it('refuses to deploy the host without the deployed remotes.json', () => {
    expect(() => deploySteps('host')).toThrow(/REMOTES_JSON/);
  });
});

describe('the deployed remotes.json', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const place = (source: string) => writeDeployedRemotes(readDeployedRemotes(source), dir);
  const write = (content: string) => {
    dir = mkdtempSync(path.join(tmpdir(), 'loofi-deploy-'));
    const source = path.join(dir, 'remotes.prod.json');
    writeFileSync(source, content);
    writeFileSync(
      path.join(dir, 'remotes.json'),
      '{"home":"http://localhost:3001/mf-manifest.json"}',
    );
    return source;
  };

  it("writes the deployed remotes over the build's loopback ones", () => {
    const source = write(JSON.stringify(DEPLOYED));
    place(source);
    expect(JSON.parse(readFileSync(path.join(dir, 'remotes.json'), 'utf8'))).toEqual(DEPLOYED);
  });

  it("leaves the build's file alone and says why when a tab is missing or not https", () => {
    const source = write(
      JSON.stringify({ ...DEPLOYED, music: 'http://localhost:3002/mf-manifest.json' }),
    );
    expect(() => place(source)).toThrow(/"music" is not an https URL/);
    expect(readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toContain('localhost:3001');
    expect(deployedRemotesProblems({ home: DEPLOYED.home })).toEqual([
      '"music" is not an https URL: undefined',
      '"settings" is not an https URL: undefined',
    ]);
    expect(deployedRemotesProblems([])).toHaveLength(1);
  });

  it('names a file that is not JSON', () => {
    expect(() => place(write('{ not json'))).toThrow(/could not be read as JSON/);
  });
});
