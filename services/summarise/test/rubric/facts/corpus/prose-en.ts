/**
 * English prose: a local news story, a how-to, a science article (80 words or more each). Facts: a key sentence's
 * words in a key point or the summary, the summary in English; and a summary of at most 60% of the text's words.
 */
import { inNote, inSummary, language, page, phrase, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const proseEnglish: FactItem[] = [
  {
    id: 'prose-en-refuse-crews',
    kind: 'prose',
    language: 'eng',
    shortSummary: true,
    pages: [
      page('news_norbury.png', 1170)
        .para('9:41 all 80%', 70)
        .para('Home   News   Local   Sport   Weather')
        .heading('Refuse crews to trial a four-day week')
        .para('By Helen Marsh · 12 March 2025 · 4 min read')
        .para(
          'Bin collections in Norbury will move to a four-day week from April, as the council starts a six-month\ntrial aimed at cutting sickness absence among its refuse crews.',
        )
        .para(
          'Crews will work four ten-hour days instead of five eight-hour shifts. Rounds will start an hour earlier, at\n6 a.m., and no household will lose a collection: the council says the longer days let each lorry cover two\nextra streets.',
        )
        .para(
          'Union representatives welcomed the pilot, pointing out that back and shoulder injuries rise sharply towards\nthe end of a working week. Residents were more cautious, worried about noise on early rounds in narrow streets.',
        )
        .para(
          'The council will publish absence figures, complaint numbers and fuel costs every month, and a decision on\nwhether to keep the new rota is expected in October.',
        )
        .para('Share   Save   Comment')
        .page(),
    ],
    facts: [
      inNote('lead: a six-month trial of a four-day week', phrase('six-month trial')),
      inSummary('summary in English', language('eng')),
    ],
    furniture: ['Home News Local Sport Weather', 'By Helen Marsh', 'Share Save Comment'],
  },
  {
    // A how-to read as text only: a section label above the title, related links below.
    id: 'prose-en-sourdough-starter',
    kind: 'prose',
    language: 'eng',
    shortSummary: true,
    pages: [
      textPage(
        'sourdough.jpg',
        `Baking basics
Why your sourdough needs a starter
A sourdough starter is simply flour and water left to ferment until it is full of wild yeast and lactic acid
bacteria. The yeast produces the gas that makes the dough rise, while the bacteria produce the acids that give
the bread its sour taste and help it keep for longer.
A young starter is unpredictable. For the first week it may bubble furiously and then seem to die; this is
normal, as the bacteria that thrive at first are replaced by hardier ones. Feed it equal weights of flour and
water every day and keep it somewhere warm.
Once it doubles in size within six hours of a feed, it is ready to bake with. Keep it in the fridge between
bakes and feed it once a week.
Print   Share
Related: Ten mistakes beginners make with sourdough`,
        'Why your sourdough needs a starter',
      ),
    ],
    facts: [
      inNote('key sentence: wild yeast and lactic acid bacteria', phrase('wild yeast and lactic acid bacteria')),
      inNote('key sentence: ready once it doubles within six hours', phrase('doubles in size within six hours')),
      inSummary('summary in English', language('eng')),
    ],
    furniture: ['Baking basics', 'Print Share', 'Related: Ten mistakes beginners make with sourdough'],
  },
  {
    id: 'prose-en-octopus-arms',
    kind: 'prose',
    language: 'eng',
    shortSummary: true,
    pages: [
      page('octopus_article.png', 1280)
        .para('Science   Nature   Space   Health')
        .heading('How octopuses taste with their arms')
        .para('Updated 3 February 2025')
        .para(
          'An octopus does not need to see its prey to know what it is touching. Each of its eight arms is lined with\nhundreds of suckers, and each sucker carries thousands of chemical receptors that let the animal taste\nwhatever the suckers touch.',
        )
        .para(
          'Researchers at Harvard found that these receptors respond to bitter molecules released by prey such as crabs\nand fish, but not to the surfaces of rocks. When a sucker detects something edible, the arm can decide on its\nown to grab it, without waiting for a signal from the brain.',
        )
        .para(
          "This helps to explain a long-standing puzzle. About two thirds of an octopus's neurons are in its arms, not\nits head, and for decades biologists debated what all that local processing was for.",
        )
        .para(
          'The findings could also inspire soft robots. Engineers are already testing grippers that combine suction with\nsimple chemical sensors, so that a machine could sort objects underwater by what they are made of rather than\nby how they look.',
        )
        .para('Read next: The surprising intelligence of cuttlefish')
        .para('Reply   Share', 61)
        .page(),
    ],
    facts: [
      inNote('key sentence: taste whatever the suckers touch', phrase('taste whatever the suckers touch')),
      inNote('key sentence: two thirds of the neurons are in the arms', phrase('two thirds')),
      inSummary('summary in English', language('eng')),
    ],
    furniture: ['Science Nature Space Health', 'Read next', 'Updated 3 February 2025'],
  },
];
