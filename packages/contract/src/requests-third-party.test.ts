import { describe, expect, it } from 'vitest';
import { officialRequestBody } from './requests-third-party';

const police = {
  requester: 'police',
  name: 'PC Dana Reid',
  collarNumber: '4471',
  force: 'Avon and Somerset Constabulary',
  station: 'Bristol Central',
  email: 'dana.reid@avonandsomerset.police.uk',
  crimeReference: '5224/0131/26',
  offence: 'Theft from a motor vehicle',
  incidentDate: '2026-11-20',
  incidentTime: '21:15',
  incidentPlace: 'Level 2, near the lifts',
  authorisingName: 'Jo Marsh',
  authorisingRank: 'inspector',
  message: 'Cameras covering level 2 from 21:00 to 21:30.',
};

describe("an official's request body", () => {
  it('keeps a work e-mail address typed with spaces around it, trimmed, and refuses one that is not an address', () => {
    const parsed = officialRequestBody.safeParse({
      ...police,
      email: ' dana.reid@avonandsomerset.police.uk  ',
    });
    expect(parsed.success && parsed.data.email).toBe('dana.reid@avonandsomerset.police.uk');
    const refused = officialRequestBody.safeParse({ ...police, email: 'dana.reid' });
    expect(refused.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'email: Please enter a valid e-mail address.',
    ]);
  });
});
