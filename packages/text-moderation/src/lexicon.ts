/**
 * The words the text rules know, by what they are (docs/DECISIONS.md, "What is inappropriate"). Normal forms only
 * (lower case, no accents; see words.ts), each inflection written out: rules match whole words, never parts.
 *
 * Deliberately absent: clinical, legal and historical vocabulary (penis, vagina, anal, semen, orgasm, ejaculation,
 * sex, rape, incest, pornography, nude, naked, negro…): lecture notes, medical slides and the news are full of it.
 */

const set = (...groups: string[][]): ReadonlySet<string> => new Set(groups.flat());
/** "word" and "words". */
const withPlural = (...words: string[]): string[] => words.flatMap((w) => [w, `${w}s`]);

/**
 * Slurs with no other meaning in English: any use of one, confidently read and not merely mentioned ('the word
 * "…"'), is taken as aimed at people.
 */
export const SLURS: ReadonlySet<string> = set(
  withPlural('nigger', 'niggah', 'nigguh', 'kike', 'kyke', 'wetback', 'raghead', 'towelhead', 'sandnigger'),
  withPlural('jigaboo', 'zipperhead', 'africoon', 'abeed', 'boonga', 'gook', 'beaner', 'spic', 'chingchong'),
  withPlural('porchmonkey', 'shemale', 'heeb', 'dindu'),
  ['arabush', 'ching-chong', 'faggy', 'faggotry'],
);

/**
 * Slurs that are also ordinary words: "fag" (a cigarette), "faggots" (a dish), "dyke" (geology), "chink" (a gap),
 * "coon" (the animal), "tranny" (a gearbox), "retard" (fire retardant; music), "homo" (Homo sapiens), "kaffir"
 * (a lime), "coolie" (history). They flag only when aimed at someone (rules.ts, "targeting frames").
 */
export const AMBIGUOUS_SLURS: ReadonlySet<string> = set(
  withPlural('fag', 'faggot', 'dyke', 'chink', 'coon', 'tranny', 'paki', 'retard', 'spaz', 'homo', 'jap', 'nigga'),
  withPlural('mong', 'spastic', 'gypo', 'pikey', 'wog', 'ladyboy', 'kaffir', 'coolie', 'faggit'),
  ['trannies', 'retarded', 'niggaz'],
);

/** Direct address, the strongest sign that a word is aimed at someone: "you ___", "you fucking ___". */
export const ADDRESS_WORDS: ReadonlySet<string> = set(['you', 'ya', 'u', 'yo']);
/** Person pronouns before a copula: "he is a ___", "they are ___s". */
export const PERSON_PRONOUNS: ReadonlySet<string> = set(['he', 'she', 'you', 'they', 'u']);
/** Copulas after a person pronoun. */
export const COPULAS: ReadonlySet<string> = set(['is', 'are', 'was', 'were']);
/** Subjects of a copula that are not people ("there are chinks…", "it is a fag…"). */
export const NOT_PEOPLE: ReadonlySet<string> = set(
  ['there', 'here', 'it', "it's", 'this', 'that', 'these', 'those', 'which', 'what', 'where', 'who', 'one', 'each'],
  ['and', 'or', 'but', 'also', 'still', 'not', 'only', 'never', 'always', 'often', 'usually', 'sometimes'],
);
/** After a slur that is also an ordinary word, these show the ordinary sense: "a chink in…", "dykes of basalt". */
export const PREPOSITIONS: ReadonlySet<string> = set(
  ['in', 'of', 'on', 'at', 'between', 'through', 'into', 'from', 'with', 'for', 'to', 'across', 'along', 'within'],
  ['and', 'or', 'are', 'is', 'was', 'were', 'cut', 'cuts', 'run', 'runs', 'intrude', 'intruded'],
);
/** Ambiguous slurs often said of things ("these intrusions are dykes"): only a person's copula aims them. */
export const ORDINARY_PREDICATES: ReadonlySet<string> = set(['dyke', 'dykes', 'faggot', 'faggots', 'fag', 'fags']);
/** Copulas with their person: "he's a ___", "you're a ___". ("ur" only with an article after it: "ur a ___".) */
export const PERSON_COPULAS: ReadonlySet<string> = set([
  "he's",
  "she's",
  "you're",
  "they're",
  'youre',
  'hes',
  'shes',
  'theyre',
]);
const HOSTILE = ['dirty', 'filthy', 'stupid', 'dumb', 'dumbass', 'worthless', 'disgusting', 'lazy', 'ugly', 'greedy'];
/** Hostile words that aim the slur right after them at people: "dirty ___", "stupid ___s". */
export const HOSTILE_WORDS: ReadonlySet<string> = set(HOSTILE, [
  'pathetic',
  'subhuman',
  'useless',
  'typical',
  'inbred',
  'smelly',
  'thieving',
  'retarded',
]);
/** May stand between the address or copula and the slur: "you fucking ___", "he is such a ___". */
export const FILLERS: ReadonlySet<string> = set(
  ['a', 'an', 'such', 'total', 'all', 'just', 'one', 'bunch', 'of', 'massive', 'big', 'fucking', 'fuckin', 'fkn'],
  ['little', 'bloody', 'damn', 'effing', 'like', 'real', 'proper', 'complete', 'absolute', 'fat', 'old', 'sick'],
  HOSTILE,
);
/** Words in front of a term that show it is discussed, not used: "the word …", "the slur …". */
export const MENTION_WORDS: ReadonlySet<string> = set(['word', 'words', 'term', 'terms', 'slur', 'slurs', 'epithet']);

/** Terms that only ever name sex acts or pornography. One, confidently read, makes a text sexually explicit. */
export const SEX_TERMS: ReadonlySet<string> = set(
  withPlural('blowjob', 'handjob', 'rimjob', 'footjob', 'titjob', 'titfuck', 'cumshot', 'creampie', 'gangbang'),
  withPlural('bukkake', 'buttfuck', 'assfuck', 'facefuck', 'skullfuck', 'lubejob', 'cumslut', 'cumdump'),
  ['deepthroating', 'deepthroated', 'gangbanged', 'gangbanging', 'creampied', 'jizzed', 'jizzing', 'felching'],
  ['titfucking', 'facefucked', 'facefucking', 'assfucked', 'buttfucked', 'fingerbang', 'fingerbanged'],
  ['fingerbanging', 'doggystyle', 'cocksucking', 'pussylicking', 'cumdumpster'],
);

/**
 * Sexual slang for body parts and arousal. Some double as insults ("dick", "pussy"), so they count a little: one
 * point per distinct word, and only four or more together make a text explicit without an act or description.
 */
export const SEX_SLANG: ReadonlySet<string> = set(
  withPlural('cock', 'dick', 'clit', 'tit', 'titty', 'boob', 'dildo', 'milf', 'boner', 'hardon', 'hard-on'),
  withPlural('buttplug'),
  ['pussy', 'pussies', 'titties', 'jizz', 'cum', 'cumming', 'cummed', 'horny'],
);

/** Nouns that make an act or a description explicit: "suck his cock", "wet pussy". */
export const SEX_NOUNS: ReadonlySet<string> = set(withPlural('cock', 'dick', 'clit', 'cunt', 'tit', 'titty', 'boob'), [
  'pussy',
  'pussies',
  'titties',
  'cum',
]);
/** Body nouns explicit only after a hard sex verb ("fuck her mouth"), never with others ("touch your face"). */
export const BODY_NOUNS: ReadonlySet<string> = set([
  'ass',
  'asshole',
  'mouth',
  'face',
  'throat',
  'hole',
  'holes',
  'balls',
]);
/** Verbs of sex acts with an explicit noun, any tense ("lick", "licked", "licking"). */
export const SEX_VERBS: ReadonlySet<string> = set(
  ['suck', 'sucks', 'sucked', 'sucking', 'lick', 'licks', 'licked', 'licking', 'ride', 'rides', 'riding', 'rode'],
  ['stroke', 'stroked', 'stroking', 'finger', 'fingered', 'fingering', 'rub', 'rubbed', 'rubbing', 'spread'],
  ['fuck', 'fucks', 'fucked', 'fucking', 'fuckin', 'pound', 'pounded', 'pounding', 'bang', 'banged', 'banging'],
  ['swallow', 'swallowed', 'swallowing', 'eat', 'eating', 'ate', 'taste', 'tasted', 'tasting', 'squeeze'],
  ['grope', 'groped', 'groping', 'jerk', 'jerked', 'jerking', 'deepthroat', 'blow', 'blew', 'blowing', 'cum'],
  ['spank', 'spanked', 'spanking', 'play', 'playing', 'touch', 'touching', 'tease', 'teasing', 'squeezing'],
);
/** Verbs that make a body noun explicit: "fuck her mouth", "cum on your face", "lick his balls". */
export const HARD_SEX_VERBS: ReadonlySet<string> = set(
  ['fuck', 'fucks', 'fucked', 'fucking', 'fuckin', 'pound', 'pounded', 'pounding', 'finger', 'fingered'],
  ['fingering', 'deepthroat', 'cum', 'cumming', 'lick', 'licked', 'licking', 'rim', 'rimming'],
);
/** Act verbs and nouns that with "my" or no possessive are an insult ("suck my dick", "eat a dick"), not sex talk. */
export const INSULT_VERBS: ReadonlySet<string> = set(['suck', 'sucks', 'sucked', 'sucking', 'eat', 'eating', 'blow']);
export const INSULT_NOUNS: ReadonlySet<string> = set(['dick', 'dicks', 'cock', 'cocks', 'balls', 'nuts', 'ass']);
/** Forms of "fuck": as a verb of a sex act only with someone's body after it ("fucking her …"). */
export const FUCK_VERBS: ReadonlySet<string> = set(['fuck', 'fucks', 'fucked', 'fucking', 'fuckin']);
/** Whose body: "my", "your", "his", "her", "their"… */
export const POSSESSIVES: ReadonlySet<string> = set(['my', 'your', 'ur', 'his', 'her', 'their', 'our', 'yo']);
/** Objects of an act verb ("fuck me hard", "make her cum", "suck him off"). */
export const SEX_OBJECTS: ReadonlySet<string> = set(['me', 'her', 'him', 'you', 'u', 'them', 'ya', 'myself']);
/** "fuck me ___": how hard. */
export const SEX_INTENSITY: ReadonlySet<string> = set(
  ['hard', 'harder', 'hardest', 'deep', 'deeper', 'raw', 'senseless', 'rough', 'rougher', 'doggy', 'bareback'],
  ['balls-deep', 'silly'],
);
/** Adjectives of an explicit description: "wet pussy", "huge cock". */
export const SEX_ADJECTIVES: ReadonlySet<string> = set(
  ['wet', 'tight', 'hard', 'throbbing', 'dripping', 'swollen', 'huge', 'big', 'thick', 'juicy', 'horny', 'creamy'],
  ['hairy', 'shaved', 'tiny', 'massive', 'perky', 'sexy', 'naked', 'hot', 'slutty', 'erect', 'bare', 'pink'],
);

/**
 * Everyday phrases made of the words above, never sexual: checked first, their words then count for nothing.
 * Each is a sequence of normal forms.
 */
export const IDIOMS: readonly (readonly string[])[] = [
  ['big', 'dick', 'energy'],
  ['tits', 'up'],
  ['tit', 'for', 'tat'],
  ['great', 'tit'],
  ['blue', 'tit'],
  ['coal', 'tit'],
  ['spotted', 'dick'],
  ['moby', 'dick'],
  ['cock', 'pheasant'],
  ['wet', 'paint'],
  ['cum', 'laude'],
  ['cum', 'grano'],
  ['cum', 'hoc'],
  ['cum', 'div'],
  ['cum', 'dividend'],
  ['cum', 'rights'],
  ['magna', 'cum'],
  ['summa', 'cum'],
  ['pussy', 'willow'],
  ['pussy', 'willows'],
  ['pussy', 'cat'],
  ['pussy', 'cats'],
  ['ball', 'cock'],
  ['stop', 'cock'],
];

/**
 * Profanity: swearing, not sexual content and not a slur. Never flags (a chat saying "this traffic is shit" is a
 * note like any other); counted as `profanity` among the ignored matches.
 */
export const PROFANITY: ReadonlySet<string> = set(
  ['fuck', 'fucks', 'fucked', 'fucking', 'fuckin', 'fucker', 'fuckers', 'motherfucker', 'motherfuckers', 'fck'],
  ['fuk', 'fkn', 'wtf', 'stfu', 'shit', 'shits', 'shitty', 'shite', 'bullshit', 'horseshit', 'shithead', 'shitty'],
  ['bitch', 'bitches', 'bitching', 'bitchy', 'asshole', 'assholes', 'arsehole', 'arse', 'ass', 'dumbass', 'jackass'],
  ['bastard', 'bastards', 'bollocks', 'wanker', 'wankers', 'wank', 'tosser', 'prick', 'pricks', 'piss', 'pissed'],
  ['damn', 'goddamn', 'crap', 'crappy', 'bloody', 'bugger', 'dickhead', 'dickheads', 'cocksucker', 'douche'],
  ['douchebag', 'twats', 'cunts', 'cunt', 'twat', 'dick', 'dicks', 'cock', 'pussy', 'bellend', 'knobhead', 'slag'],
);
