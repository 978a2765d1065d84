/**
 * The demo calendar's content (demo.ts seeds it): venues in several cities with coordinates and zones,
 * organizers, categories and tags with their German names, and the kinds of event the demo's events are drawn
 * from, each in English and German.
 * @module
 */
export interface DemoVenue {
  venue: string;
  address: string;
  city: string;
  country: string;
  state?: string;
  zip: string;
  phone?: string;
  website?: string;
  geo_lat: number;
  geo_lng: number;
  timezone: string;
}

export const VENUES: DemoVenue[] = [
  {
    venue: 'Konzerthaus Berlin',
    address: 'Gendarmenmarkt 2',
    city: 'Berlin',
    country: 'Germany',
    zip: '10117',
    phone: '+49 30 203090',
    website: 'https://www.konzerthaus.de',
    geo_lat: 52.5138,
    geo_lng: 13.3919,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Elbphilharmonie',
    address: 'Platz der Deutschen Einheit 1',
    city: 'Hamburg',
    country: 'Germany',
    zip: '20457',
    website: 'https://www.elbphilharmonie.de',
    geo_lat: 53.5413,
    geo_lng: 9.9841,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Stadtgarten',
    address: 'Venloer Straße 40',
    city: 'Köln',
    country: 'Germany',
    zip: '50672',
    geo_lat: 50.9412,
    geo_lng: 6.9392,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Gasteig HP8',
    address: 'Hans-Preißinger-Straße 8',
    city: 'München',
    country: 'Germany',
    state: 'Bayern',
    zip: '81379',
    geo_lat: 48.1146,
    geo_lng: 11.5483,
    timezone: 'Europe/Berlin',
  },
  {
    venue: 'Porgy & Bess',
    address: 'Riemergasse 11',
    city: 'Wien',
    country: 'Austria',
    zip: '1010',
    phone: '+43 1 5128811',
    geo_lat: 48.2073,
    geo_lng: 16.3764,
    timezone: 'Europe/Vienna',
  },
  {
    venue: 'Kaufleuten',
    address: 'Pelikanstrasse 18',
    city: 'Zürich',
    country: 'Switzerland',
    zip: '8001',
    geo_lat: 47.3713,
    geo_lng: 8.5366,
    timezone: 'Europe/Zurich',
  },
  {
    venue: 'Barbican Centre',
    address: 'Silk Street',
    city: 'London',
    country: 'United Kingdom',
    zip: 'EC2Y 8DS',
    website: 'https://www.barbican.org.uk',
    geo_lat: 51.5202,
    geo_lng: -0.0938,
    timezone: 'Europe/London',
  },
];

export const ORGANIZERS = [
  {
    organizer: 'Berliner Jazzverein',
    email: 'hello@jazzverein.example',
    phone: '+49 30 1234567',
    website: 'https://jazzverein.example',
  },
  { organizer: 'Hamburg Tech Meetup', email: 'team@hhtech.example', website: 'https://hhtech.example' },
  { organizer: 'Kulturbüro München', email: 'kultur@muenchen.example', phone: '+49 89 7654321' },
  {
    organizer: 'Alpine Film Society',
    email: 'films@alpine.example',
    website: 'https://alpine-films.example',
  },
  { organizer: 'Open Source Circle', email: 'circle@oss.example' },
];

/** English name, German name, description. */
export const CATEGORIES: [string, string, string][] = [
  ['Concerts', 'Konzerte', 'Live music of every kind.'],
  ['Workshops', 'Workshops', 'Learn by doing, in small groups.'],
  ['Talks', 'Vorträge', 'Talks, readings and panel discussions.'],
  ['Film', 'Film', 'Screenings and festivals.'],
  ['Family', 'Familie', 'For children and their grown-ups.'],
  ['Food & Drink', 'Essen & Trinken', 'Tastings, markets and dinners.'],
];

export const TAGS: [string, string][] = [
  ['jazz', 'Jazz'],
  ['classical', 'Klassik'],
  ['free entry', 'Eintritt frei'],
  ['outdoor', 'Draußen'],
  ['online', 'Online'],
  ['kids', 'Kinder'],
  ['beginners', 'Einsteiger'],
  ['networking', 'Networking'],
];

export interface DemoEventTemplate {
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  category: string;
  tags: string[];
  /** Start time of day, and length in hours; `allDay` events ignore both. */
  hour: number;
  hours: number;
  allDay?: boolean;
  /**
   * As sent: amounts without a symbol show with the site's default currency (`--currency-symbol`, default
   * `$`); `Free` for no charge (a lone `0` is no cost at all, as in the plugin).
   */
  cost: string;
  organizers: number[];
  /** Indexes into VENUES this kind of event happens at; empty for events without a venue (online). */
  venues: number[];
}

export const TEMPLATES: DemoEventTemplate[] = [
  {
    title: 'Late Night Jazz Session',
    titleDe: 'Jazz-Session am späten Abend',
    description: 'An open stage for improvisers: bring your instrument or just listen.',
    descriptionDe: 'Eine offene Bühne für Improvisation: Bring dein Instrument mit oder hör einfach zu.',
    category: 'Concerts',
    tags: ['jazz'],
    hour: 21,
    hours: 3,
    cost: '12',
    organizers: [0],
    venues: [0, 4, 2],
  },
  {
    title: 'Symphony No. 9',
    titleDe: 'Sinfonie Nr. 9',
    description: "Beethoven's Ninth with full choir, conducted by a guest from Vienna.",
    descriptionDe: 'Beethovens Neunte mit großem Chor, dirigiert von einem Gast aus Wien.',
    category: 'Concerts',
    tags: ['classical'],
    hour: 19,
    hours: 2,
    cost: '25 - 80',
    organizers: [2],
    venues: [1, 0, 6],
  },
  {
    title: 'TypeScript for Beginners',
    titleDe: 'TypeScript für Einsteiger',
    description: 'A hands-on workshop: types, generics and the compiler, with laptops.',
    descriptionDe: 'Ein praktischer Workshop: Typen, Generics und der Compiler, mit Laptops.',
    category: 'Workshops',
    tags: ['beginners', 'networking'],
    hour: 10,
    hours: 6,
    cost: 'Free',
    organizers: [1, 4],
    venues: [1, 3],
  },
  {
    title: 'Open Source Evening',
    titleDe: 'Open-Source-Abend',
    description: 'Short talks by maintainers, then pizza and pairing on first contributions.',
    descriptionDe:
      'Kurze Vorträge von Maintainern, danach Pizza und gemeinsames Arbeiten an ersten Beiträgen.',
    category: 'Talks',
    tags: ['free entry', 'networking'],
    hour: 18,
    hours: 3,
    cost: 'Free',
    organizers: [4],
    venues: [2, 3, 5],
  },
  {
    title: 'Mountain Film Night',
    titleDe: 'Bergfilmnacht',
    description: 'Three short films about climbing, skiing and the people of the Alps.',
    descriptionDe: 'Drei Kurzfilme über Klettern, Skifahren und die Menschen der Alpen.',
    category: 'Film',
    tags: ['outdoor'],
    hour: 20,
    hours: 2.5,
    cost: '15',
    organizers: [3],
    venues: [5, 3, 4],
  },
  {
    title: 'Family Concert: The Carnival of the Animals',
    titleDe: 'Familienkonzert: Der Karneval der Tiere',
    description: 'Saint-Saëns for ears of every age, with a narrator and a petting zoo of instruments.',
    descriptionDe: 'Saint-Saëns für Ohren jeden Alters, mit Erzähler und Instrumenten zum Ausprobieren.',
    category: 'Family',
    tags: ['classical', 'kids'],
    hour: 11,
    hours: 1.5,
    cost: '8',
    organizers: [2],
    venues: [0, 1],
  },
  {
    title: 'Street Food Market',
    titleDe: 'Streetfood-Markt',
    description: 'Thirty stalls, local brewers and a live band in the courtyard.',
    descriptionDe: 'Dreißig Stände, lokale Brauereien und eine Live-Band im Hof.',
    category: 'Food & Drink',
    tags: ['outdoor', 'free entry'],
    hour: 0,
    hours: 0,
    allDay: true,
    cost: '',
    organizers: [2],
    venues: [2, 3],
  },
  {
    title: 'Remote Work Q&A',
    titleDe: 'Fragestunde zur Remote-Arbeit',
    description: 'An online session on tools, habits and contracts for distributed teams.',
    descriptionDe: 'Eine Online-Sitzung über Werkzeuge, Gewohnheiten und Verträge für verteilte Teams.',
    category: 'Talks',
    tags: ['online', 'networking'],
    hour: 17,
    hours: 1,
    cost: 'Free',
    organizers: [1],
    venues: [],
  },
  {
    title: 'Wine Tasting: Grüner Veltliner',
    titleDe: 'Weinverkostung: Grüner Veltliner',
    description: 'Six wines from the Wachau, introduced by the winemakers.',
    descriptionDe: 'Sechs Weine aus der Wachau, vorgestellt von den Winzern.',
    category: 'Food & Drink',
    tags: [],
    hour: 19,
    hours: 2,
    cost: '35',
    organizers: [3],
    venues: [4],
  },
  {
    title: 'Coding Club for Kids',
    titleDe: 'Programmierclub für Kinder',
    description: 'Children from 8 build a small game; no experience needed.',
    descriptionDe: 'Kinder ab 8 bauen ein kleines Spiel; keine Vorkenntnisse nötig.',
    category: 'Workshops',
    tags: ['kids', 'beginners'],
    hour: 14,
    hours: 3,
    cost: 'Free',
    organizers: [4, 1],
    venues: [1, 2, 3],
  },
];
