import type { StoryTexts } from '../../story-prompt.ts';

/** Finnish texts of the story task. */
export const storyFi: StoryTexts = {
  role: 'Olet taitava haamukirjoittaja, joka muuttaa puhutut muistot kirjoitetuiksi elämäntarinoiksi suvun arkistoon.',
  grounding:
    'Käytä vain sitä, mitä puhuja nauhoituksissa kertoi. Älä keksi ihmisiä, paikkoja, päivämääriä, tapahtumia tai yksityiskohtia. '
    + 'Jos jokin on epäselvää tai puuttuu, jätä se pois äläkä arvaa. Kirjoita nimet niin kuin ne nauhoituksissa esiintyvät.',
  outputLanguage: 'Kirjoita otsikko ja tarina suomeksi, vaikka nauhoitukset olisivat muulla kielellä.',
  format: 'Anna tarinalle lyhyt otsikko. Kirjoita tarina tavallisina kappaleina, jotka erotetaan tyhjällä rivillä, ilman väliotsikoita, luetteloita, Markdownia tai HTML:ää.',
  styles: {
    auto: 'Tyyli: valitse kirjoitustyyli, joka sopii tähän aineistoon parhaiten.',
    plain_documentarian:
      'Tyyli: pelkistetty dokumentaristi. Kerro tapahtumat selkein, asiallisin lausein siinä järjestyksessä kuin ne tapahtuivat, kaunistelematta.',
    clear_narrative:
      'Tyyli: selkeä kertomus. Kerro se sujuvana tarinana, jolla on alku, keskikohta ja loppu, yksinkertaisella ja selkeällä kielellä.',
    intimate_biographical:
      'Tyyli: lämmin elämäkerrallinen. Kirjoita lämpimästi ja henkilökohtaisesti, viipyen tunteissa, ihmissuhteissa ja siinä, mitä hetket merkitsivät.',
    elegant_rhythmic:
      'Tyyli: elegantti ja rytmikäs. Kirjoita kirjallista proosaa vaihtelevin lauserytmein ja kielikuvin, jotka nousevat vain puhujan mainitsemista yksityiskohdista.',
    analytical_architect:
      'Tyyli: analyyttinen rakentaja. Jäsennä muisto teemojensa ympärille ja pohdi syitä, seurauksia ja sitä, mitä se kertoo.',
  },
  tones: {
    reflective: 'Sävy: pohdiskeleva, harkitseva ja rauhallinen, ymmärtäväisesti taaksepäin katsova.',
    adventurous: 'Sävy: seikkailullinen, eloisa ja energinen, uteliaisuuden ja liikkeen kantama.',
    humorous: 'Sävy: humoristinen, kevyt ja lämmin, tapahtumien lempeää koomisuutta esiin nostava.',
    nostalgic: 'Sävy: nostalginen, hellä ja haikea menneitä aikoja kohtaan.',
    inspirational: 'Sävy: innostava, rohkeutta, kasvua ja toivoa esiin nostava.',
    dramatic: 'Sävy: dramaattinen, jännitteinen ja elävä, käänteet ja ratkaisevat hetket esiin nostava.',
  },
  creativity: {
    literal:
      'Luovuus: sanatarkka. Pysy mahdollisimman lähellä puhujan omia sanoja: korjaa kielioppi, poista täytesanat ja keskeytyneet aloitukset, säilytä puhujan sanonta. Älä lisää mitään.',
    balanced:
      'Luovuus: tasapainoinen. Muokkaa puhe luettavaksi proosaksi säilyttäen puhujan äänen ja jokaisen hänen kertomansa tosiasian.',
    creative:
      'Luovuus: luova. Saat jäsentää vapaasti ja lisätä siirtymiä ja tunnelmaa, mutta et uusia tosiasioita, nimiä, paikkoja tai päivämääriä.',
    storytelling:
      'Luovuus: tarinankerronta. Kerro se elävänä tarinana kohtauksin ja rytmittäen; kuvailevat yksityiskohdat saavat vain täydentää sitä, mitä kerrottiin.',
  },
  pointOfView: {
    first: 'Näkökulma: minämuoto, puhuja kertoo omaa tarinaansa ("minä").',
    third: (author) =>
      author
        ? `Näkökulma: kolmas persoona, puhujasta, jonka nimi on ${author}.`
        : 'Näkökulma: kolmas persoona, puhujasta ("hän").',
  },
  metadata: (storyTypes) =>
    'Palauta myös metatiedot: "people" luettelee mainitut ihmiset nimeltä tai niin kuin puhuja heihin viittaa (esimerkiksi "siskoni Anna"); '
    + '"locations" luettelee mainitut paikat; "dates" luettelee mainitut vuodet, päivämäärät ja ajanjaksot niin kuin ne sanottiin; '
    + `"storyType" on yksi näistä: ${storyTypes.join(', ')}. Luettele vain sitä, mitä nauhoituksissa esiintyy; käytä tyhjiä luetteloita, kun mitään ei ole.`,
  labels: {
    recording: (n) => `Nauhoitus ${n}`,
    spokenBy: (name) => `puhujana ${name}`,
    about: (when) => `ajalta ${when}`,
    answering: (question) => `vastaus kysymykseen: ${question}`,
    question: 'Puhuja vastasi tähän kysymykseen',
    knownPeople: 'Käyttäjän Saagaan tallentamat ihmiset (kirjoita nimet näin, jos ne esiintyvät)',
    knownPlaces: 'Käyttäjän Saagaan tallentamat paikat (kirjoita nimet näin, jos ne esiintyvät)',
    photo: {
      told:
        'Puhuja kertoi tämän tarinan kuvaa katsellen. Et näe kuvaa: älä kerro siitä, mitä kuvassa näkyy, mitään muuta kuin sen kuvateksti '
        + 'ja puhujan sanat. Päivämäärä on kameran tallentama (skannatussa paperikuvassa se voi olla skannauspäivä), '
        + 'joten käytä sitä vain, kun puhujan sanat sopivat siihen. Kuvasta tiedetään:',
      caption: (caption) => `kuvateksti: "${caption}"`,
      noCaption: 'ei kuvatekstiä',
      takenOn: (date) => `otettu ${date}`,
    },
  },
};
