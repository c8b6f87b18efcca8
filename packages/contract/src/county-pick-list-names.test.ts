import { describe, expect, it } from 'vitest';
import { UK_COUNTIES_BY_NATION } from './uk-counties';

// The County pick-list of every address form (SPEC.md section 2) offers these names under each
// nation; a county missing or misspelt is one a person cannot pick, and one a looked-up address
// does not find.
describe('the County pick-list', () => {
  it('offers the 48 counties of England', () => {
    expect(UK_COUNTIES_BY_NATION.England).toEqual([
      'Bedfordshire',
      'Berkshire',
      'Buckinghamshire',
      'Cambridgeshire',
      'Cheshire',
      'City of Bristol',
      'City of London',
      'Cornwall',
      'County Durham',
      'Cumbria',
      'Derbyshire',
      'Devon',
      'Dorset',
      'East Riding of Yorkshire',
      'East Sussex',
      'Essex',
      'Gloucestershire',
      'Greater London',
      'Greater Manchester',
      'Hampshire',
      'Herefordshire',
      'Hertfordshire',
      'Isle of Wight',
      'Kent',
      'Lancashire',
      'Leicestershire',
      'Lincolnshire',
      'Merseyside',
      'Norfolk',
      'North Yorkshire',
      'Northamptonshire',
      'Northumberland',
      'Nottinghamshire',
      'Oxfordshire',
      'Rutland',
      'Shropshire',
      'Somerset',
      'South Yorkshire',
      'Staffordshire',
      'Suffolk',
      'Surrey',
      'Tyne and Wear',
      'Warwickshire',
      'West Midlands',
      'West Sussex',
      'West Yorkshire',
      'Wiltshire',
      'Worcestershire',
    ]);
  });

  it('offers the 8 counties of Wales', () => {
    expect(UK_COUNTIES_BY_NATION.Wales).toEqual([
      'Clwyd',
      'Dyfed',
      'Gwent',
      'Gwynedd',
      'Mid Glamorgan',
      'Powys',
      'South Glamorgan',
      'West Glamorgan',
    ]);
  });

  it('offers the 33 counties of Scotland', () => {
    expect(UK_COUNTIES_BY_NATION.Scotland).toEqual([
      'Aberdeenshire',
      'Angus',
      'Argyll',
      'Ayrshire',
      'Banffshire',
      'Berwickshire',
      'Bute',
      'Caithness',
      'Clackmannanshire',
      'Dumfriesshire',
      'Dunbartonshire',
      'East Lothian',
      'Fife',
      'Inverness-shire',
      'Kincardineshire',
      'Kinross-shire',
      'Kirkcudbrightshire',
      'Lanarkshire',
      'Midlothian',
      'Moray',
      'Nairnshire',
      'Orkney',
      'Peeblesshire',
      'Perthshire',
      'Renfrewshire',
      'Ross and Cromarty',
      'Roxburghshire',
      'Selkirkshire',
      'Shetland',
      'Stirlingshire',
      'Sutherland',
      'West Lothian',
      'Wigtownshire',
    ]);
  });

  it('offers the 6 counties of Northern Ireland', () => {
    expect(UK_COUNTIES_BY_NATION['Northern Ireland']).toEqual([
      'County Antrim',
      'County Armagh',
      'County Down',
      'County Fermanagh',
      'County Londonderry',
      'County Tyrone',
    ]);
  });
});
