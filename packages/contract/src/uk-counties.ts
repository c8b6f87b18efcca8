/** The four nations of the UK, as the County pick-list labels them. */
export type UkNation = 'England' | 'Wales' | 'Scotland' | 'Northern Ireland';

/**
 * Counties for the County pick-list of every address form (SPEC.md section 2), each labelled with its
 * nation. The names are those UK address data uses for the county line: the ceremonial counties
 * of England, the preserved counties of Wales, the registration counties of Scotland and the six
 * counties of Northern Ireland, so a looked-up address finds its county here.
 */
export const UK_COUNTIES_BY_NATION: Record<UkNation, readonly string[]> = {
  England: [
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
  ],
  Wales: [
    'Clwyd',
    'Dyfed',
    'Gwent',
    'Gwynedd',
    'Mid Glamorgan',
    'Powys',
    'South Glamorgan',
    'West Glamorgan',
  ],
  Scotland: [
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
  ],
  'Northern Ireland': [
    'County Antrim',
    'County Armagh',
    'County Down',
    'County Fermanagh',
    'County Londonderry',
    'County Tyrone',
  ],
};

/** Which set of bank holidays applies to a site in a county: England and Wales share one. */
export function holidayNationOfCounty(county: string): 'england-and-wales' | 'scotland' | 'northern-ireland' {
  const wanted = county.trim().toLowerCase();
  const is = (nation: UkNation) =>
    UK_COUNTIES_BY_NATION[nation].some((name) => name.toLowerCase() === wanted);
  if (is('Scotland')) return 'scotland';
  if (is('Northern Ireland')) return 'northern-ireland';
  return 'england-and-wales';
}
