/**
 * Conversations for chat screenshots. Each line is "<speaker>: <text>", speakers A, B, C; the generator fills in
 * names ({A}, {B}, {C}), a weekday ({day}), a place ({place}) and numbers ({n1}, {n2}, {n3}).
 */

export interface Script {
  channel: string;
  messages: { speaker: 'A' | 'B' | 'C'; text: string }[];
}

const script = (channel: string, text: string): Script => ({
  channel,
  messages: text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^([ABC]): (.+)$/.exec(l);
      if (!m) throw new Error(`bad chat line: ${l}`);
      return { speaker: m[1] as 'A' | 'B' | 'C', text: m[2]! };
    }),
});

export const SCRIPTS: Script[] = [
  script(
    'release-planning',
    `
    A: Morning! Quick check before standup: is the {day} release still on track?
    B: Mostly. The payments fix is merged, but the migration took {n1} minutes on staging.
    A: That's longer than I expected. Was it the index on the orders table?
    B: Yes, it rebuilds the whole thing. I can split it into two steps so the app stays up.
    C: If you do that, please add a note to the runbook. Last time nobody knew which step came first.
    B: Will do. I'll also post the timings from both runs in the ticket.
    A: Great. Can we still cut the release branch by 3 pm?
    C: I need about an hour to finish the changelog, so 3 pm works for me.
    B: Same here. I'll ping you both when the migration PR is ready for review.
    A: Thanks, this is much better than last month's scramble.
    `,
  ),
  script(
    'weekend-trip',
    `
    A: Okay, the cabin near {place} is booked for Friday and Saturday night!
    B: Yes!! How much do we each owe you?
    A: It came to {n2} dollars total, so about {n3} each with cleaning.
    C: I can drive. My car fits four people and the cooler if we pack light.
    B: I'll bring the board games and stuff for breakfast.
    A: Someone should check the weather, the forecast said rain on Saturday morning.
    C: Just looked, it's supposed to clear up by noon. We could hike in the afternoon.
    B: Perfect. There's a trail to the lake that's about 6 miles round trip.
    A: Let's leave at 5:30 on Friday to beat the traffic.
    C: Sounds good, I'll pick everyone up in that order: {B} first, then {A}.
    `,
  ),
  script(
    'design-review',
    `
    A: I uploaded the new onboarding screens to the shared folder.
    B: Looking now. The first screen is so much cleaner than before.
    C: Agreed. Could the progress dots be a bit larger? They're hard to see on small phones.
    A: Good point, I'll bump them from 6 to 8 pixels.
    B: On step three, the button says Continue but the screen title says Next step. Should they match?
    A: Yes, let's use Continue everywhere.
    C: One more thing: the illustration on the last screen pushes the text below the fold on older devices.
    A: I'll make a compact version for screens shorter than {n1}0 points.
    B: Can we test it with a few people from support before {day}?
    A: Sure, I'll set up three short sessions and share the notes afterwards.
    `,
  ),
  script(
    'apartment',
    `
    A: The landlord finally answered about the heating.
    B: And? It's been cold for almost two weeks.
    A: A technician is coming on {day} between 9 and 12.
    B: I have a meeting at 10, can you be home for it?
    A: I can work from home that morning, no problem.
    B: Thank you! Also, did he say anything about the rent for next year?
    A: He wants to raise it by {n1} percent. I think we should ask for a smaller increase.
    B: Definitely. The building next door is cheaper and has a laundry room.
    A: I'll write to him tonight and mention the heating problem too.
    B: Good idea. Let me know if you want me to read the email before you send it.
    `,
  ),
  script(
    'book-club',
    `
    A: Reminder: book club is at my place on {day} at 7!
    B: I'm only halfway through the novel, is that okay?
    C: Same, the middle part is slow. It gets better after chapter 14 though.
    A: Totally fine, we'll try not to spoil the ending.
    B: Should I bring something? I can make the lemon cake again.
    A: Yes please, everyone loved it last time.
    C: I'll bring a salad and something to drink.
    A: For next month, I was thinking about a short story collection. Any ideas?
    B: I just read one by a writer from {place}, only {n1}0 pages and really good.
    C: Let's vote on {day}, bring two suggestions each.
    `,
  ),
  script(
    'support-escalation',
    `
    A: Customer #{n2} says their invoices stopped syncing since yesterday.
    B: Which plan are they on?
    A: Business annual, 40 seats. They're pretty upset because their audit starts {day}.
    C: I see a spike of timeout errors from the accounting connector since 11:40 last night.
    B: Could it be the rate limit change we deployed?
    C: Very likely. Their account makes about {n3} requests per minute during the nightly sync.
    B: Let's raise their limit for now and look at batching the requests properly.
    A: Should I tell them it will be fixed today?
    C: Tell them we found the cause and will confirm within two hours.
    A: Sending that now. Thanks for jumping on this so fast.
    `,
  ),
];

export const PLACES = ['Hood River', 'Lake Tahoe', 'Asheville', 'the Catskills', 'Big Sur', 'Moab', 'Bar Harbor'];
