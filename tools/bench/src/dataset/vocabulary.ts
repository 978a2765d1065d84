/**
 * The words the generated calendar is written with: categories, tags, kinds of events, titles, venue and
 * organizer names, description sentences in English and German. Combined at random they give tens of
 * thousands of distinct titles, so slugs need the `-2`, `-3` suffixes a real calendar collects.
 */

export interface Translated {
  en: string;
  de: string;
}

export interface CategorySpec extends Translated {
  description: string;
  /** The English name of the parent category, for the few subcategories. */
  parent?: string;
}

export const CATEGORIES: readonly CategorySpec[] = [
  { en: 'Concerts', de: 'Konzerte', description: 'Live music of every kind.' },
  {
    en: 'Classical Music',
    de: 'Klassische Musik',
    description: 'Orchestras, choirs and chamber music.',
    parent: 'Concerts',
  },
  { en: 'Jazz', de: 'Jazz', description: 'From swing to free jazz.', parent: 'Concerts' },
  { en: 'Rock & Pop', de: 'Rock & Pop', description: 'Bands, singers and songwriters.', parent: 'Concerts' },
  {
    en: 'Electronic Music',
    de: 'Elektronische Musik',
    description: 'DJs and live electronics.',
    parent: 'Concerts',
  },
  { en: 'Opera', de: 'Oper', description: 'Opera and operetta.' },
  { en: 'Theatre', de: 'Theater', description: 'Plays, improvisation and cabaret.' },
  { en: 'Dance', de: 'Tanz', description: 'Performances and classes.' },
  { en: 'Comedy', de: 'Comedy', description: 'Stand-up and sketches.' },
  { en: 'Film', de: 'Film', description: 'Screenings and festivals.' },
  { en: 'Exhibitions', de: 'Ausstellungen', description: 'Openings and guided tours.' },
  { en: 'Festivals', de: 'Festivals', description: 'Several days of programme.' },
  { en: 'Workshops', de: 'Workshops', description: 'Learn by doing, in small groups.' },
  { en: 'Talks', de: 'Vorträge', description: 'Talks and panel discussions.' },
  { en: 'Readings', de: 'Lesungen', description: 'Authors read from their books.' },
  { en: 'Science', de: 'Wissenschaft', description: 'Research explained for everyone.' },
  { en: 'Technology', de: 'Technologie', description: 'Meetups, hackathons and demos.' },
  { en: 'Business', de: 'Wirtschaft', description: 'Networking and founders.' },
  { en: 'Health & Wellness', de: 'Gesundheit & Wellness', description: 'Yoga, meditation and more.' },
  { en: 'Sports', de: 'Sport', description: 'Runs, rides and matches.' },
  { en: 'Outdoors', de: 'Draußen', description: 'Hikes and excursions.' },
  { en: 'Tours', de: 'Führungen', description: 'City walks and guided visits.' },
  { en: 'Family', de: 'Familie', description: 'For children and their grown-ups.' },
  { en: 'Kids', de: 'Kinder', description: 'Especially for children.', parent: 'Family' },
  { en: 'Food & Drink', de: 'Essen & Trinken', description: 'Tastings, markets and dinners.' },
  { en: 'Markets', de: 'Märkte', description: 'Flea markets and farmers markets.' },
  { en: 'Community', de: 'Gemeinschaft', description: 'Meet your neighbours.' },
  { en: 'Nightlife', de: 'Nachtleben', description: 'Parties and club nights.' },
  { en: 'Charity', de: 'Wohltätigkeit', description: 'Benefits and fundraisers.' },
  { en: 'Education', de: 'Bildung', description: 'Courses and lessons.' },
];

/** A kind of event, with the category it belongs to (by English name). */
export interface EventKind extends Translated {
  category: string;
}

export const EVENT_KINDS: readonly EventKind[] = [
  { en: 'Concert', de: 'Konzert', category: 'Concerts' },
  { en: 'Recital', de: 'Liederabend', category: 'Classical Music' },
  { en: 'Chamber Concert', de: 'Kammerkonzert', category: 'Classical Music' },
  { en: 'Jazz Night', de: 'Jazzabend', category: 'Jazz' },
  { en: 'Jam Session', de: 'Jam-Session', category: 'Jazz' },
  { en: 'Live Gig', de: 'Live-Konzert', category: 'Rock & Pop' },
  { en: 'DJ Set', de: 'DJ-Set', category: 'Electronic Music' },
  { en: 'Opera Evening', de: 'Opernabend', category: 'Opera' },
  { en: 'Play', de: 'Theaterstück', category: 'Theatre' },
  { en: 'Improv Show', de: 'Improtheater', category: 'Theatre' },
  { en: 'Dance Performance', de: 'Tanzperformance', category: 'Dance' },
  { en: 'Dance Class', de: 'Tanzkurs', category: 'Dance' },
  { en: 'Stand-up Night', de: 'Stand-up-Abend', category: 'Comedy' },
  { en: 'Screening', de: 'Filmvorführung', category: 'Film' },
  { en: 'Exhibition Opening', de: 'Vernissage', category: 'Exhibitions' },
  { en: 'Exhibition Tour', de: 'Ausstellungsführung', category: 'Exhibitions' },
  { en: 'Festival', de: 'Festival', category: 'Festivals' },
  { en: 'Workshop', de: 'Workshop', category: 'Workshops' },
  { en: 'Masterclass', de: 'Meisterkurs', category: 'Workshops' },
  { en: 'Lecture', de: 'Vortrag', category: 'Talks' },
  { en: 'Panel Discussion', de: 'Podiumsdiskussion', category: 'Talks' },
  { en: 'Reading', de: 'Lesung', category: 'Readings' },
  { en: 'Science Slam', de: 'Science-Slam', category: 'Science' },
  { en: 'Meetup', de: 'Meetup', category: 'Technology' },
  { en: 'Hackathon', de: 'Hackathon', category: 'Technology' },
  { en: 'Networking Breakfast', de: 'Netzwerkfrühstück', category: 'Business' },
  { en: 'Yoga Class', de: 'Yogakurs', category: 'Health & Wellness' },
  { en: 'Group Run', de: 'Lauftreff', category: 'Sports' },
  { en: 'Hike', de: 'Wanderung', category: 'Outdoors' },
  { en: 'City Walk', de: 'Stadtrundgang', category: 'Tours' },
  { en: 'Family Afternoon', de: 'Familiennachmittag', category: 'Family' },
  { en: 'Puppet Show', de: 'Puppentheater', category: 'Kids' },
  { en: 'Tasting', de: 'Verkostung', category: 'Food & Drink' },
  { en: 'Cooking Class', de: 'Kochkurs', category: 'Food & Drink' },
  { en: 'Market', de: 'Markt', category: 'Markets' },
  { en: 'Neighbourhood Meeting', de: 'Nachbarschaftstreffen', category: 'Community' },
  { en: 'Club Night', de: 'Clubnacht', category: 'Nightlife' },
  { en: 'Benefit Gala', de: 'Benefizgala', category: 'Charity' },
  { en: 'Evening Course', de: 'Abendkurs', category: 'Education' },
];

/** When or how an event happens: the first part of an English title, the end of a German one. */
export const OCCASIONS: readonly Translated[] = [
  { en: 'Spring', de: 'im Frühling' },
  { en: 'Summer', de: 'im Sommer' },
  { en: 'Autumn', de: 'im Herbst' },
  { en: 'Winter', de: 'im Winter' },
  { en: 'Sunday', de: 'am Sonntag' },
  { en: 'Friday Night', de: 'am Freitagabend' },
  { en: 'Late Night', de: 'zu später Stunde' },
  { en: 'Lunchtime', de: 'zur Mittagszeit' },
  { en: 'Open Air', de: 'unter freiem Himmel' },
  { en: 'Candlelight', de: 'bei Kerzenschein' },
  { en: 'Rooftop', de: 'auf dem Dach' },
  { en: 'Riverside', de: 'am Fluss' },
  { en: 'Garden', de: 'im Garten' },
  { en: 'Harbour', de: 'am Hafen' },
  { en: 'Midsummer', de: 'zur Sommersonnenwende' },
  { en: 'New Year', de: 'zum Neujahr' },
  { en: 'Anniversary', de: 'zum Jubiläum' },
  { en: "Beginners'", de: 'für Einsteiger' },
  { en: 'Family', de: 'für Familien' },
  { en: 'Student', de: 'für Studierende' },
  { en: 'International', de: 'international' },
  { en: 'Neighbourhood', de: 'im Viertel' },
  { en: 'Morning', de: 'am Morgen' },
  { en: 'Twilight', de: 'in der Dämmerung' },
  { en: 'Weekend', de: 'am Wochenende' },
  { en: 'Pop-up', de: 'als Pop-up' },
  { en: 'Acoustic', de: 'akustisch' },
  { en: 'Monthly', de: 'im Monatstakt' },
];

/** What an event is about: the end of an English title after a colon. */
export const SUBJECTS: readonly Translated[] = [
  { en: 'Music of the Baroque', de: 'Musik des Barock' },
  { en: 'Climate and Cities', de: 'Klima und Städte' },
  { en: 'The Future of Work', de: 'Die Zukunft der Arbeit' },
  { en: 'Urban Gardening', de: 'Urbanes Gärtnern' },
  { en: 'Modern Poetry', de: 'Moderne Lyrik' },
  { en: 'Street Photography', de: 'Straßenfotografie' },
  { en: 'Open Source', de: 'Open Source' },
  { en: 'Machine Learning', de: 'Maschinelles Lernen' },
  { en: 'Healthy Cooking', de: 'Gesund kochen' },
  { en: 'Local History', de: 'Lokalgeschichte' },
  { en: 'Women in Science', de: 'Frauen in der Wissenschaft' },
  { en: 'Latin Rhythms', de: 'Lateinamerikanische Rhythmen' },
  { en: 'Nordic Noir', de: 'Nordic Noir' },
  { en: 'Silent Films', de: 'Stummfilme' },
  { en: 'Wines of the Region', de: 'Weine der Region' },
  { en: 'Coffee Roasting', de: 'Kaffeerösten' },
  { en: 'Mindfulness', de: 'Achtsamkeit' },
  { en: 'Birdwatching', de: 'Vogelbeobachtung' },
  { en: 'Architecture', de: 'Architektur' },
  { en: 'Sustainable Fashion', de: 'Nachhaltige Mode' },
  { en: 'Space Exploration', de: 'Raumfahrt' },
  { en: 'Board Games', de: 'Brettspiele' },
  { en: 'Folk Songs', de: 'Volkslieder' },
  { en: 'Contemporary Dance', de: 'Zeitgenössischer Tanz' },
  { en: 'Graphic Novels', de: 'Graphic Novels' },
  { en: 'Startups', de: 'Start-ups' },
  { en: 'Cycling', de: 'Radfahren' },
  { en: 'Photography Basics', de: 'Grundlagen der Fotografie' },
  { en: 'Watercolour', de: 'Aquarell' },
  { en: 'Bread Baking', de: 'Brot backen' },
  { en: 'Data Privacy', de: 'Datenschutz' },
  { en: 'Renewable Energy', de: 'Erneuerbare Energien' },
  { en: "Children's Songs", de: 'Kinderlieder' },
  { en: 'Opera Highlights', de: 'Opernhöhepunkte' },
  { en: 'Film Noir', de: 'Film noir' },
  { en: 'Electronic Beats', de: 'Elektronische Beats' },
  { en: 'Storytelling', de: 'Geschichtenerzählen' },
  { en: 'Wildflowers', de: 'Wildblumen' },
];

// biome-ignore format: a list of names reads better packed than one per line
export const FIRST_NAMES = [
  'Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Greta', 'Hannah', 'Ivan', 'Jonas', 'Katharina',
  'Leon', 'Maria', 'Noah', 'Olivia', 'Paul', 'Quentin', 'Rosa', 'Sofia', 'Tom', 'Ulrike', 'Viktor',
  'Wanda', 'Yusuf', 'Zoe', 'Amira', 'Lukas', 'Mei', 'Ravi', 'Sven',
] as const;

// biome-ignore format: a list of names reads better packed than one per line
export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Weber', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Schulz', 'Koch', 'Richter',
  'Klein', 'Wolf', 'Neumann', 'Braun', 'Zimmermann', 'Smith', 'Johnson', 'Brown', 'García', 'Rossi',
  'Dubois', 'Novak', 'Kowalski', 'Jansen', 'Nielsen', 'Tanaka', 'Kim', 'Silva', 'Okafor', 'Haddad',
] as const;

export const ENSEMBLES = ['Quartet', 'Trio', 'Ensemble', 'Collective', 'Band', 'Choir', 'Orchestra'] as const;

/**
 * One of these appears in the description of every event, each with the same chance: a word that occurs
 * nowhere else in the vocabulary, so that `search` for one of them matches a known share of the events
 * (1 in THEMES.length, about 1 %).
 */
// biome-ignore format: a list of names reads better packed than one per line
export const THEMES = [
  'accordions', 'bagpipes', 'banjos', 'basketry', 'beekeeping', 'bookbinding', 'calligraphy',
  'candlemaking', 'carillons', 'ceramics', 'cheesemaking', 'clarinets', 'crochet', 'cyanotypes',
  'didgeridoos', 'dulcimers', 'embroidery', 'enamelling', 'falconry', 'felting', 'fermentation', 'fiddles',
  'glassblowing', 'gramophones', 'harmonicas', 'harpsichords', 'herbalism', 'ikebana', 'juggling',
  'kaleidoscopes', 'kintsugi', 'kites', 'lacemaking', 'letterpress', 'mandolins', 'marionettes',
  'marquetry', 'meteorites', 'mosaics', 'nyckelharpas', 'oboes', 'orchids', 'origami', 'orienteering',
  'papermaking', 'perfumery', 'pottery', 'quilting', 'saxophones', 'scrimshaw', 'shibori', 'silversmithing',
  'sitars', 'soapmaking', 'stargazing', 'stonemasonry', 'sundials', 'tapestries', 'taxidermy',
  'terrariums', 'theremins', 'tintypes', 'topiary', 'trombones', 'typewriters', 'ukuleles', 'violas',
  'weaving', 'whittling', 'woodturning', 'xylophones', 'yodelling', 'zithers', 'zines', 'astrolabes',
  'barometers', 'bonsai', 'cartography', 'dominoes', 'gilding', 'jigsaws', 'knitting', 'linocuts',
  'lockpicking', 'mycology', 'needlepoint', 'puppetry', 'sourdough', 'tatting', 'upholstery', 'woodcuts',
  'harpists', 'lanterns', 'semaphore', 'glockenspiels', 'bobbin lace', 'fossils', 'windmills', 'gondolas',
  'sextants',
] as const;

// biome-ignore format: a list of names reads better packed than one per line
export const VENUE_KINDS = [
  'Concert Hall', 'Town Hall', 'Arts Centre', 'Jazz Cellar', 'Playhouse', 'Cinema', 'Museum', 'Gallery',
  'Library', 'Community Hall', 'Warehouse', 'Studio', 'Loft', 'Brewery', 'Market Hall', 'Botanical Garden',
  'Park Pavilion', 'Old Fire Station', 'Riverside Stage', 'Rooftop Terrace', 'Book Shop', 'Coworking Space',
  'University Hall', 'Chapel', 'Boathouse', 'Sports Hall', 'Yoga Studio', 'Cooking School', 'Youth Centre',
  'Social Club', 'Tech Hub', 'Observatory', 'Wine Bar', 'Coffee House', 'Record Store', 'Opera House',
  'Dance School', 'Puppet Theatre', 'Exhibition Hall', 'Conference Centre',
] as const;

// biome-ignore format: a list of names reads better packed than one per line
export const STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Lindenallee', 'Schillerstraße', 'Goethestraße', 'Marktplatz',
  'Am Hafen', 'Kirchgasse', 'Market Street', 'Church Lane', 'Harbour Road', 'High Street', 'Mill Lane',
  'Park Avenue', 'Station Road', 'Rue de la Paix', 'Via Roma', 'Calle Mayor', 'Kanaalweg', 'Storgatan',
  'Riverside Drive', 'Elm Street', 'Broadway', 'Queen Street', 'King Street', 'Garden Row',
  'Universitätsstraße', 'Theaterplatz', 'Museumsufer', 'Old Town Square',
] as const;

// biome-ignore format: a list of names reads better packed than one per line
export const ORGANIZER_SUBJECTS = [
  'Jazz', 'Film', 'Science', 'Tech', 'Book', 'Dance', 'Food', 'Climate', 'Photo', 'Art', 'Music', 'Theatre',
  'Garden', 'Chess', 'Startup', 'History', 'Poetry', 'Kids', 'Yoga', 'Cycling',
] as const;

// biome-ignore format: a list of names reads better packed than one per line
export const ORGANIZER_KINDS = [
  'Society', 'Collective', 'Club', 'Association', 'Foundation', 'Network', 'Friends', 'Circle', 'Guild',
  'Initiative',
] as const;

/** Tags that are not subjects or cities, with German names for some. */
// biome-ignore format: a list of names reads better packed than one per line
export const GENERIC_TAGS: ReadonlyArray<readonly [string, string | null]> = [
  ['free entry', 'Eintritt frei'], ['outdoor', 'draußen'], ['indoor', 'drinnen'], ['online', 'online'],
  ['hybrid', null], ['kids', 'Kinder'], ['teens', 'Jugendliche'], ['seniors', 'Senioren'],
  ['beginners', 'Einsteiger'], ['advanced', 'Fortgeschrittene'], ['wheelchair accessible', 'barrierefrei'],
  ['english', 'Englisch'], ['german', 'Deutsch'], ['bilingual', 'zweisprachig'], ['live music', 'Livemusik'],
  ['acoustic', 'akustisch'], ['dj', null], ['late night', 'spät'], ['weekend', 'Wochenende'],
  ['afterwork', 'Feierabend'], ['lunch break', 'Mittagspause'], ['family friendly', 'familienfreundlich'],
  ['dog friendly', 'hundefreundlich'], ['vegan', null], ['vegetarian', 'vegetarisch'], ['wine', 'Wein'],
  ['beer', 'Bier'], ['coffee', 'Kaffee'], ['sustainability', 'Nachhaltigkeit'], ['diy', null],
  ['crafts', 'Handwerk'], ['painting', 'Malerei'], ['drawing', 'Zeichnen'], ['poetry', 'Lyrik'],
  ['literature', 'Literatur'], ['history', 'Geschichte'], ['design', null], ['fashion', 'Mode'],
  ['networking', null], ['ai', 'KI'], ['web development', 'Webentwicklung'], ['data', 'Daten'],
  ['health', 'Gesundheit'], ['yoga', null], ['running', 'Laufen'], ['hiking', 'Wandern'],
  ['nature', 'Natur'], ['birds', 'Vögel'], ['cooking', 'Kochen'], ['baking', 'Backen'],
  ['flea market', 'Flohmarkt'], ['christmas', 'Weihnachten'], ['easter', 'Ostern'], ['premiere', 'Premiere'],
  ['last chance', 'letzte Gelegenheit'], ['registration required', 'Anmeldung erforderlich'],
  ['donation based', 'auf Spendenbasis'], ['student discount', 'Studentenrabatt'], ['queer', null],
  ['women only', 'nur für Frauen'],
];

/** Sentences any English description may contain. */
export const SENTENCES_EN = [
  'Seats are limited, so please arrive early.',
  'The programme lasts about two hours with one break.',
  'Everyone is welcome, whatever their experience.',
  'Drinks and small snacks are available at the bar.',
  'The venue is step-free and has an accessible toilet.',
  'Bring a friend: the second ticket is half price.',
  'Children under twelve enter free with an adult.',
  'The event takes place in English and German.',
  'Please bring your own materials if you have them.',
  'Afterwards there is time to meet the artists.',
  'Photography is allowed without flash.',
  'We record the event and publish it later on our website.',
  'In case of rain the event moves indoors.',
  'Tickets are sold at the door and online.',
  'Members of the association get a reduced price.',
  'The evening ends with an open discussion.',
  'Local musicians open the evening.',
  'The building opened in 1902 and was restored recently.',
  'Public transport stops right in front of the venue.',
  'Bicycle parking is available in the courtyard.',
  'Doors open thirty minutes before the start.',
  'The number of participants is limited to twenty.',
  'No prior knowledge is needed.',
  'Coffee and cake are served during the break.',
] as const;

export const SENTENCES_DE = [
  'Die Plätze sind begrenzt, bitte kommt rechtzeitig.',
  'Das Programm dauert etwa zwei Stunden mit einer Pause.',
  'Alle sind willkommen, ganz gleich mit welcher Erfahrung.',
  'Getränke und kleine Snacks gibt es an der Bar.',
  'Der Ort ist barrierefrei.',
  'Kinder unter zwölf Jahren haben in Begleitung freien Eintritt.',
  'Im Anschluss gibt es Zeit für Gespräche mit den Mitwirkenden.',
  'Bei Regen findet die Veranstaltung drinnen statt.',
  'Karten gibt es an der Abendkasse und online.',
  'Vorkenntnisse sind nicht nötig.',
  'Kaffee und Kuchen gibt es in der Pause.',
] as const;
