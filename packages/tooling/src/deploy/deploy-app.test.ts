import { describe, expect, it } from 'vitest';
import { deployCommands } from './deploy-app';

describe('deployCommands', () => {
  it("builds the one app, writes the hosting config, then deploys only that app's target", () => {
    expect(deployCommands('music')).toEqual([
      ['pnpm', '--filter', '@loofi/music', 'build'],
      ['pnpm', 'hosting:config'],
      [
        'pnpm',
        '--filter',
        '@loofi/firebase',
        'exec',
        'firebase',
        'deploy',
        '--only',
        'hosting:music',
      ],
    ]);
    expect(deployCommands('host')[0]).toEqual(['pnpm', '--filter', '@loofi/host', 'build']);
  });
});
