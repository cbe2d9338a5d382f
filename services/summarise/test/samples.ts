/** Realistic OCR output samples (as tesseract returns them: printed lines, wrapped words, stray marks). */

export const lectureNotes = `BIOL 101 - LECTURE 7
Photosynthesis

Photosynthesis is the process by which green plants, algae and some bac-
teria convert light energy into chemical energy. It takes place mainly in
the chloroplasts of leaf cells, which contain the green pigment chlorophyll.
The overall reaction turns carbon dioxide and water into glucose and oxygen.

Light-dependent reactions
The light-dependent reactions happen in the thylakoid membranes. Light
energy splits water molecules, releasing oxygen as a by-product, and the
energy is stored in ATP and NADPH.
|
The Calvin cycle
The Calvin cycle takes place in the stroma. It uses the ATP and NADPH from
the light-dependent reactions to fix carbon dioxide into glucose. The en-
zyme RuBisCO catalyses the first step of carbon fixation.

Factors that affect the rate of photosynthesis:
• Light intensity
• Carbon dioxide concentration
• Temperature, because enzymes work best in a narrow
range
—
Exam tip: learn the equation 6CO2 + 6H2O → C6H12O6 + 6O2 by heart.
`;

export const chatTranscript = `Alice 10:42 AM
Hey, are we still on for the project meeting tomorrow?
Bob 10:43 AM
Yes! 2pm in room 301. I'll bring the slides for the
quarterly review
Alice 10:45 AM
Great. Can you also send me the budget spreadsheet before
then? I want to check the marketing numbers
Bob 10:46 AM
Sure, will do
Alice 10:47 AM
Thanks! Also remind Carol that the client demo moved to Friday
`;

export const codeSnippet = `How to debounce a function in JavaScript
function debounce(fn, wait) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}
const onResize = debounce(() => console.log('resized'), 200);
window.addEventListener('resize', onResize);
The handler runs once the user has stopped resizing for 200 ms.
`;

export const hyphenatedBullets = `Shopping list for the week-
end trip
- sleeping bags and two inflat-
  able mattresses
- a well-
  known brand of insect repellent
- first-aid kit
* headlamps with spare batteries
1. Book the campsite before Thurs-
day
2. Check the weather forecast
`;

export const frenchNotes = `La Révolution française

La Révolution française est une période de bouleversements politiques et sociaux en France
qui commence en 1789. Elle met fin à la monarchie absolue et proclame les droits de l'homme.
Les états généraux sont convoqués par le roi Louis XVI pour résoudre la crise financière.
Le 14 juillet 1789, le peuple de Paris prend la Bastille, symbole du pouvoir royal.
La Déclaration des droits de l'homme et du citoyen est adoptée en août 1789.
En 1792, la monarchie est abolie et la République est proclamée.
`;

/** A long article: several paragraphs, no headings, wrapped at about 70 characters. */
export const longArticle = `Remote work has changed how teams communicate. Before 2020, most
office workers met colleagues in person every day, and informal conver-
sations in corridors carried much of the knowledge a team shared.
When offices closed, that channel disappeared almost overnight.

Companies responded by adopting chat tools and video calls. Slack and
Microsoft Teams saw daily active users double within months. Video
meetings became the default for decisions that used to happen at a desk.
Many employees reported meeting fatigue after back-to-back calls.

Research from several universities suggests that remote teams write more
and talk less. Written updates create a searchable record, which helps
new team members catch up. However, written communication is slower for
resolving conflicts and for brainstorming, where quick back-and-forth
exchanges matter.

Managers have experimented with new rituals to rebuild trust. Some hold
short daily check-ins with cameras on. Others schedule virtual coffee
breaks with no agenda. A few companies pay for quarterly offsites where
the whole team meets in person to plan the next months.

The long-term picture is a hybrid model. Surveys show that most workers
want to keep working from home two or three days a week. Employers are
redesigning offices as places for collaboration rather than focused
individual work, with more meeting rooms and fewer assigned desks.

Productivity data remains mixed. Some studies find that output per hour
rose during remote work, mostly because commuting time was saved. Other
studies find that innovation suffered because fewer unplanned encounters
led to fewer new ideas. The answer probably depends on the kind of work.
`;
