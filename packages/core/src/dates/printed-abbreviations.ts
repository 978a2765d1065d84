/**
 * Abbreviations as PHP (and so The Events Calendar) prints them, for zones whose English short name in
 * Intl is only `GMT+1` and the like. Keyed by zone, then by the offset in minutes in force.
 * `zones.ts`'s `zoneAbbreviation` reads them; `zone-abbreviations.ts` holds the ones strtotime() reads.
 * @module
 */
type AbbreviationGroup = { abbreviations: Readonly<Record<number, string>>; zones: readonly string[] };

// biome-ignore format: lists of zone names read better packed than one per line
const ABBREVIATION_GROUPS: readonly AbbreviationGroup[] = [
  {
    abbreviations: { 60: 'CET', 120: 'CEST' },
    zones: [
      'Africa/Ceuta', 'Arctic/Longyearbyen', 'Europe/Amsterdam', 'Europe/Andorra', 'Europe/Belgrade',
      'Europe/Berlin', 'Europe/Bratislava', 'Europe/Brussels', 'Europe/Budapest', 'Europe/Busingen',
      'Europe/Copenhagen', 'Europe/Gibraltar', 'Europe/Ljubljana', 'Europe/Luxembourg', 'Europe/Madrid',
      'Europe/Malta', 'Europe/Monaco', 'Europe/Oslo', 'Europe/Paris', 'Europe/Podgorica', 'Europe/Prague',
      'Europe/Rome', 'Europe/San_Marino', 'Europe/Sarajevo', 'Europe/Skopje', 'Europe/Stockholm',
      'Europe/Tirane', 'Europe/Vaduz', 'Europe/Vatican', 'Europe/Vienna', 'Europe/Warsaw', 'Europe/Zagreb',
      'Europe/Zurich', 'CET',
    ],
  },
  {
    abbreviations: { 120: 'EET', 180: 'EEST' },
    zones: [
      'Africa/Cairo', 'Africa/Tripoli', 'Asia/Beirut', 'Asia/Famagusta', 'Asia/Gaza', 'Asia/Hebron',
      'Asia/Nicosia', 'Europe/Athens', 'Europe/Bucharest', 'Europe/Chisinau', 'Europe/Helsinki',
      'Europe/Kaliningrad', 'Europe/Kiev', 'Europe/Kyiv', 'Europe/Mariehamn', 'Europe/Nicosia', 'Europe/Riga',
      'Europe/Sofia', 'Europe/Tallinn', 'Europe/Uzhgorod', 'Europe/Vilnius', 'Europe/Zaporozhye', 'EET',
    ],
  },
  {
    abbreviations: { 0: 'WET', 60: 'WEST' },
    zones: [
      'Atlantic/Canary', 'Atlantic/Faeroe', 'Atlantic/Faroe', 'Atlantic/Madeira', 'Europe/Lisbon', 'WET',
    ],
  },
  {
    abbreviations: { 0: 'GMT', 60: 'BST' },
    zones: [
      'Europe/Belfast', 'Europe/Guernsey', 'Europe/Isle_of_Man', 'Europe/Jersey', 'Europe/London', 'GB',
    ],
  },
  {
    abbreviations: { 0: 'GMT', 60: 'IST' },
    zones: ['Europe/Dublin', 'Eire'],
  },
  {
    abbreviations: { 180: 'MSK' },
    zones: ['Europe/Moscow', 'Europe/Simferopol', 'W-SU'],
  },
  {
    abbreviations: { 600: 'AEST', 660: 'AEDT' },
    zones: [
      'Antarctica/Macquarie', 'Australia/ACT', 'Australia/Brisbane', 'Australia/Canberra', 'Australia/Currie',
      'Australia/Hobart', 'Australia/Lindeman', 'Australia/Melbourne', 'Australia/NSW',
      'Australia/Queensland', 'Australia/Sydney', 'Australia/Tasmania', 'Australia/Victoria',
    ],
  },
  {
    abbreviations: { 570: 'ACST', 630: 'ACDT' },
    zones: [
      'Australia/Adelaide', 'Australia/Broken_Hill', 'Australia/Darwin', 'Australia/North', 'Australia/South',
      'Australia/Yancowinna',
    ],
  },
  {
    abbreviations: { 480: 'AWST' },
    zones: ['Australia/Perth', 'Australia/West'],
  },
  {
    abbreviations: { 720: 'NZST', 780: 'NZDT' },
    zones: ['Antarctica/McMurdo', 'Antarctica/South_Pole', 'NZ', 'Pacific/Auckland'],
  },
  {
    abbreviations: { 480: 'HKT' },
    zones: ['Asia/Hong_Kong', 'Hongkong'],
  },
  {
    abbreviations: { 480: 'CST' },
    zones: [
      'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Macao', 'Asia/Macau', 'Asia/Shanghai',
      'Asia/Taipei', 'PRC', 'ROC',
    ],
  },
  {
    abbreviations: { 540: 'JST' },
    zones: ['Asia/Tokyo', 'Japan'],
  },
  {
    abbreviations: { 540: 'KST' },
    zones: ['Asia/Pyongyang', 'Asia/Seoul', 'ROK'],
  },
  {
    abbreviations: { 330: 'IST' },
    zones: ['Asia/Calcutta', 'Asia/Kolkata'],
  },
  {
    abbreviations: { 120: 'IST', 180: 'IDT' },
    zones: ['Asia/Jerusalem', 'Asia/Tel_Aviv', 'Israel'],
  },
  {
    abbreviations: { 300: 'PKT' },
    zones: ['Asia/Karachi'],
  },
  {
    abbreviations: { 480: 'PST' },
    zones: ['Asia/Manila'],
  },
  {
    abbreviations: { 420: 'WIB' },
    zones: ['Asia/Jakarta', 'Asia/Pontianak'],
  },
  {
    abbreviations: { 480: 'WITA' },
    zones: ['Asia/Makassar', 'Asia/Ujung_Pandang'],
  },
  {
    abbreviations: { 540: 'WIT' },
    zones: ['Asia/Jayapura'],
  },
  {
    abbreviations: { 120: 'SAST' },
    zones: ['Africa/Johannesburg', 'Africa/Maseru', 'Africa/Mbabane'],
  },
  {
    abbreviations: { 60: 'WAT' },
    zones: [
      'Africa/Bangui', 'Africa/Brazzaville', 'Africa/Douala', 'Africa/Kinshasa', 'Africa/Lagos',
      'Africa/Libreville', 'Africa/Luanda', 'Africa/Malabo', 'Africa/Niamey', 'Africa/Porto-Novo',
    ],
  },
  {
    abbreviations: { 120: 'CAT' },
    zones: [
      'Africa/Blantyre', 'Africa/Bujumbura', 'Africa/Gaborone', 'Africa/Harare', 'Africa/Juba',
      'Africa/Khartoum', 'Africa/Kigali', 'Africa/Lubumbashi', 'Africa/Lusaka', 'Africa/Maputo',
      'Africa/Windhoek',
    ],
  },
  {
    abbreviations: { 180: 'EAT' },
    zones: [
      'Africa/Addis_Ababa', 'Africa/Asmara', 'Africa/Dar_es_Salaam', 'Africa/Djibouti', 'Africa/Kampala',
      'Africa/Mogadishu', 'Africa/Nairobi', 'Indian/Antananarivo', 'Indian/Comoro', 'Indian/Mayotte',
    ],
  },
  {
    abbreviations: { 0: 'GMT' },
    zones: [
      'Africa/Abidjan', 'Africa/Accra', 'Africa/Bamako', 'Africa/Banjul', 'Africa/Bissau', 'Africa/Conakry',
      'Africa/Dakar', 'Africa/Freetown', 'Africa/Lome', 'Africa/Monrovia', 'Africa/Nouakchott',
      'Africa/Ouagadougou', 'Africa/Sao_Tome', 'Atlantic/Reykjavik', 'Atlantic/St_Helena', 'Iceland',
    ],
  },
  {
    abbreviations: { '-210': 'NST', '-150': 'NDT' },
    zones: ['America/St_Johns', 'Canada/Newfoundland'],
  },
  {
    abbreviations: { 0: 'UTC' },
    zones: ['Etc/UCT', 'Etc/Universal', 'Etc/UTC', 'Etc/Zulu', 'Universal', 'UTC', 'Zulu'],
  },
];

/** zone (lower case) -> offset in minutes -> abbreviation, built once from the groups above. */
export const ABBREVIATIONS_BY_ZONE: ReadonlyMap<string, ReadonlyMap<number, string>> = new Map(
  ABBREVIATION_GROUPS.flatMap(({ abbreviations, zones }) => {
    const byOffset = new Map(Object.entries(abbreviations).map(([offset, name]) => [Number(offset), name]));
    return zones.map((zone) => [zone.toLowerCase(), byOffset] as const);
  }),
);
