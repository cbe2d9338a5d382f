/** English prose for articles, fine print and release notes: one sentence per line, shuffled by the generator. */

import { lines } from './text.js';

export interface ArticleTopic {
  section: string;
  title: string;
  sentences: string[];
}

export const ARTICLE_TOPICS: ArticleTopic[] = [
  {
    section: 'City',
    title: 'Protected bike lanes cut downtown collisions by a third',
    sentences: lines(`
      Eighteen months after the first concrete barriers went in along Fifth Avenue, the city's transportation office released numbers that surprised even the project's supporters.
      Reported collisions involving cyclists fell from 61 in the year before construction to 40 in the year after.
      Traffic engineers had expected a drop, but not one that large in such a short time.
      Car travel times on the corridor rose by an average of 48 seconds at the evening peak.
      Several shop owners who opposed the lanes at public hearings now say the loss of parking has mattered less than they feared.
      Weekend foot traffic on the three busiest blocks grew by about 12 percent, according to counts from the business association.
      Not everyone is convinced, and a petition asking the council to reopen one lane to cars has gathered 2,300 signatures.
      Delivery drivers complain that loading zones are too short for box trucks and too far from the restaurants they serve.
      The council will vote in June on whether to extend the network across the river to the east side neighborhoods.
      That extension would add 6.4 miles of lanes at an estimated cost of $9.8 million, most of it from a federal grant.
      Planners say the next phase will use planters instead of concrete so the layout can be adjusted more cheaply.
      Residents can comment on the draft maps at the public library on Elm Street until the end of the month.
    `),
  },
  {
    section: 'Science',
    title: 'Heat-tolerant corals offer a narrow window of hope',
    sentences: lines(`
      Marine biologists studying a reef off the coast of Palau have found colonies that survived water temperatures that bleached their neighbors.
      The team tagged 214 colonies in 2019 and returned every spring to photograph them and take small tissue samples.
      During the marine heatwave of 2022, about 70 percent of the tagged corals lost their color within six weeks.
      A cluster of colonies near a shallow channel barely changed, even though the water there was slightly warmer.
      Genetic tests suggest that these corals host a different strain of the algae that live inside their tissue.
      The algae supply the coral with sugars, and some strains keep working at temperatures that shut others down.
      Researchers are careful to say that tolerant corals are not a solution to warming oceans.
      At best, they could buy time for reefs while emissions are brought under control.
      Nurseries in Florida and Australia are already growing fragments from tolerant colonies to plant on damaged reefs.
      Critics worry that planting only a few hardy strains could reduce the genetic diversity that reefs need.
      The study was published on Tuesday and included data from more than 1,100 dives.
      The authors plan to repeat the survey next year with sensors that log the temperature every ten minutes.
    `),
  },
  {
    section: 'Education',
    title: 'District weighs a four-day school week to keep its teachers',
    sentences: lines(`
      Facing 37 open teaching positions two weeks before the start of the year, the county school board has put an unusual idea on the table.
      Under the proposal, students would attend class from Monday to Thursday, with slightly longer days.
      Fridays would be used for tutoring, sports and teacher training, and attendance would be optional.
      Superintendent Carla Menendez said that nearby districts with shorter weeks have had far fewer resignations.
      Parents who work full time say the plan would leave them scrambling for child care one day every week.
      The district has offered to keep elementary buildings open on Fridays with supervised activities for a small fee.
      A survey of 4,200 families found opinion almost evenly split, with 48 percent in favor and 45 percent opposed.
      Research on the four-day week is mixed, and some studies found small drops in math scores.
      Supporters point out that a classroom without a qualified teacher is a bigger problem than a shorter week.
      The teachers' union has not taken a formal position but asked for a two-year trial with an independent review.
      The board will hold a final hearing on Thursday at 6:30 p.m. in the high school auditorium.
      If approved, the new schedule would begin in August of next year.
    `),
  },
  {
    section: 'Business',
    title: 'A family bakery bets on a second shop across town',
    sentences: lines(`
      When the Alvarez family opened their first bakery in a former laundromat in 2011, they sold bread from a folding table.
      Thirteen years later, the line outside on Saturday mornings often reaches the end of the block.
      This spring they signed a lease for a second location near the university, in a building that once housed a bank.
      The new shop will have a larger oven, which means they can finally bake rye and spelt loaves every day.
      Opening a second site cost about $340,000, paid for with savings and a loan from a local credit union.
      Rising prices for butter and flour have squeezed margins, and the family raised prices by 8 percent last year.
      Customers have mostly accepted the increase, though the price of a croissant is a frequent topic at the counter.
      The bakery employs 19 people, and the new shop will add about a dozen jobs.
      Staff at both locations will earn at least $18 an hour, well above the state minimum.
      The owners say they have no plans for a third shop, at least until the second one pays for itself.
      The university location is scheduled to open in the first week of October.
      Until then, the family is testing new recipes on regulars who are happy to give their opinions.
    `),
  },
  {
    section: 'Culture',
    title: 'The library that stayed open all night',
    sentences: lines(`
      For one week in February, the central library kept its doors open around the clock as an experiment.
      Staff expected a few students cramming for exams, but nearly 3,000 people came through between midnight and six.
      Night-shift nurses stopped by after work to read newspapers and drink the free coffee in the lobby.
      Parents with newborns said the quiet reading room was a kinder place to walk a crying baby than an empty kitchen.
      Security costs for the week came to about $14,000, and there were no serious incidents.
      The library's director called the results encouraging but said a permanent program would need new funding.
      Volunteers ran a board game table on the second floor that stayed busy until four in the morning.
      Some neighbors complained about noise in the parking lot, and the library added two more guards on the weekend.
      A local foundation has offered to pay for one late night every month for the rest of the year.
      The first of those nights is planned for the second Friday of April.
      The library is also asking visitors what they would want from a late-night program in an online survey.
      So far, the most common request is simply more chairs near the windows.
    `),
  },
];

/** Terms of service, privacy notice and warranty text: dense fine print. */
export const FINE_PRINT = lines(`
  By creating an account, you agree to these Terms and confirm that you are at least 16 years old.
  We may update these Terms from time to time, and we will notify you by email at least 30 days before a change takes effect.
  Your subscription renews automatically at the end of each billing period unless you cancel it in your account settings.
  Refunds are available within 14 days of purchase for annual plans, provided the service has not been used for more than 10 hours.
  You retain ownership of the content you upload, but you grant us a limited license to store and process it to provide the service.
  We do not sell your personal information, and we share it with service providers only as described in our Privacy Notice.
  Backups are kept for 35 days, after which deleted files cannot be recovered by our support team.
  The limited warranty covers defects in materials and workmanship for a period of one year from the date of purchase.
  This warranty does not cover damage caused by accidents, misuse, unauthorized repairs or normal wear and tear.
  To make a claim, contact customer support with your order number and a short description of the problem.
  Some states do not allow limitations on implied warranties, so the above limitations may not apply to you.
  If any provision of these Terms is found to be unenforceable, the remaining provisions will remain in full effect.
  Any dispute arising from these Terms will be resolved by binding arbitration in the county where you reside.
  You may opt out of arbitration by sending written notice within 30 days of first accepting these Terms.
  We use cookies to remember your preferences, measure traffic and keep your session secure.
  You can turn off optional cookies at any time, but some features may stop working as expected.
  Promotional prices apply to the first billing period only and are subject to applicable taxes.
  Delivery estimates are not guaranteed and may change because of weather, holidays or carrier delays.
  Returned items must be unused, in their original packaging, and shipped back within 30 days of delivery.
  Gift cards cannot be exchanged for cash except where required by law.
`);

/** Release notes entries for a dense changelog. */
export const CHANGELOG = lines(`
  Fixed a crash when opening a shared folder with more than 5,000 files.
  Search results now highlight matching words in file names and in the first line of each note.
  Improved sync speed on slow connections by sending changes in smaller batches.
  The export dialog remembers the last format you chose.
  Added keyboard shortcuts for moving a note up or down in a list.
  Dark mode colors have more contrast in menus and tooltips.
  Fixed a bug where reminders set for midnight fired one day late.
  Attachments larger than 25 MB now upload in the background.
  The app no longer asks for location access on first launch.
  Reduced memory use when scrolling through long documents by about 30 percent.
  Fixed incorrect page numbers when printing notes with images.
  Tables can now be sorted by clicking a column header.
  Improved accessibility labels for screen readers in the sidebar.
  Fixed a rare issue that could duplicate a note after restoring a backup.
  Added support for importing notes from plain text and Markdown files.
  Time zones are now shown next to event times in shared calendars.
`);
