import { describe, expect, it } from 'vitest';
import { holidayNationOfCounty } from './uk-counties';

describe('the nation whose bank holidays apply to a site', () => {
  it.each([
    ['Kent', 'england-and-wales'],
    ['Dyfed', 'england-and-wales'],
    ['Fife', 'scotland'],
    ['county antrim', 'northern-ireland'],
    [' County Down ', 'northern-ireland'],
    ['', 'england-and-wales'],
    ['Bavaria', 'england-and-wales'],
  ])('%s -> %s', (county, nation) => {
    expect(holidayNationOfCounty(county)).toBe(nation);
  });
});
