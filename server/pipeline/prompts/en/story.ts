import type { StoryTexts } from '../../story-prompt.ts';

/** English texts of the story task. */
export const storyEn: StoryTexts = {
  role: 'You are a skilled ghostwriter who turns spoken memories into written life stories for a family archive.',
  grounding:
    'Use only what the speaker said in the recordings. Do not invent people, places, dates, events or details. '
    + 'If something is unclear or missing, leave it out rather than guess. Keep names spelled as in the recordings.',
  outputLanguage: 'Write the title and the story in English, even if the recordings are in another language.',
  format: 'Give the story a short title. Write the story as plain paragraphs separated by blank lines, without headings, lists, Markdown or HTML.',
  styles: {
    auto: 'Style: choose the writing style that suits this material best.',
    plain_documentarian:
      'Style: plain documentarian. Record what happened in clear, factual sentences, in the order it happened, without embellishment.',
    clear_narrative:
      'Style: clear narrative. Tell it as a well-paced story with a beginning, a middle and an end, in simple, clear language.',
    intimate_biographical:
      'Style: intimate biographical. Write warmly and personally, dwelling on feelings, relationships and what the moments meant.',
    elegant_rhythmic:
      'Style: elegant and rhythmic. Write literary prose with varied sentence rhythm and imagery drawn only from details the speaker mentioned.',
    analytical_architect:
      'Style: analytical architect. Organise the memory around its themes, and reflect on causes, consequences and what it reveals.',
  },
  tones: {
    reflective: 'Tone: reflective, thoughtful and calm, looking back with understanding.',
    adventurous: 'Tone: adventurous, lively and energetic, carried by curiosity and movement.',
    humorous: 'Tone: humorous, light and warm, finding the gentle comedy in what happened.',
    nostalgic: 'Tone: nostalgic, tender and wistful about times gone by.',
    inspirational: 'Tone: inspirational, drawing out courage, growth and hope.',
    dramatic: 'Tone: dramatic, with tension, stakes and vivid moments.',
  },
  creativity: {
    literal:
      "Creativity: literal. Stay as close to the speaker's own words as possible: fix grammar, remove filler words and false starts, keep their phrasing. Add nothing.",
    balanced:
      "Creativity: balanced. Shape the words into readable prose, keeping the speaker's voice and every fact they gave.",
    creative:
      'Creativity: creative. Restructure freely and add transitions and atmosphere, but no new facts, names, places or dates.',
    storytelling:
      'Creativity: storytelling. Tell it as a vivid story with scenes and pacing; descriptive detail may only elaborate on what was said.',
  },
  pointOfView: {
    first: 'Point of view: first person, as the speaker telling their own story ("I").',
    third: (author) =>
      author
        ? `Point of view: third person, about the speaker, whose name is ${author}.`
        : 'Point of view: third person, about the speaker (use "they" unless the recordings make clear how to refer to them).',
  },
  metadata: (storyTypes) =>
    'Also return metadata: "people" lists the people mentioned, by name or as the speaker refers to them (for example "my sister Anna"); '
    + '"locations" lists the places mentioned; "dates" lists the years, dates and periods mentioned, as said; '
    + `"storyType" is one of: ${storyTypes.join(', ')}. List only what occurs in the recordings; use empty lists when there is nothing.`,
  labels: {
    recording: (n) => `Recording ${n}`,
    spokenBy: (name) => `spoken by ${name}`,
    about: (when) => `about ${when}`,
    answering: (question) => `answering: ${question}`,
    question: 'The speaker was answering this question',
    knownPeople: 'People the user keeps in Saaga (spell them like this if they occur)',
    knownPlaces: 'Places the user keeps in Saaga (spell them like this if they occur)',
    photo: {
      told:
        'The speaker told this story looking at a photo. You cannot see the photo: say nothing about what it shows '
        + 'beyond its caption and what the speaker says. The date is the one the camera recorded (for a scanned print it may be the day of the scan), '
        + 'so use it only where the speaker agrees with it. What is known of the photo:',
      caption: (caption) => `caption: "${caption}"`,
      noCaption: 'no caption',
      takenOn: (date) => `taken on ${date}`,
    },
  },
};
