import type { Language } from '../../../contract/languages.ts';

/**
 * Every word the offline archive shows, in English and Finnish. The site is read years from
 * now without Saaga, so it carries its own words instead of the client's i18n files.
 * Finnish: a recording is "nauhoitus".
 */
export interface SiteWords {
  lifeStories: (name: string | null) => string;
  exportedOn: (date: string) => string;
  count: Record<'stories' | 'recordings' | 'people' | 'places' | 'chapters', (n: number) => string>;
  hoursOfAudio: (hours: string) => string;
  contents: string;
  archiveHome: string;
  chapters: string;
  noChapter: string;
  byYear: string;
  byYearNote: string;
  recordedIn: (date: string) => string;
  people: string;
  places: string;
  peopleAndPlaces: string;
  books: string;
  files: string;
  readme: string;
  dataFolder: string;
  storiesFolder: string;
  recordingsFolder: string;
  photosFolder: string;
  photos: string;
  photo: string;
  photoBy: (name: string) => string;
  otherRecordings: string;
  otherRecordingsNote: string;
  noStoriesYet: string;
  chapter: string;
  when: string;
  noText: string;
  recordings: string;
  recording: (n: number) => string;
  recordedOn: (date: string) => string;
  recordedBy: (name: string) => string;
  duration: string;
  openAudio: string;
  transcriptTxt: string;
  subtitlesVtt: string;
  showTranscript: string;
  transcriptEdited: (date: string) => string;
  titleEdited: (date: string) => string;
  textEdited: (date: string) => string;
  publishedAt: string;
  publishedOn: (date: string) => string;
  narration: string;
  storyMarkdown: string;
  previous: string;
  next: string;
  relationship: string;
  type: string;
  characterization: string;
  description: string;
  significance: string;
  gathered: string;
  labels: string;
  mentionedIn: string;
  noMentionsPerson: string;
  noMentionsPlace: string;
  recordingsMentioning: string;
  enriched: Record<string, string>;
  relationships: Record<string, string>;
  placeTypes: Record<string, string>;
}

const plural = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;

const en: SiteWords = {
  lifeStories: (name) => (name ? `${name}'s life stories` : 'Life stories'),
  exportedOn: (date) => `Exported from Saaga on ${date}. Everything here opens without Saaga and without the internet.`,
  count: {
    stories: plural('story', 'stories'),
    recordings: plural('recording', 'recordings'),
    people: plural('person', 'people'),
    places: plural('place', 'places'),
    chapters: plural('chapter', 'chapters'),
  },
  hoursOfAudio: (hours) => `${hours} h of recordings`,
  contents: 'Contents',
  archiveHome: 'Archive',
  chapters: 'Chapters',
  noChapter: 'Stories not in a chapter',
  byYear: 'By year',
  byYearNote: 'Each story at the time it tells of; a story without one at the year it was recorded.',
  recordedIn: (date) => `recorded ${date}`,
  people: 'People',
  places: 'Places',
  peopleAndPlaces: 'People and places',
  books: 'Books',
  files: 'The archive’s files',
  readme: 'README.txt: what is where in this archive',
  dataFolder: 'data/: people, places, chapters, stories and recordings as JSON (schema.json describes them)',
  storiesFolder: 'stories/: every story as a Markdown file',
  recordingsFolder: 'recordings/: every original recording',
  photosFolder: 'photos/: every original photo',
  photos: 'Photos',
  photo: 'Photo',
  photoBy: (name) => `Photo: ${name}`,
  otherRecordings: 'Recordings not in a story',
  otherRecordingsNote: 'Recordings kept on their own, for example about a person or a place.',
  noStoriesYet: 'No stories yet.',
  chapter: 'Chapter',
  when: 'When',
  noText: 'No text yet.',
  recordings: 'Recordings',
  recording: (n) => `Recording ${n}`,
  recordedOn: (date) => `Recorded ${date}`,
  recordedBy: (name) => `Recorded by ${name}`,
  duration: 'Length',
  openAudio: 'Open the audio file',
  transcriptTxt: 'Transcript (.txt)',
  subtitlesVtt: 'With timings (.vtt)',
  showTranscript: 'Transcript',
  transcriptEdited: (date) => `Transcript corrected by hand on ${date}`,
  titleEdited: (date) => `Title edited by hand on ${date}`,
  textEdited: (date) => `Text edited by hand on ${date}`,
  publishedAt: 'Published at',
  publishedOn: (date) => `Published on ${date}`,
  narration: 'Narration',
  storyMarkdown: 'This story as Markdown (.md)',
  previous: 'Previous',
  next: 'Next',
  relationship: 'Relationship',
  type: 'Type',
  characterization: 'Characterization',
  description: 'Description',
  significance: 'Significance',
  gathered: 'Information gathered from recordings',
  labels: 'Linked names',
  mentionedIn: 'Stories',
  noMentionsPerson: 'No story mentions this person.',
  noMentionsPlace: 'No story mentions this place.',
  recordingsMentioning: 'Recordings not in a story',
  enriched: {
    values: 'Values',
    interests: 'Interests',
    personality: 'Personality',
    relationshipDynamics: 'Relationship dynamics',
    background: 'Background',
    physicalDescription: 'Physical description',
    notableQuotes: 'Notable quotes',
    atmosphere: 'Atmosphere',
    activities: 'Activities',
    physicalFeatures: 'Physical features',
    emotionalConnection: 'Emotional connection',
    memories: 'Memories',
    culturalSignificance: 'Cultural significance',
    timeContext: 'Time',
  },
  relationships: {
    me: 'Me', parent: 'Parent', mother: 'Mother', father: 'Father', stepparent: 'Stepparent', spouse: 'Spouse',
    partner: 'Partner', child: 'Child', son: 'Son', daughter: 'Daughter', sibling: 'Sibling', brother: 'Brother',
    sister: 'Sister', grandparent: 'Grandparent', grandmother: 'Grandmother', grandfather: 'Grandfather',
    grandchild: 'Grandchild', uncle: 'Uncle', aunt: 'Aunt', cousin: 'Cousin', nephew: 'Nephew', niece: 'Niece',
    inlaw: 'In-law', friend: 'Friend', bestfriend: 'Best friend', acquaintance: 'Acquaintance', neighbor: 'Neighbor',
    mentor: 'Mentor', student: 'Student', roommate: 'Roommate', colleague: 'Colleague', boss: 'Boss',
    employee: 'Employee', client: 'Client', business_partner: 'Business partner', contractor: 'Contractor',
    vendor: 'Vendor', teacher: 'Teacher', doctor: 'Doctor', pet: 'Pet', other: 'Other',
  },
  placeTypes: {
    city: 'City', country: 'Country', state: 'State', region: 'Region', continent: 'Continent', island: 'Island',
    mountain: 'Mountain', lake: 'Lake', river: 'River', forest: 'Forest', beach: 'Beach', desert: 'Desert',
    home: 'Home', apartment: 'Apartment', house: 'House', neighborhood: 'Neighborhood', street: 'Street',
    building: 'Building', hotel: 'Hotel', hostel: 'Hostel', restaurant: 'Restaurant', cafe: 'Café', store: 'Store',
    mall: 'Mall', market: 'Market', office: 'Office', bank: 'Bank', gas_station: 'Gas station', school: 'School',
    university: 'University', hospital: 'Hospital', church: 'Church', temple: 'Temple', mosque: 'Mosque',
    synagogue: 'Synagogue', library: 'Library', museum: 'Museum', government: 'Government office', court: 'Court',
    park: 'Park', playground: 'Playground', stadium: 'Stadium', theater: 'Theater', cinema: 'Cinema', gym: 'Gym',
    spa: 'Spa', club: 'Club', airport: 'Airport', train_station: 'Train station', bus_stop: 'Bus stop',
    harbor: 'Harbor', parking: 'Parking', highway: 'Highway', bridge: 'Bridge', landmark: 'Landmark',
    monument: 'Monument', historic_site: 'Historic site', other: 'Other',
  },
};

const fi: SiteWords = {
  lifeStories: (name) => (name ? `${name}: elämäntarinat` : 'Elämäntarinat'),
  exportedOn: (date) => `Viety Saagasta ${date}. Kaikki tässä aukeaa ilman Saagaa ja ilman internetiä.`,
  count: {
    stories: plural('tarina', 'tarinaa'),
    recordings: plural('nauhoitus', 'nauhoitusta'),
    people: plural('henkilö', 'henkilöä'),
    places: plural('paikka', 'paikkaa'),
    chapters: plural('luku', 'lukua'),
  },
  hoursOfAudio: (hours) => `${hours} h nauhoituksia`,
  contents: 'Sisällys',
  archiveHome: 'Arkisto',
  chapters: 'Luvut',
  noChapter: 'Tarinat ilman lukua',
  byYear: 'Vuosittain',
  byYearNote: 'Jokainen tarina sen ajan kohdalla, josta se kertoo; tarina ilman ajankohtaa sen vuoden kohdalla, jona se nauhoitettiin.',
  recordedIn: (date) => `nauhoitettu ${date}`,
  people: 'Henkilöt',
  places: 'Paikat',
  peopleAndPlaces: 'Henkilöt ja paikat',
  books: 'Kirjat',
  files: 'Arkiston tiedostot',
  readme: 'README.txt: mitä tässä arkistossa on ja missä',
  dataFolder: 'data/: henkilöt, paikat, luvut, tarinat ja nauhoitukset JSON-muodossa (schema.json kuvaa ne)',
  storiesFolder: 'stories/: jokainen tarina Markdown-tiedostona',
  recordingsFolder: 'recordings/: jokainen alkuperäinen nauhoitus',
  photosFolder: 'photos/: jokainen alkuperäinen kuva',
  photos: 'Kuvat',
  photo: 'Kuva',
  photoBy: (name) => `Kuva: ${name}`,
  otherRecordings: 'Nauhoitukset ilman tarinaa',
  otherRecordingsNote: 'Omina tallessa olevat nauhoitukset, esimerkiksi henkilöstä tai paikasta.',
  noStoriesYet: 'Ei vielä tarinoita.',
  chapter: 'Luku',
  when: 'Ajankohta',
  noText: 'Ei vielä tekstiä.',
  recordings: 'Nauhoitukset',
  recording: (n) => `Nauhoitus ${n}`,
  recordedOn: (date) => `Nauhoitettu ${date}`,
  recordedBy: (name) => `Nauhoittanut ${name}`,
  duration: 'Kesto',
  openAudio: 'Avaa äänitiedosto',
  transcriptTxt: 'Litterointi (.txt)',
  subtitlesVtt: 'Ajoituksineen (.vtt)',
  showTranscript: 'Litterointi',
  transcriptEdited: (date) => `Litterointia korjattu käsin ${date}`,
  titleEdited: (date) => `Otsikkoa muokattu käsin ${date}`,
  textEdited: (date) => `Tekstiä muokattu käsin ${date}`,
  publishedAt: 'Julkaistu osoitteessa',
  publishedOn: (date) => `Julkaistu ${date}`,
  narration: 'Äänikerronta',
  storyMarkdown: 'Tämä tarina Markdown-tiedostona (.md)',
  previous: 'Edellinen',
  next: 'Seuraava',
  relationship: 'Suhde',
  type: 'Tyyppi',
  characterization: 'Kuvaus',
  description: 'Kuvaus',
  significance: 'Merkitys',
  gathered: 'Nauhoituksista koottua tietoa',
  labels: 'Liitetyt nimet',
  mentionedIn: 'Tarinat',
  noMentionsPerson: 'Yksikään tarina ei mainitse tätä henkilöä.',
  noMentionsPlace: 'Yksikään tarina ei mainitse tätä paikkaa.',
  recordingsMentioning: 'Nauhoitukset ilman tarinaa',
  enriched: {
    values: 'Arvot',
    interests: 'Kiinnostuksen kohteet',
    personality: 'Luonne',
    relationshipDynamics: 'Suhteen luonne',
    background: 'Tausta',
    physicalDescription: 'Ulkonäkö',
    notableQuotes: 'Muistettavia sanontoja',
    atmosphere: 'Tunnelma',
    activities: 'Tekeminen',
    physicalFeatures: 'Ulkoiset piirteet',
    emotionalConnection: 'Tunneside',
    memories: 'Muistot',
    culturalSignificance: 'Kulttuurinen merkitys',
    timeContext: 'Aika',
  },
  relationships: {
    me: 'Minä', parent: 'Vanhempi', mother: 'Äiti', father: 'Isä', stepparent: 'Isä- tai äitipuoli', spouse: 'Puoliso',
    partner: 'Kumppani', child: 'Lapsi', son: 'Poika', daughter: 'Tytär', sibling: 'Sisarus', brother: 'Veli',
    sister: 'Sisko', grandparent: 'Isovanhempi', grandmother: 'Isoäiti', grandfather: 'Isoisä',
    grandchild: 'Lapsenlapsi', uncle: 'Setä tai eno', aunt: 'Täti', cousin: 'Serkku',
    nephew: 'Veljen- tai sisarenpoika', niece: 'Veljen- tai sisarentytär', inlaw: 'Appivanhempi tai lanko',
    friend: 'Ystävä', bestfriend: 'Paras ystävä', acquaintance: 'Tuttava', neighbor: 'Naapuri', mentor: 'Mentori',
    student: 'Oppilas', roommate: 'Kämppäkaveri', colleague: 'Työkaveri', boss: 'Esihenkilö', employee: 'Työntekijä',
    client: 'Asiakas', business_partner: 'Liikekumppani', contractor: 'Urakoitsija', vendor: 'Toimittaja',
    teacher: 'Opettaja', doctor: 'Lääkäri', pet: 'Lemmikki', other: 'Muu',
  },
  placeTypes: {
    city: 'Kaupunki', country: 'Maa', state: 'Osavaltio', region: 'Alue', continent: 'Maanosa', island: 'Saari',
    mountain: 'Vuori', lake: 'Järvi', river: 'Joki', forest: 'Metsä', beach: 'Ranta', desert: 'Aavikko', home: 'Koti',
    apartment: 'Asunto', house: 'Talo', neighborhood: 'Asuinalue', street: 'Katu', building: 'Rakennus',
    hotel: 'Hotelli', hostel: 'Hostelli', restaurant: 'Ravintola', cafe: 'Kahvila', store: 'Kauppa',
    mall: 'Kauppakeskus', market: 'Tori', office: 'Toimisto', bank: 'Pankki', gas_station: 'Huoltoasema',
    school: 'Koulu', university: 'Yliopisto', hospital: 'Sairaala', church: 'Kirkko', temple: 'Temppeli',
    mosque: 'Moskeija', synagogue: 'Synagoga', library: 'Kirjasto', museum: 'Museo', government: 'Virasto',
    court: 'Tuomioistuin', park: 'Puisto', playground: 'Leikkipuisto', stadium: 'Stadion', theater: 'Teatteri',
    cinema: 'Elokuvateatteri', gym: 'Kuntosali', spa: 'Kylpylä', club: 'Klubi', airport: 'Lentoasema',
    train_station: 'Rautatieasema', bus_stop: 'Bussipysäkki', harbor: 'Satama', parking: 'Pysäköintialue',
    highway: 'Moottoritie', bridge: 'Silta', landmark: 'Maamerkki', monument: 'Muistomerkki',
    historic_site: 'Historiallinen kohde', other: 'Muu',
  },
};

export const SITE_WORDS: Record<Language, SiteWords> = { en, fi };

/** A stored option (relationship, place type) in words; free text (a custom relationship) as it is. */
export function optionWord(table: Record<string, string>, value: string): string {
  return Object.hasOwn(table, value) ? (table[value] as string) : value;
}
