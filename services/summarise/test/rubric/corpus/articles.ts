/** Articles, release notes and docs pages, as OCR reads their screenshots. */
import type { RubricItem } from '../types.js';

export const articles: RubricItem[] = [
  {
    // The site's logo is larger than the headline, so the OCR's heading is the logo; the headline wraps.
    id: 'article-tide-pools',
    kind: 'article',
    heading: 'The Coastal Review',
    language: 'eng',
    text: `9:41 .ull 5G 87%
The Coastal Review
Q Search
Subscribe
SCIENCE
Why the Tide Pools at Marrow Point
Are Getting Warmer
By Dana Whitfield · 5 min read · Apr 12, 2025
Volunteers who have counted sea stars at Marrow Point every spring since 2009
say the water in the tide pools is now two degrees warmer at low tide than it
was fifteen years ago.
The pools sit on a shelf of dark basalt that heats quickly in the sun. When
low tide falls in the early afternoon, the shallow water can warm by several
degrees in a few hours, and species that need cold water retreat to deeper
crevices or disappear.
Marine biologist Ana Ruiz, who leads the survey, says the change is clearest
in spring. "In April we now record temperatures we used to see in July," she
said. Ochre sea stars, once common, were absent from three of the five pools
last year.
The survey's volunteers measure the water with the same thermometers each
year, so the trend is not an artefact of new equipment. Ruiz wants the county
to limit trampling during the warmest low tides, when the animals are most
stressed.
1.2K views
48 comments
Share
Save`,
    subject: ['Tide Pools', 'Marrow Point'],
    furniture: ['The Coastal Review', 'SCIENCE', 'Dana Whitfield'],
  },
  {
    id: 'article-bike-lanes',
    kind: 'article',
    heading: 'City Council Approves Protected Bike Lanes on Elm Street',
    language: 'eng',
    text: `Menu   Q   Sign in
Ashford Daily
LOCAL NEWS
City Council Approves Protected Bike Lanes on Elm Street
Updated 6:45 PM, March 3, 2025
The Ashford city council voted 7 to 2 on Monday night to build protected bike
lanes along the full length of Elm Street, ending a debate that has divided
shop owners and cyclists for two years.
The lanes will be separated from traffic by concrete kerbs and will replace
about 60 parking spaces. Construction is expected to start in June and take
four months.
Shop owners on the eastern end of the street argued that losing parking would
hurt trade. The council answered with a plan to open a new 80-space car park
behind the library, two minutes' walk away.
Cycling groups welcomed the vote. Ashford recorded 31 crashes involving
cyclists on Elm Street last year, more than on any other road in the city.
Advertisement
MOST READ
Water rates to rise 4% in April
High school robotics team heads to nationals
Page 1 of 2`,
    subject: ['Bike Lanes', 'Elm Street'],
    furniture: ['Advertisement', 'MOST READ'],
  },
  {
    // A blog post: the OCR found its title; a claps/comments row and follow buttons around it.
    id: 'article-bakery',
    kind: 'article',
    heading: 'What I Learned Running a Bakery for Ten Years',
    language: 'eng',
    text: `Medium
Write
Member-only story
What I Learned Running a Bakery for Ten Years
Lena Okafor
Follow
8 min read · Jan 5, 2024
2.1K
37
When I opened the bakery I thought the hard part would be the baking. It was
not. The hard part was everything around it: rent, staff, suppliers and the
weeks in January when nobody buys cake.
The first lesson was to price for the bad months. A bakery that only breaks
even in December is a bakery that closes in February.
The second lesson was that regulars matter more than reviews. Forty people who
come every Saturday kept us alive through two rent rises.
The third lesson was to bake less. We cut the menu from 30 items to 12 and our
waste fell by half.
Ten years on I still love the early mornings, but I would tell anyone opening a
bakery to spend as much time on the spreadsheet as on the sourdough.`,
    subject: ['Bakery', 'Ten Years'],
    furniture: ['Member-only story', 'Lena Okafor', 'Follow'],
  },
  {
    // An event banner: the OCR's heading keeps a misread word; the text spells it right.
    id: 'article-spring-workshops',
    kind: 'article',
    heading: 'Spring Werkshep Series',
    language: 'eng',
    text: `Millbrook Library
Events
Visit
Kids
Spring Werkshep Series
Free workshops every Saturday in April and May
Our spring workshop series is back. Each Saturday morning a local expert runs a
hands-on workshop in the community room: bike repair on 5 April, seed saving on
12 April, family history research on 26 April and phone photography on 10 May.
Places are limited to 15 per workshop. Book at the front desk or call the
library; bookings open two weeks before each session.
Register
Share`,
    subject: ['Spring', 'Workshop'],
    notInTitle: ['Werkshep'],
    furniture: ['Register', 'Share', 'Millbrook Library'],
  },
];

export const releaseNotes: RubricItem[] = [
  {
    // A version number in the heading ("4.12.0") once read as a clock time.
    id: 'release-harbor-sync',
    kind: 'release-notes',
    heading: 'Release notes - Harbor Sync 4.12.0',
    language: 'eng',
    text: `Harbor Sync
Docs
Releases
Pricing
Sign in
Release notes - Harbor Sync 4.12.0
Released May 6, 2025
New
• Same note, now on every device: notes sync in the background within
seconds of a change.
• Export a folder to PDF or Markdown from the folder menu.
• Time zones are shown next to every reminder.
Fixed
• Sync no longer stalls when a note has more than 500 attachments.
• Export to PDF keeps images in their original aspect ratio.
• The iPad app no longer logs you out after an update.
Known issues
• Reminders created offline may show the wrong time until the next sync.
Was this page helpful?
Yes
No`,
    subject: ['Harbor Sync', ['4.12', '4.12.0']],
    furniture: ['Was this page helpful', 'Released May 6, 2025'],
  },
  {
    id: 'release-lumen-cli',
    kind: 'release-notes',
    heading: 'Lumen CLI v2.3.0',
    language: 'eng',
    text: `Code
Issues 41
Pull requests 7
Actions
Releases
Lumen CLI v2.3.0
Latest
mira-dev released this 2 days ago · 14 commits to main since this release
What's changed
• lumen deploy now waits for health checks before switching traffic
• New --dry-run flag prints the plan without applying it
• Config files may use YAML anchors
Bug fixes
• lumen logs no longer drops lines when the stream reconnects
• Fixed a crash on Windows when the home folder contains spaces
Full Changelog: v2.2.4...v2.3.0
Assets 6
O 12
Compare`,
    subject: ['Lumen', ['2.3.0', 'v2.3.0']],
    furniture: ['Latest', 'Assets 6', 'Compare'],
  },
  {
    // An app store page: the app's name is the largest line; "What's New" is a section of it.
    id: 'release-pocket-garden',
    kind: 'release-notes',
    heading: 'Pocket Garden',
    language: 'eng',
    text: `9:41 .ull 令 80%
< Search
Pocket Garden
Plant care reminders
GET
4.7 ★★★★★ 12K Ratings
What's New
Version History
Version 7.4
2d ago
• Watering reminders now adjust to the weather forecast in your area
• Add photos to a plant's diary and compare them side by side
• Fixed the widget showing yesterday's tasks after midnight
Preview
Today   Games   Apps   Arcade   Search`,
    subject: ['Pocket Garden'],
    furniture: ['12K Ratings', 'GET', '2d ago'],
  },
];

export const docsPages: RubricItem[] = [
  {
    id: 'docs-caching',
    kind: 'docs',
    heading: 'Caching strategies for REST APIs',
    language: 'eng',
    text: `DevDocs Guides API Blog Sign in

Getting started
Installation
Caching strategies
Rate limits
Webhooks
FAQ

Caching strategies for REST APIs
Updated March 3, 2025 - 6 min read
Caching reduces latency and load on your servers. The simplest approach is to set the Cache-
Control header so that browsers and CDNs can reuse responses for a fixed time.
• Use ETag headers so clients can revalidate cheaply.
• Never cache responses that contain personal data in a shared cache.
Cache-Control: public, max-age=3600
For data that changes often, prefer short lifetimes combined with stale-while-revalidate.
Edit this page
Next: Rate limits`,
    subject: ['Caching'],
    furniture: ['Edit this page', 'Next: Rate limits', 'Installation'],
  },
  {
    id: 'docs-flatmap',
    kind: 'docs',
    heading: 'Array.prototype.flatMap()',
    language: 'eng',
    text: `MDN Web Docs   References   Guides   Plus   Blog
Q Search MDN
References > JavaScript > Reference > Standard built-in objects > Array > flatMap()
Array.prototype.flatMap()
Baseline Widely available
The flatMap() method of Array instances returns a new array formed by applying a
given callback function to each element of the array, and then flattening the result
by one level. It is identical to a map() followed by a flat() of depth 1, but slightly
more efficient than calling those two methods separately.
Try it
const arr1 = [1, 2, 1];
const result = arr1.flatMap((num) => (num === 2 ? [2, 2] : 1));
console.log(result);
Syntax
flatMap(callbackFn)
flatMap(callbackFn, thisArg)
Return value
A new array with each element being the result of the callback function and
flattened by a depth of 1.`,
    subject: [['flatMap', 'Array.prototype.flatMap']],
    furniture: ['Baseline Widely available', 'Try it'],
  },
  {
    // No heading found (the breadcrumb bar has the same size as the title); the title is the page's first heading.
    id: 'docs-probes',
    kind: 'docs',
    language: 'eng',
    text: `Documentation   Blog   Training   Community
Home > Tasks > Configure Pods and Containers
Configure Liveness, Readiness and Startup Probes
This page shows how to configure liveness, readiness and startup probes for
containers.
The kubelet uses liveness probes to know when to restart a container. For
example, liveness probes could catch a deadlock, where an application is
running but unable to make progress.
The kubelet uses readiness probes to know when a container is ready to start
accepting traffic. A Pod is considered ready when all of its containers are
ready.
The kubelet uses startup probes to know when a container application has
started. If such a probe is configured, liveness and readiness probes do not
start until it succeeds.
Feedback
Was this page helpful?
Yes   No
Last modified August 19, 2024 at 4:12 PM PST`,
    subject: ['Probes'],
    furniture: ['Was this page helpful', 'Last modified'],
  },
];
