/** Chats (light and dark, team and phone apps) and social posts, as OCR reads their screenshots. */
import type { RubricItem } from '../types.js';

export const chatsLight: RubricItem[] = [
  {
    id: 'chat-light-design-review',
    kind: 'chat-light',
    language: 'eng',
    text: `# design-review
Members 8
Q Search
Jordan Lee 9:14 AM
Pushed the new onboarding mockups to Figma, can you take a look before standup?
Sam Patel 9:20 AM
Looks great. The progress bar on step 3 overlaps the button on small phones though
Jordan Lee 9:22 AM
Good catch, I'll move it above the form
Sam Patel 9:23 AM
Also the copy on the last screen of the onboarding still says "beta"
Jordan Lee 9:31 AM
Fixed both. Updated link is in the thread
Message #design-review`,
    subject: ['Chat with', 'Jordan', 'onboarding'],
    furniture: ['Members 8', 'Message #design-review'],
  },
  {
    // A phone chat: one person's name in the header, bubbles without names.
    id: 'chat-light-hannah-cabin',
    kind: 'chat-light',
    language: 'eng',
    text: `9:41 .ull 令 92%
< 12
Hannah
iMessage
Today 8:02 AM
Did you book the cabin for the lake weekend?
Yes! Friday to Sunday, it sleeps six
Perfect. Should I bring the kayak?
Only if you can fit it on the roof rack
I'll borrow my dad's car then. What time do we leave for the cabin?
Let's aim for 4 pm so we miss the traffic
Delivered
iMessage`,
    subject: ['Chat with', 'Hannah', ['cabin', 'lake', 'weekend']],
    furniture: ['Delivered', 'iMessage', 'Today 8:02 AM'],
  },
  {
    // A group chat: names above the bubbles, times at their ends.
    id: 'chat-light-book-club',
    kind: 'chat-light',
    language: 'eng',
    text: `10:05 4G 71%
< Book Club
Ana, Ben, Chloe, You
Ana
Has everyone finished The Remains of the Day? 10:01
Ben
Almost, two chapters of the book left 10:02
Chloe
Finished last night. The ending with Miss Kenton wrecked me 10:03
Ana
Let's meet Thursday at 7 at the library café to talk about the book then 10:04
Ben
Works for me 10:04
Type a message`,
    subject: ['Chat', ['Book Club', 'Ana'], ['Remains of the Day', 'book', 'Thursday', 'library']],
    furniture: ['Ana, Ben, Chloe, You', 'Type a message'],
  },
];

export const chatsDark: RubricItem[] = [
  {
    // The dark chat: once titled "Chat with last seen at".
    id: 'chat-dark-marco-climbing',
    kind: 'chat-dark',
    language: 'eng',
    text: `18:07 .ull 4G 58%
< Marco Bellini
last seen today at 17:52
Are you still up for the climbing gym tonight? 17:40
Yes! Which one, Boulder Barn or the new place on Quay Street? 17:41 ✓✓
The new climbing gym. They have a beginner wall and the day pass is only 12 quid 17:43
Nice, I'll bring my own shoes this time 17:45 ✓✓
Meet at the entrance at 7? 17:46
See you there 17:47 ✓✓
O Message`,
    subject: ['Chat with', 'Marco', 'climbing'],
    furniture: ['last seen', 'O Message'],
  },
  {
    // Discord, dark: "Name Today at 4:12 PM" lines.
    id: 'chat-dark-robotics',
    kind: 'chat-dark',
    language: 'eng',
    text: `Riverside Robotics
# general
Kai Today at 4:12 PM
The servo for the left arm arrived, finally
Mira Today at 4:15 PM
Great, can you test the servo with the 6V battery pack before Saturday?
Kai Today at 4:16 PM
Will do. We also need more M3 screws for the arm bracket
Mira Today at 4:20 PM
I'll order a box tonight. Competition check-in is at 8 on Saturday
Message #general`,
    subject: ['Chat with', ['Kai', 'Mira'], ['servo', 'arm', 'robotics']],
    furniture: ['Message #general'],
  },
  {
    id: 'chat-dark-mum-dinner',
    kind: 'chat-dark',
    language: 'eng',
    text: `21:14 LTE 33%
< Mum
online
Are you and Tom coming for Sunday dinner? 20:58
Yes, we'll be there around 1. Can we bring anything? 21:02 ✓✓
A dessert would be lovely. Grandad is coming too 21:05
I'll make the apple crumble he likes 21:09 ✓✓
Perfect, he'll be thrilled. Dinner at 1:30 then 21:10
Type a message`,
    subject: ['Chat with', 'Mum', ['dinner', 'Sunday']],
    furniture: ['online', 'Type a message'],
  },
];

export const socialPosts: RubricItem[] = [
  {
    // The post: once titled by its author ("Priya Raman @").
    id: 'social-greenhouse-timer',
    kind: 'social',
    language: 'eng',
    text: `Home
Explore
Notifications
Messages
Priya Raman @priya_grows · 3h
Finally finished the watering timer for my greenhouse: an ESP32, a
soil sensor and a cheap solenoid valve. It waters for 4 minutes when the
soil drops below 30% and logs everything to a spreadsheet. Tomatoes have
never looked better
12:41 PM · Jun 3, 2025 · 18.4K Views
42 Reposts 9 Quotes 611 Likes 37 Bookmarks
Post your reply
Reply
Trends for you
#GardeningTips`,
    subject: ['greenhouse', ['watering', 'timer']],
    notInTitle: ['Priya', 'Raman'],
    furniture: ['Priya Raman', '@priya_grows', 'Post your reply', 'Trends for you', '#GardeningTips'],
  },
  {
    id: 'social-cloud-bill',
    kind: 'social',
    language: 'eng',
    text: `Q Search
Home
My Network
Jobs
Messaging
Tomasz Nowak • 2nd
Head of Data at Veltrix
2d • Edited
We cut our cloud bill by 38% in one quarter without touching a single
feature. Three things did most of the work:
1. Turning off idle staging environments at night
2. Moving cold logs to cheaper storage after 14 days
3. Right-sizing databases that were provisioned for launch-day traffic
The lesson: cost is an engineering metric, not a finance one.
1,204 · 87 comments · 23 reposts
Like   Comment   Repost   Send`,
    subject: ['cloud'],
    furniture: ['Tomasz Nowak', 'Head of Data at Veltrix', '2d • Edited'],
  },
  {
    // A forum post: its title is the largest line.
    id: 'social-sourdough-starter',
    kind: 'social',
    heading: 'Why does my starter smell like nail polish remover?',
    language: 'eng',
    text: `r/Sourdough • 5h
Posted by u/crumbshot
Why does my starter smell like nail polish remover?
It's about three weeks old and I feed the starter twice a day with equal parts
flour and water. It rises well, but since Tuesday it smells sharp, almost like
acetone. Is it dead, or just hungry?
▲ 214 ▼
63 Comments
Share
Save`,
    subject: ['starter'],
    furniture: ['Posted by', 'u/crumbshot', '63 Comments'],
  },
];
