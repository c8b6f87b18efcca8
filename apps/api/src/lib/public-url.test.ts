import { brandById } from '@app/brands';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-url';

const dvr = brandById('dvr');

describe('publicOrigin', () => {
  it('fills the pattern with the brand first host key', () => {
    expect(
      publicOrigin(dvr, { publicUrlPattern: 'http://{host}.localhost:3210', nodeEnv: 'production', port: 1 }),
    ).toBe(`http://${dvr.hostKeys[0]}.localhost:3210`);
  });

  it('uses the configured brand URL in production without a pattern', () => {
    expect(publicOrigin(dvr, { publicUrlPattern: undefined, nodeEnv: 'production', port: 3000 })).toBe(
      dvr.url.replace(/\/$/, ''),
    );
  });

  it('uses the brand host on localhost and PORT in development', () => {
    expect(publicOrigin(dvr, { publicUrlPattern: undefined, nodeEnv: 'development', port: 4321 })).toBe(
      `http://${dvr.hostKeys[0]}.localhost:4321`,
    );
  });
});
