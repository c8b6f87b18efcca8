/**
 * Counties for the County pick-list of every address form (SPEC.md section 2), each labelled with its
 * nation. The names are those UK address data uses for the county line: the ceremonial counties
 * of England, the preserved counties of Wales, the registration counties of Scotland and the six
 * counties of Northern Ireland, so a looked-up address finds its county here.
 */
const counties: Record<'England' | 'Wales' | 'Scotland' | 'Northern Ireland', readonly string[]> = {
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

/** 'Kent (England)', 'Dyfed (Wales)', ... in alphabetical order. */
export const UK_COUNTY_OPTIONS: readonly string[] = Object.entries(counties)
  .flatMap(([nation, names]) => names.map((name) => `${name} (${nation})`))
  .sort((a, b) => a.localeCompare(b, 'en-GB'));

/** The pick-list entry for a county as address data names it, e.g. 'kent' -> 'Kent (England)'. */
export function countyOption(county: string): string | undefined {
  const wanted = county.trim().toLowerCase();
  if (!wanted) return undefined;
  return UK_COUNTY_OPTIONS.find((option) => option.replace(/\s*\([^)]*\)$/, '').toLowerCase() === wanted);
}
